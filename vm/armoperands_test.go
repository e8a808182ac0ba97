package vm

import (
	"fmt"
	"strings"
	"testing"
)

// flowString spells a Flow compactly for the table below.
func flowString(f Flow) string {
	name := func(r int) string {
		if r >= FlowS0 {
			return fmt.Sprintf("s%d", r-FlowS0)
		}
		return fmt.Sprintf("r%d", r)
	}
	ref := func(m MemRef) string {
		var b strings.Builder
		if m.Base >= 0 {
			b.WriteString(name(m.Base))
		}
		if m.Index >= 0 {
			fmt.Fprintf(&b, "+%s<<%d", name(m.Index), m.Shift)
		}
		if m.Off != 0 || m.Base < 0 {
			fmt.Fprintf(&b, "%+#x", m.Off)
		}
		return fmt.Sprintf("[%s]%d", b.String(), m.Size)
	}
	var parts []string
	for _, w := range f.Regs {
		s := name(w.Reg) + "="
		switch w.Class {
		case DataConst:
			s += "const"
		case DataALU:
			var src []string
			for _, r := range w.Src {
				src = append(src, name(r))
			}
			s += "alu(" + strings.Join(src, ",") + ")"
		case DataLoad:
			s += "load" + ref(w.Mem)
		case DataCSR:
			s += fmt.Sprintf("sys%#x", w.Sys)
		case DataStore:
			s += "status"
		}
		parts = append(parts, s)
	}
	for _, st := range f.Stores {
		var src []string
		for _, r := range st.Src {
			src = append(src, name(r))
		}
		parts = append(parts, ref(st.Mem)+"="+strings.Join(src, ","))
	}
	if f.Wback >= 0 {
		parts = append(parts, fmt.Sprintf("wb %s%+d", name(f.Wback), f.WbDelta))
	}
	if f.SysDst >= 0 {
		parts = append(parts, fmt.Sprintf("sys%#x=%s", f.SysDst, name(f.SysSrc)))
	}
	if f.Return {
		if f.ReturnReg >= 0 {
			parts = append(parts, "ret "+name(f.ReturnReg))
		} else {
			parts = append(parts, "ret "+ref(f.ReturnMem))
		}
	}
	return fmt.Sprintf("%d: %s", f.Len, strings.Join(parts, " "))
}

