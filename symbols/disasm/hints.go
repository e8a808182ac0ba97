package disasm

import "fmt"

// hint16 decodes the compressed HINT encodings (RVC instructions with rd=x0
// or a zero immediate, which execute as no-ops) the way objdump spells
// them; riscv64asm rejects most of them. ok=false if x is not a HINT.
func hint16(x uint32) (string, bool) {
	quadrant, funct3 := x&3, x>>13&7
	rd := x >> 7 & 31
	rs2 := x >> 2 & 31
	imm6 := int32(x>>2&31) | int32(x>>12&1)<<5
	if imm6&0x20 != 0 {
		imm6 -= 64 // sign-extend
	}
	shamt := x>>2&31 | x>>12&1<<5
	rdp := abiNames[8+x>>7&7]
	switch {
	case quadrant == 1 && funct3 == 0 && rd == 0 && imm6 != 0:
		return fmt.Sprintf("c.nop %d", imm6), true
	case quadrant == 1 && funct3 == 0 && rd != 0 && imm6 == 0:
		return join("addi", abiNames[rd], abiNames[rd], "0"), true
	case quadrant == 1 && funct3 == 2 && rd == 0:
		return join("c.li", "zero", fmt.Sprint(imm6)), true
	case quadrant == 1 && funct3 == 3 && rd == 0 && imm6 != 0:
		return join("c.lui", "zero", fmt.Sprintf("0x%x", uint32(imm6)&0xfffff)), true
	case quadrant == 1 && funct3 == 4 && x>>10&3 == 0 && shamt == 0:
		return join("c.srli64", rdp), true
	case quadrant == 1 && funct3 == 4 && x>>10&3 == 1 && shamt == 0:
		return join("c.srai64", rdp), true
	case quadrant == 2 && funct3 == 0 && shamt == 0:
		return join("c.slli64", abiNames[rd]), true
	case quadrant == 2 && funct3 == 0 && rd == 0 && shamt < 32:
		return join("c.slli", "zero", fmt.Sprintf("0x%x", shamt)), true
	case quadrant == 2 && funct3 == 4 && rd == 0 && rs2 != 0 && x>>12&1 == 0:
		return join("c.mv", "zero", abiNames[rs2]), true
	case quadrant == 2 && funct3 == 4 && rd == 0 && rs2 != 0:
		return join("c.add", "zero", abiNames[rs2]), true
	}
	return "", false
}
