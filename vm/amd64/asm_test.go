package amd64

import (
	"strings"
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// TestEncodings decodes each assembled instruction with x/arch's
// disassembler and compares its Intel syntax, over registers that need a
// REX, SIB bases (RSP, R12), disp-forced bases (RBP, R13) and
// displacement sizes.
func TestEncodings(t *testing.T) {
	tests := []struct {
		emit func(a *Asm)
		want string
	}{
		{func(a *Asm) { a.MovRR32(RAX, RBX) }, "mov eax, ebx"},
		{func(a *Asm) { a.MovRR32(R9, RDI) }, "mov r9d, edi"},
		{func(a *Asm) { a.MovRR64(R13, R8) }, "mov r13, r8"},
		{func(a *Asm) { a.MovRI32(R11, 0xdeadbeef) }, "mov r11d, -0x21524111"},
		{func(a *Asm) { a.MovRI64(RCX, 0x123456789a) }, "mov rcx, 0x123456789a"},
		{func(a *Asm) { a.MovRI64(RCX, 0xffffffffffffff80) }, "mov rcx, -0x80"},
		{func(a *Asm) { a.MovRM32(RAX, M(RDI, 8)) }, "mov eax, dword ptr [rdi+0x8]"},
		{func(a *Asm) { a.MovRM32(RAX, M(RSP, 0)) }, "mov eax, dword ptr [rsp]"},
		{func(a *Asm) { a.MovRM32(RAX, M(R12, 4)) }, "mov eax, dword ptr [r12+0x4]"},
		{func(a *Asm) { a.MovRM32(RAX, M(RBP, 0)) }, "mov eax, dword ptr [rbp]"},
		{func(a *Asm) { a.MovRM32(R10, M(R13, 0)) }, "mov r10d, dword ptr [r13]"},
		{func(a *Asm) { a.MovRM32(RDX, M(RSI, 0x1000)) }, "mov edx, dword ptr [rsi+0x1000]"},
		{func(a *Asm) { a.MovRM32(RDX, M(RSI, -4)) }, "mov edx, dword ptr [rsi-0x4]"},
		{func(a *Asm) { a.MovRM32(RDX, MX(RSI, R9, 4, 0x10)) }, "mov edx, dword ptr [rsi+4*r9+0x10]"},
		{func(a *Asm) { a.MovRM32(RDX, MX(R13, RCX, 1, 0)) }, "mov edx, dword ptr [r13+rcx]"},
		{func(a *Asm) { a.MovRM64(R8, MX(RAX, RBX, 8, 0x200)) }, "mov r8, qword ptr [rax+8*rbx+0x200]"},
		{func(a *Asm) { a.MovMR32(M(RDI, 124), R12) }, "mov dword ptr [rdi+0x7c], r12d"},
		{func(a *Asm) { a.MovMR64(M(RDI, 128), RAX) }, "mov qword ptr [rdi+0x80], rax"},
		{func(a *Asm) { a.MovMR16(MX(RAX, RDX, 1, 0), RCX) }, "mov word ptr [rax+rdx], cx"},
		{func(a *Asm) { a.MovMR16(M(R8, 2), R9) }, "mov word ptr [r8+0x2], r9w"},
		{func(a *Asm) { a.MovMR8(M(RAX, 0), RSI) }, "mov byte ptr [rax], sil"},
		{func(a *Asm) { a.MovMR8(M(RAX, 0), RBX) }, "mov byte ptr [rax], bl"},
		{func(a *Asm) { a.MovMR8(M(RAX, 0), R10) }, "mov byte ptr [rax], r10b"},
		{func(a *Asm) { a.MovMI32(M(RDI, 4), 7) }, "mov dword ptr [rdi+0x4], 0x7"},
		{func(a *Asm) { a.MovMI64(M(RDI, 4), -1) }, "mov qword ptr [rdi+0x4], -0x1"},
		{func(a *Asm) { a.MovMI8(MX(RAX, RCX, 1, 0x40), 1) }, "mov byte ptr [rax+rcx+0x40], 0x1"},
		{func(a *Asm) { a.MovzxRM8(RAX, M(RDX, 3)) }, "movzx eax, byte ptr [rdx+0x3]"},
		{func(a *Asm) { a.MovsxRM8(R9, M(RDX, 3)) }, "movsx r9d, byte ptr [rdx+0x3]"},
		{func(a *Asm) { a.MovzxRM16(RAX, M(R11, 0)) }, "movzx eax, word ptr [r11]"},
		{func(a *Asm) { a.MovsxRM16(RAX, M(R11, 0)) }, "movsx eax, word ptr [r11]"},
		{func(a *Asm) { a.MovzxRR8(RAX, RSI) }, "movzx eax, sil"},
		{func(a *Asm) { a.MovsxRR8(R8, RCX) }, "movsx r8d, cl"},
		{func(a *Asm) { a.MovzxRR16(RAX, R12) }, "movzx eax, r12w"},
		{func(a *Asm) { a.MovsxRR16(RBX, RDX) }, "movsx ebx, dx"},
		{func(a *Asm) { a.MovsxdRR(RAX, RCX) }, "movsxd rax, ecx"},
		{func(a *Asm) { a.Lea32(RAX, MX(RCX, RDX, 2, 5)) }, "lea eax, ptr [rcx+2*rdx+0x5]"},
		{func(a *Asm) { a.Lea64(R12, M(RSP, -8)) }, "lea r12, ptr [rsp-0x8]"},
		{func(a *Asm) { a.ALURR32(ADD, RAX, R9) }, "add eax, r9d"},
		{func(a *Asm) { a.ALURR32(SUB, R10, RCX) }, "sub r10d, ecx"},
		{func(a *Asm) { a.ALURR64(XOR, RDX, RDX) }, "xor rdx, rdx"},
		{func(a *Asm) { a.ALURI32(CMP, RAX, 5) }, "cmp eax, 0x5"},
		{func(a *Asm) { a.ALURI32(AND, RBX, 0x1000) }, "and ebx, 0x1000"},
		{func(a *Asm) { a.ALURI64(SUB, R8, -1) }, "sub r8, -0x1"},
		{func(a *Asm) { a.ALURM32(OR, RCX, M(RDI, 12)) }, "or ecx, dword ptr [rdi+0xc]"},
		{func(a *Asm) { a.ALURM64(CMP, RCX, M(RDI, 12)) }, "cmp rcx, qword ptr [rdi+0xc]"},
		{func(a *Asm) { a.ALUMR32(ADC, M(RDI, 12), RDX) }, "adc dword ptr [rdi+0xc], edx"},
		{func(a *Asm) { a.ALUMR64(SBB, M(RDI, 12), RDX) }, "sbb qword ptr [rdi+0xc], rdx"},
		{func(a *Asm) { a.ALUMI32(SUB, M(RDI, 16), 300) }, "sub dword ptr [rdi+0x10], 0x12c"},
		{func(a *Asm) { a.ALUMI64(CMP, M(RDI, 16), 3) }, "cmp qword ptr [rdi+0x10], 0x3"},
		{func(a *Asm) { a.ALUMI8(OR, M(RAX, 1), 0x80) }, "or byte ptr [rax+0x1], 0x80"},
		{func(a *Asm) { a.ALURR8(AND, RSI, RDI) }, "and sil, dil"},
		{func(a *Asm) { a.TestRR32(RAX, RAX) }, "test eax, eax"},
		{func(a *Asm) { a.TestRR64(R8, R9) }, "test r8, r9"},
		{func(a *Asm) { a.TestRI32(RCX, 3) }, "test ecx, 0x3"},
		{func(a *Asm) { a.TestMI8(M(RDI, 2), 1) }, "test byte ptr [rdi+0x2], 0x1"},
		{func(a *Asm) { a.TestMI32(M(RDI, 2), 0x100) }, "test dword ptr [rdi+0x2], 0x100"},
		{func(a *Asm) { a.ShiftRI32(SHL, RAX, 3) }, "shl eax, 0x3"},
		{func(a *Asm) { a.ShiftRI32(SAR, R9, 31) }, "sar r9d, 0x1f"},
		{func(a *Asm) { a.ShiftRI32(ROR, RDX, 8) }, "ror edx, 0x8"},
		{func(a *Asm) { a.ShiftRI64(SHR, RAX, 32) }, "shr rax, 0x20"},
		{func(a *Asm) { a.ShiftRCL32(SHR, RBX) }, "shr ebx, cl"},
		{func(a *Asm) { a.ShiftRCL64(ROL, R11) }, "rol r11, cl"},
		{func(a *Asm) { a.ImulRR32(RAX, R10) }, "imul eax, r10d"},
		{func(a *Asm) { a.ImulRR64(RAX, RCX) }, "imul rax, rcx"},
		{func(a *Asm) { a.ImulRRI32(RAX, RCX, 10) }, "imul eax, ecx, 0xa"},
		{func(a *Asm) { a.ImulRRI32(RAX, RCX, 1000) }, "imul eax, ecx, 0x3e8"},
		{func(a *Asm) { a.MulR32(RCX) }, "mul ecx"},
		{func(a *Asm) { a.ImulR32(R9) }, "imul r9d"},
		{func(a *Asm) { a.DivR32(RBX) }, "div ebx"},
		{func(a *Asm) { a.IdivR32(RBX) }, "idiv ebx"},
		{func(a *Asm) { a.Cdq() }, "cdq"},
		{func(a *Asm) { a.NegR32(R8) }, "neg r8d"},
		{func(a *Asm) { a.NotR32(RAX) }, "not eax"},
		{func(a *Asm) { a.BsrRR32(RAX, RCX) }, "bsr eax, ecx"},
		{func(a *Asm) { a.Bswap32(R9) }, "bswap r9d"},
		{func(a *Asm) { a.BtRI32(RAX, 5) }, "bt eax, 0x5"},
		{func(a *Asm) { a.BtRR32(RDX, RCX) }, "bt edx, ecx"},
		{func(a *Asm) { a.Setcc(CE, RAX) }, "setz al"},
		{func(a *Asm) { a.Setcc(CB, RSI) }, "setb sil"},
		{func(a *Asm) { a.Setcc(CG, R9) }, "setnle r9b"},
		{func(a *Asm) { a.SetccM(CO, M(RDI, 3)) }, "seto byte ptr [rdi+0x3]"},
		{func(a *Asm) { a.Cmov32(CNE, RAX, RBX) }, "cmovnz eax, ebx"},
		{func(a *Asm) { a.Cmov64(CL, R8, RBX) }, "cmovl r8, rbx"},
		{func(a *Asm) { a.JmpR(RAX) }, "jmp rax"},
		{func(a *Asm) { a.JmpR(R11) }, "jmp r11"},
		{func(a *Asm) { a.JmpM(M(RAX, 0x28)) }, "jmp qword ptr [rax+0x28]"},
		{func(a *Asm) { a.Ret() }, "ret"},
		{func(a *Asm) { a.Ud2() }, "ud2"},
		{func(a *Asm) { a.Clc() }, "clc"},
		{func(a *Asm) { a.Stc() }, "stc"},
		{func(a *Asm) { a.Cmc() }, "cmc"},
	}
	for _, tt := range tests {
		var a Asm
		tt.emit(&a)
		code, err := a.Finish()
		if err != nil {
			t.Errorf("%s: %v", tt.want, err)
			continue
		}
		inst, err := x86asm.Decode(code, 64)
		if err != nil {
			t.Errorf("%s: % x does not decode: %v", tt.want, code, err)
			continue
		}
		if inst.Len != len(code) {
			t.Errorf("%s: % x decodes %d of %d bytes", tt.want, code, inst.Len, len(code))
		}
		if got := x86asm.IntelSyntax(inst, 0, nil); got != tt.want {
			t.Errorf("% x = %q, want %q", code, got, tt.want)
		}
	}
}

// TestLabels checks forward and backward jumps land on their labels.
func TestLabels(t *testing.T) {
	var a Asm
	top, end := a.NewLabel(), a.NewLabel()
	a.Bind(top)
	a.Jcc(CE, end)
	a.Jmp(top)
	a.Bind(end)
	a.Ret()
	code, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for pc := 0; pc < len(code); {
		inst, err := x86asm.Decode(code[pc:], 64)
		if err != nil {
			t.Fatalf("offset %d: %v", pc, err)
		}
		got = append(got, x86asm.IntelSyntax(inst, uint64(pc), nil))
		pc += inst.Len
	}
	if s := strings.Join(got, "; "); s != "jz .+0x5; jmp 0x0; ret" {
		t.Errorf("got %q", s)
	}
	var b Asm
	b.Jmp(b.NewLabel())
	if _, err := b.Finish(); err == nil {
		t.Error("an unbound label assembled")
	}
	var c Asm
	c.MovRM32(RAX, MX(RAX, RSP, 2, 0))
	if _, err := c.Finish(); err == nil {
		t.Error("RSP as an index assembled")
	}
}

// TestMemoryOperands assembles a load through every base, index, scale
// and displacement size, and checks the decoder finds the same operand.
func TestMemoryOperands(t *testing.T) {
	for base := RAX; base <= R15; base++ {
		for index := RAX; index <= R15; index++ {
			for _, scale := range []uint8{0, 1, 2, 4, 8} {
				if scale != 0 && index == RSP || scale == 0 && index != RAX {
					continue
				}
				for _, disp := range []int32{0, 1, -128, 128, -0x10000} {
					var a Asm
					a.MovRM64(R9, MX(base, index, scale, disp))
					code, err := a.Finish()
					if err != nil {
						t.Fatal(err)
					}
					inst, err := x86asm.Decode(code, 64)
					if err != nil {
						t.Fatalf("% x: %v", code, err)
					}
					m, ok := inst.Args[1].(x86asm.Mem)
					if !ok || inst.Len != len(code) || inst.Args[0] != x86asm.R9 {
						t.Fatalf("% x decodes as %v", code, inst)
					}
					wantIndex := x86asm.Reg(0)
					if scale != 0 {
						wantIndex = x86asm.RAX + x86asm.Reg(index)
					}
					if m.Base != x86asm.RAX+x86asm.Reg(base) || m.Index != wantIndex || int32(m.Disp) != disp ||
						scale != 0 && m.Scale != scale {
						t.Errorf("[%d+%d*%d+%d] encodes as %v (% x)", base, index, scale, disp, m, code)
					}
				}
			}
		}
	}
}