// TestThumbFlow classifies instructions assembled by arm-none-eabi-as
// (-mcpu=cortex-m4 -mfpu=fpv4-sp-d16; the words are objdump's).
func TestThumbFlow(t *testing.T) {
	for _, tc := range []struct {
		text     string
		hw1, hw2 uint16
		pc       uint32
		want     string
	}{
		{"movs r0, #5", 0x2005, 0, 0, "2: r0=const"},
		{"mov r1, r0", 0x4601, 0, 0, "2: r1=alu(r0)"},
		{"adds r2, r1, r0", 0x180a, 0, 0, "2: r2=alu(r1,r0)"},
		{"add r3, sp, #8", 0xab02, 0, 0, "2: r3=alu(r13)"},
		{"ldr r4, [r0, #4]", 0x6844, 0, 0, "2: r4=load[r0+0x4]4"},
		{"ldr r5, [r1, r2]", 0x588d, 0, 0, "2: r5=load[r1+r2<<0]4"},
		{"ldr r6, [pc, #96]", 0x4e18, 0, 0xc, "2: r6=load[+0x70]4"},
		{"ldr.w r7, [r0], #8", 0xf850, 0x7b08, 0, "4: r7=load[r0]4 r0=alu(r0) wb r0+8"},
		{"ldr.w r7, [r0, #-4]!", 0xf850, 0x7d04, 0, "4: r7=load[r0-0x4]4 r0=alu(r0) wb r0-4"},
		{"str r1, [sp, #4]", 0x9101, 0, 0, "2: [r13+0x4]4=r1"},
		{"push {r4, r7, lr}", 0xb590, 0, 0, "2: r13=alu(r13) [r13-0xc]4=r4 [r13-0x8]4=r7 [r13-0x4]4=r14 wb r13-12"},
		{"pop {r4, r7, pc}", 0xbd90, 0, 0, "2: r4=load[r13]4 r7=load[r13+0x4]4 r13=alu(r13) wb r13+12 ret [r13+0x8]4"},
		{"ldrd r0, r1, [r2, #8]", 0xe9d2, 0x0102, 0, "4: r0=load[r2+0x8]4 r1=load[r2+0xc]4"},
		{"strd r0, r1, [sp, #-8]!", 0xe96d, 0x0102, 0, "4: r13=alu(r13) [r13-0x8]4=r0 [r13-0x4]4=r1 wb r13-8"},
		{"movw r0, #0x1234", 0xf241, 0x2034, 0, "4: r0=const"},
		{"movt r0, #0x5678", 0xf2c5, 0x6078, 0, "4: r0=alu(r0)"},
		{"bl f", 0xf7ff, 0xffe8, 0x2c, "4: r14=const"},
		{"bx lr", 0x4770, 0, 0, "2: ret r14"},
		{"mrs r0, psp", 0xf3ef, 0x8009, 0, "4: r0=sys0x9"},
		{"msr psp, r0", 0xf380, 0x8809, 0, "4: sys0x9=r0"},
		{"umull r0, r1, r2, r3", 0xfba2, 0x0103, 0, "4: r0=alu(r2,r3) r1=alu(r2,r3)"},
		{"vldr s0, [r0, #4]", 0xed90, 0x0a01, 0, "4: s0=load[r0+0x4]4"},
		{"vstr s1, [sp]", 0xedcd, 0x0a00, 0, "4: [r13]4=s1"},
		{"vmov r0, s2", 0xee11, 0x0a10, 0, "4: r0=alu(s2)"},
		{"vmov s3, r1", 0xee01, 0x1a90, 0, "4: s3=alu(r1)"},
		{"vadd.f32 s4, s5, s6", 0xee32, 0x2a83, 0, "4: s4=alu(s5,s6)"},
		{"vpush {s16-s17}", 0xed2d, 0x8a02, 0, "4: r13=alu(r13) [r13-0x8]4=s16 [r13-0x4]4=s17 wb r13-8"},
		{"vpop {s16-s17}", 0xecbd, 0x8a02, 0, "4: s16=load[r13]4 s17=load[r13+0x4]4 r13=alu(r13) wb r13+8"},
		{"ldmia r0!, {r4-r7}", 0xc8f0, 0, 0, "2: r4=load[r0]4 r5=load[r0+0x4]4 r6=load[r0+0x8]4 r7=load[r0+0xc]4 r0=alu(r0) wb r0+16"},
		{"ldr.w pc, [sp], #4", 0xf85d, 0xfb04, 0, "4: r13=alu(r13) wb r13+4 ret [r13]4"},
		{"moveq r0, #1", 0x2001, 0, 0, "2: r0=const"},
		{"strex r2, r1, [r0]", 0xe840, 0x1200, 0, "4: r2=status [r0]4=r1"},
		{"smlabb r0, r1, r2, r3", 0xfb11, 0x3002, 0, "4: r0=alu(r1,r2,r3)"},
		{"uxtb r0, r1", 0xb2c8, 0, 0, "2: r0=alu(r1)"},
		{"cmp r0, #1", 0x2801, 0, 0, "2: "},
		// FPv5-D16 (Cortex-M7, objdump of testdata/arm-m7/fp64.elf): a
		// double dN is the singles s2N and s2N+1.
		{"vadd.f64 d0, d0, d7", 0xee30, 0x0b07, 0, "4: s0=alu(s0,s1,s14,s15) s1=alu(s0,s1,s14,s15)"},
		{"vmov.f64 d0, #5.0", 0xeeb1, 0x0b04, 0, "4: s0=const s1=const"},
		{"vcvtb.f64.f16 d2, s2", 0xeeb2, 0x2b41, 0, "4: s4=alu(s2) s5=alu(s2)"},
		{"vcvt.f64.f32 d2, s2", 0xeeb7, 0x2ac1, 0, "4: s4=alu(s2) s5=alu(s2)"},
		{"vcvt.f64.u32 d2, s2", 0xeeb8, 0x2b41, 0, "4: s4=alu(s2) s5=alu(s2)"},
		{"vcvtt.f16.f64 s5, d1", 0xeef3, 0x2bc1, 0, "4: s5=alu(s2,s3,s5)"},
		{"vsqrt.f64 d2, d1", 0xeeb1, 0x2bc1, 0, "4: s4=alu(s2,s3) s5=alu(s2,s3)"},
		{"vrinta.f64 d2, d1", 0xfeb8, 0x2b41, 0, "4: s4=alu(s2,s3) s5=alu(s2,s3)"},
		{"vminnm.f64 d2, d0, d1", 0xfe80, 0x2b41, 0, "4: s4=alu(s0,s1,s2,s3) s5=alu(s0,s1,s2,s3)"},
		{"vcvta.u32.f32 s2, s1", 0xfebc, 0x1a60, 0, "4: s2=alu(s1)"},
		{"vselge.f32 s2, s0, s1", 0xfe20, 0x1a20, 0, "4: s2=alu(s0,s1)"},
	} {
		if got := flowString(ThumbFlow(tc.hw1, tc.hw2, tc.pc)); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestARMConditionPasses reads the IT state from the xPSR.
func TestARMConditionPasses(t *testing.T) {
	const z = 1 << 30
	itEQ := uint32(0x08>>2) << 10 // IT EQ, one instruction: ITSTATE 0b0000_1000 (bits 7:2 at 15:10)
	for _, tc := range []struct {
		xpsr uint32
		want bool
	}{{0, true}, {itEQ, false}, {itEQ | z, true}, {0x18>>2<<10 | z, false}} {
		if got := ARMConditionPasses(tc.xpsr); got != tc.want {
			t.Errorf("xpsr %#x: %v, want %v", tc.xpsr, got, tc.want)
		}
	}
}
