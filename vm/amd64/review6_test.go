package amd64

import (
	"testing"

	"golang.org/x/arch/x86/x86asm"
)

// review6Reg is x86asm's name of register r at size sz bytes (byte
// registers 4-7 are SPL-DIL: every emitter here writes a REX for them).
func review6Reg(r Reg, sz int) x86asm.Reg {
	switch sz {
	case 1:
		switch {
		case r < 4:
			return x86asm.AL + x86asm.Reg(r)
		case r < 8:
			return x86asm.SPB + x86asm.Reg(r-4)
		}
		return x86asm.R8B + x86asm.Reg(r-8)
	case 2:
		return x86asm.AX + x86asm.Reg(r)
	case 4:
		return x86asm.EAX + x86asm.Reg(r)
	}
	return x86asm.RAX + x86asm.Reg(r)
}

// review6Arg is a decoded operand with a memory operand's scale cleared
// when it has no index (x/arch reports 1 for a SIB byte without one).
func review6Arg(a x86asm.Arg) x86asm.Arg {
	if m, ok := a.(x86asm.Mem); ok && m.Index == 0 {
		m.Scale = 0
		return m
	}
	return a
}

// TestReview6RegisterOperands assembles each register-operand form the
// block compilers use with every pair of registers (RBP, R13, RSI, RDI,
// R12 and R14/R15 too, now that generated code may use them) and checks
// that x/arch decodes the registers asked for, byte registers included.
func TestReview6RegisterOperands(t *testing.T) {
	two := []struct {
		name    string
		emit    func(a *Asm, d, s Reg)
		dsz, ss int
	}{
		{"mov32", func(a *Asm, d, s Reg) { a.MovRR32(d, s) }, 4, 4},
		{"mov64", func(a *Asm, d, s Reg) { a.MovRR64(d, s) }, 8, 8},
		{"add32", func(a *Asm, d, s Reg) { a.ALURR32(ADD, d, s) }, 4, 4},
		{"or64", func(a *Asm, d, s Reg) { a.ALURR64(OR, d, s) }, 8, 8},
		{"and8", func(a *Asm, d, s Reg) { a.ALURR8(AND, d, s) }, 1, 1},
		{"movzx8", func(a *Asm, d, s Reg) { a.MovzxRR8(d, s) }, 4, 1},
		{"movsx8", func(a *Asm, d, s Reg) { a.MovsxRR8(d, s) }, 4, 1},
		{"movzx16", func(a *Asm, d, s Reg) { a.MovzxRR16(d, s) }, 4, 2},
		{"movsx16", func(a *Asm, d, s Reg) { a.MovsxRR16(d, s) }, 4, 2},
		{"imul", func(a *Asm, d, s Reg) { a.ImulRR32(d, s) }, 4, 4},
		{"cmov", func(a *Asm, d, s Reg) { a.Cmov32(CE, d, s) }, 4, 4},
		{"bsr", func(a *Asm, d, s Reg) { a.BsrRR32(d, s) }, 4, 4},
		{"test", func(a *Asm, d, s Reg) { a.TestRR32(d, s) }, 4, 4},
		{"movmr8", func(a *Asm, d, s Reg) { a.MovMR8(MX(d, RCX, 1, 0), s) }, 0, 1},
		{"movmr16", func(a *Asm, d, s Reg) { a.MovMR16(MX(d, RCX, 1, 0), s) }, 0, 2},
		{"movmr32", func(a *Asm, d, s Reg) { a.MovMR32(MX(d, RCX, 1, 0), s) }, 0, 4},
		{"lea", func(a *Asm, d, s Reg) { a.Lea32(d, M(s, 0)) }, 4, -1},
	}
	for _, f := range two {
		for d := RAX; d <= R15; d++ {
			for s := RAX; s <= R15; s++ {
				if f.dsz == 0 && d == RSP {
					continue
				}
				var a Asm
				f.emit(&a, d, s)
				code, err := a.Finish()
				if err != nil {
					t.Fatal(err)
				}
				inst, err := x86asm.Decode(code, 64)
				if err != nil || inst.Len != len(code) {
					t.Fatalf("%s %d, %d: % x: %v %v", f.name, d, s, code, inst, err)
				}
				var want0, want1 x86asm.Arg
				switch {
				case f.dsz == 0:
					want0, want1 = x86asm.Mem{Base: review6Reg(d, 8), Index: x86asm.RCX, Scale: 1}, review6Reg(s, f.ss)
				case f.ss < 0:
					want0, want1 = review6Reg(d, f.dsz), x86asm.Mem{Base: review6Reg(s, 8)}
				default:
					want0, want1 = review6Reg(d, f.dsz), review6Reg(s, f.ss)
				}
				if review6Arg(inst.Args[0]) != want0 || review6Arg(inst.Args[1]) != want1 {
					t.Errorf("%s %d, %d: % x decodes as %v", f.name, d, s, code, inst)
				}
			}
		}
	}
	one := []struct {
		name string
		emit func(a *Asm, r Reg)
		sz   int
	}{
		{"setcc", func(a *Asm, r Reg) { a.Setcc(CNE, r) }, 1},
		{"shl", func(a *Asm, r Reg) { a.ShiftRI32(SHL, r, 3) }, 4},
		{"sub64", func(a *Asm, r Reg) { a.ALURI64(SUB, r, 9) }, 8},
		{"cmp", func(a *Asm, r Reg) { a.ALURI32(CMP, r, 0x1000) }, 4},
		{"neg", func(a *Asm, r Reg) { a.NegR32(r) }, 4},
		{"mul", func(a *Asm, r Reg) { a.MulR32(r) }, 4},
		{"bswap", func(a *Asm, r Reg) { a.Bswap32(r) }, 4},
		{"movri", func(a *Asm, r Reg) { a.MovRI32(r, 7) }, 4},
		{"testri", func(a *Asm, r Reg) { a.TestRI32(r, 3) }, 4},
	}
	for _, f := range one {
		for r := RAX; r <= R15; r++ {
			var a Asm
			f.emit(&a, r)
			code, err := a.Finish()
			if err != nil {
				t.Fatal(err)
			}
			inst, err := x86asm.Decode(code, 64)
			if err != nil || inst.Len != len(code) {
				t.Fatalf("%s %d: % x: %v %v", f.name, r, code, inst, err)
			}
			if inst.Args[0] != review6Reg(r, f.sz) {
				t.Errorf("%s %d: % x decodes as %v", f.name, r, code, inst)
			}
		}
	}
}
