package symbols

import "debug/elf"

// RISCV32 describes RV32 (x0–x31 are DWARF 0–31, ra holds return
// addresses, the ABI preserves sp, gp, tp and s0–s11).
func RISCV32() *Arch {
	a := &Arch{name: "riscv32", machine: elf.EM_RISCV, sp: RegSP, ra: RegRA, pc: -1,
		zero: RegZero, saved: calleeSaved, numbered: numberedNames{"x", 32},
		aliases:  map[string]int{"fp": RegS0},
		codeAddr: func(v uint32) uint32 { return v },
		prologue: riscvPrologue{}, isa: riscvISA{}, csrs: true}
	for i := 1; i < 32; i++ {
		a.regs = append(a.regs, archReg{i, abiNames[i]})
	}
	return a
}
