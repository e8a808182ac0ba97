package disasm

import (
	"fmt"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// alias applies objdump's register/immediate aliases: li, mv, nop, not,
// neg, seqz, snez, sltz, sgtz, zext.b, and the memory operand forms of
// lr/sc/amo.
func alias(in riscv64asm.Inst) (string, bool) {
	a := in.Args
	z := riscv64asm.X0
	switch in.Op {
	case riscv64asm.ADDI:
		rd, rs, imm := a[0].(riscv64asm.Reg), a[1].(riscv64asm.Reg), a[2].(riscv64asm.Simm).Imm
		switch {
		case rd == z && rs == z && imm == 0:
			return "nop", true
		case rs == z:
			return join("li", regName(rd), fmt.Sprint(imm)), true
		case imm == 0:
			return join("mv", regName(rd), regName(rs)), true
		}
	case riscv64asm.XORI:
		if a[2].(riscv64asm.Simm).Imm == -1 {
			return join("not", reg(a[0]), reg(a[1])), true
		}
	case riscv64asm.ANDI:
		if a[2].(riscv64asm.Simm).Imm == 255 {
			return join("zext.b", reg(a[0]), reg(a[1])), true
		}
	case riscv64asm.SLTIU:
		if a[2].(riscv64asm.Simm).Imm == 1 {
			return join("seqz", reg(a[0]), reg(a[1])), true
		}
	case riscv64asm.ADD:
		// objdump says mv for c.mv only; add rd, zero, rs stays add.
		if a[1].(riscv64asm.Reg) == z && in.Len == 2 {
			return join("mv", reg(a[0]), reg(a[2])), true
		}
	case riscv64asm.SUB:
		if a[1].(riscv64asm.Reg) == z {
			return join("neg", reg(a[0]), reg(a[2])), true
		}
	case riscv64asm.SLT:
		if a[2].(riscv64asm.Reg) == z {
			return join("sltz", reg(a[0]), reg(a[1])), true
		}
		if a[1].(riscv64asm.Reg) == z {
			return join("sgtz", reg(a[0]), reg(a[2])), true
		}
	case riscv64asm.SLTU:
		if a[1].(riscv64asm.Reg) == z {
			return join("snez", reg(a[0]), reg(a[2])), true
		}
	}
	if p, ok := memPtr(in); ok {
		return p, true
	}
	return "", false
}

// memPtr spells lr/sc/amo instructions, whose address operand is "(reg)".
func memPtr(in riscv64asm.Inst) (string, bool) {
	var args []string
	found := false
	for _, x := range in.Args {
		if x == nil {
			break
		}
		if p, ok := x.(riscv64asm.RegPtr); ok {
			// RegPtr hides its register; recover it from the encoding (rs1).
			_ = p
			args = append(args, "("+regName(riscv64asm.X0+riscv64asm.Reg(in.Enc>>15&31))+")")
			found = true
			continue
		}
		args = append(args, operand(x))
	}
	if !found {
		return "", false
	}
	return join(opName(in.Op), args...), true
}
