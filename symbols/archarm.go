package symbols

import (
	"debug/elf"
	"fmt"
)

// ARM DWARF register numbers (AAPCS DWARF for the Arm architecture).
const (
	ARMRegSP = 13
	ARMRegLR = 14
	ARMRegPC = 15
	// ARMRegS0 is s0; s0–s31 are 64–95.
	ARMRegS0 = 64
	// ARMRegD0 is d0; d0–d31 are 256–287 (each two s registers on M4).
	ARMRegD0 = 256
)

// ARMv7M describes Thumb code for Cortex-M (ARMv7-M and ARMv7E-M with or
// without an FPv4/FPv5 FPU): r0–r15 with gdb's names sp, lr and pc, VFP
// s0–s31 as DWARF 64–95; AAPCS preserves r4–r11 and s16–s31; code
// addresses carry the Thumb bit; exception entry is unwound through the
// hardware-stacked frame.
func ARMv7M() *Arch {
	a := &Arch{name: "armv7-m", machine: elf.EM_ARM, sp: ARMRegSP, ra: ARMRegLR,
		pc: ARMRegPC, zero: -1, saved: armCalleeSaved, numbered: numberedNames{"r", 16},
		aliases:    map[string]int{"fp": 7, "ip": 12},
		codeAddr:   armCodeAddr,
		prologue:   thumbPrologue{},
		exceptions: cortexMExceptions{},
		isa:        thumbISA{}, unspecifiedSame: true, wide: armDouble}
	for i := 0; i < 13; i++ {
		a.regs = append(a.regs, archReg{i, fmt.Sprintf("r%d", i)})
	}
	a.regs = append(a.regs, archReg{ARMRegSP, "sp"}, archReg{ARMRegLR, "lr"}, archReg{ARMRegPC, "pc"})
	for i := 0; i < 32; i++ {
		a.regs = append(a.regs, archReg{ARMRegS0 + i, fmt.Sprintf("s%d", i)})
	}
	return a
}

// armCalleeSaved: AAPCS preserves r4–r11, sp and s16–s31.
func armCalleeSaved(n int) bool {
	return n >= 4 && n <= 11 || n == ARMRegSP || n >= ARMRegS0+16 && n < ARMRegS0+32
}

// armCodeAddr clears the Thumb bit, except in EXC_RETURN values.
func armCodeAddr(v uint32) uint32 {
	if isExcReturn(v) {
		return v
	}
	return v &^ 1
}

// armDouble maps d0–d15 (DWARF 256–271) to s(2n), whose pair holds it on
// single-precision FPUs (FPv4-SP-D16, FPv5-D16).
func armDouble(n int) (int, bool) {
	if n >= ARMRegD0 && n < ARMRegD0+16 {
		return ARMRegS0 + 2*(n-ARMRegD0), true
	}
	return 0, false
}
