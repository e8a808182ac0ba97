package disasm

import (
	"fmt"
	"strings"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// abiNames are the ABI names of x0..x31 as objdump prints them.
var abiNames = [32]string{
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1",
	"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7",
	"s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11",
	"t3", "t4", "t5", "t6",
}

func regName(r riscv64asm.Reg) string {
	if r >= riscv64asm.X0 && r <= riscv64asm.X31 {
		return abiNames[r-riscv64asm.X0]
	}
	return strings.ToLower(r.String())
}

// format renders a decoded instruction at pc in objdump's style and
// reports a statically known branch or jump target.
func format(in riscv64asm.Inst, pc uint32, sym Symbolizer) (string, uint32, bool) {
	op := strings.ToLower(in.Op.String())
	a := in.Args
	switch in.Op {
	case riscv64asm.JAL:
		target := pc + uint32(a[1].(riscv64asm.Simm).Imm)
		t := targetText(target, sym)
		switch a[0].(riscv64asm.Reg) {
		case riscv64asm.X0:
			return "j " + t, target, true
		case riscv64asm.X1:
			return "jal " + t, target, true
		}
		return "jal " + reg(a[0]) + ", " + t, target, true
	case riscv64asm.BEQ, riscv64asm.BNE, riscv64asm.BLT, riscv64asm.BGE, riscv64asm.BLTU, riscv64asm.BGEU:
		target := pc + uint32(a[2].(riscv64asm.Simm).Imm)
		return branch(op, a[0].(riscv64asm.Reg), a[1].(riscv64asm.Reg), targetText(target, sym)), target, true
	case riscv64asm.JALR:
		return jalr(a[0].(riscv64asm.Reg), a[1].(riscv64asm.RegOffset)), 0, false
	case riscv64asm.FENCE:
		return fence(in), 0, false
	case riscv64asm.CSRRW, riscv64asm.CSRRS, riscv64asm.CSRRC,
		riscv64asm.CSRRWI, riscv64asm.CSRRSI, riscv64asm.CSRRCI:
		return csrInst(op, a), 0, false
	}
	if in.Op == riscv64asm.LUI || in.Op == riscv64asm.AUIPC {
		return join(op, reg(a[0]), fmt.Sprintf("0x%x", a[1].(riscv64asm.Uimm).Imm&0xfffff)), 0, false
	}
	if s, ok := alias(in); ok {
		return s, 0, false
	}
	var args []string
	for _, x := range a {
		if x == nil {
			break
		}
		args = append(args, operand(x))
	}
	return join(op, args...), 0, false
}

// join spells a mnemonic and its operands.
func join(op string, args ...string) string {
	if len(args) == 0 {
		return op
	}
	return op + " " + strings.Join(args, ", ")
}

func reg(a riscv64asm.Arg) string { return regName(a.(riscv64asm.Reg)) }

// operand spells one operand: registers by ABI name, memory as off(reg),
// immediates as riscv64asm chooses (decimal, or hex for lui/auipc/shifts).
// (lr/sc/amo address operands are handled by memPtr.)
func operand(a riscv64asm.Arg) string {
	switch x := a.(type) {
	case riscv64asm.Reg:
		return regName(x)
	case riscv64asm.RegOffset:
		return fmt.Sprintf("%d(%s)", x.Ofs.Imm, regName(x.OfsReg))
	}
	return strings.ToLower(a.String())
}

// targetText spells a branch target: "0x80000124 <main+0x10>".
func targetText(addr uint32, sym Symbolizer) string {
	s := fmt.Sprintf("0x%08x", addr)
	if sym != nil {
		if name, ok := sym(addr); ok && name != "" {
			s += " <" + name + ">"
		}
	}
	return s
}

// branch spells a conditional branch with objdump's zero-operand aliases.
func branch(op string, rs1, rs2 riscv64asm.Reg, target string) string {
	z := riscv64asm.X0
	switch {
	case rs1 == z && rs2 == z && op == "bge":
		return join("blez", "zero", target) // objdump's choice for bge zero, zero
	case rs2 == z && (op == "beq" || op == "bne" || op == "blt" || op == "bge"):
		alias := map[string]string{"beq": "beqz", "bne": "bnez", "blt": "bltz", "bge": "bgez"}[op]
		return join(alias, regName(rs1), target)
	case rs1 == z && op == "blt":
		return join("bgtz", regName(rs2), target)
	case rs1 == z && op == "bge":
		return join("blez", regName(rs2), target)
	}
	return join(op, regName(rs1), regName(rs2), target)
}

// jalr spells jalr with objdump's aliases (ret, jr, jalr rs).
func jalr(rd riscv64asm.Reg, m riscv64asm.RegOffset) string {
	mem := fmt.Sprintf("%d(%s)", m.Ofs.Imm, regName(m.OfsReg))
	switch {
	case rd == riscv64asm.X0 && m.OfsReg == riscv64asm.X1 && m.Ofs.Imm == 0:
		return "ret"
	case rd == riscv64asm.X0 && m.Ofs.Imm == 0:
		return join("jr", regName(m.OfsReg))
	case rd == riscv64asm.X0:
		return join("jr", mem)
	case rd == riscv64asm.X1 && m.Ofs.Imm == 0:
		return join("jalr", regName(m.OfsReg))
	case rd == riscv64asm.X1:
		return join("jalr", mem)
	case m.Ofs.Imm == 0:
		return join("jalr", regName(rd), regName(m.OfsReg))
	}
	return join("jalr", regName(rd), mem)
}

// fence spells fence variants: fence, fence pred,succ, fence.tso, pause.
func fence(in riscv64asm.Inst) string {
	pred := in.Args[0].(riscv64asm.MemOrder).String()
	succ := in.Args[1].(riscv64asm.MemOrder).String()
	fm := in.Enc >> 28
	switch {
	case fm == 8 && pred == "rw" && succ == "rw":
		return "fence.tso"
	case fm == 0 && pred == "w" && succ == "":
		return "pause"
	case pred == "iorw" && succ == "iorw":
		return "fence"
	}
	if pred == "" {
		pred = "0"
	}
	if succ == "" {
		succ = "0"
	}
	return join("fence", pred, succ)
}
