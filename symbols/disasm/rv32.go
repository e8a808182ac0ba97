package disasm

import (
	"encoding/binary"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// decode16 decodes a compressed instruction with the RV32 fix-ups.
func decode16(in *Inst, sym Symbolizer) error {
	x := in.Raw
	if t, ok := hint16(x); ok {
		in.Text = t
		return nil
	}
	quadrant, funct3 := x&3, x>>13&7
	switch {
	case quadrant == 0 && (funct3 == 1 || funct3 == 3 || funct3 == 5 || funct3 == 7):
		return ErrUnknown // c.fld, c.flw, c.fsd, c.fsw (RV64: c.ld, c.sd): no F/D here
	case quadrant == 2 && (funct3 == 1 || funct3 == 3 || funct3 == 5 || funct3 == 7):
		return ErrUnknown // c.fldsp, c.flwsp, c.fsdsp, c.fswsp (RV64: c.ldsp, c.sdsp)
	case quadrant == 1 && funct3 == 4 && x>>10&3 == 3 && x>>12&1 == 1:
		return ErrUnknown // c.subw, c.addw (RV64) and reserved
	case quadrant == 1 && funct3 == 4 && x>>10&3 < 2 && x>>12&1 == 1:
		return ErrUnknown // c.srli/c.srai with shamt[5] set: reserved on RV32
	case quadrant == 2 && funct3 == 0 && x>>12&1 == 1:
		return ErrUnknown // c.slli with shamt[5] set: reserved on RV32
	case quadrant == 1 && funct3 == 1:
		return decodeCJal(in, sym)
	}
	var b [2]byte
	binary.LittleEndian.PutUint16(b[:], uint16(x))
	ri, err := riscv64asm.Decode(b[:])
	if err != nil || !allowed[ri.Op] {
		return ErrUnknown
	}
	in.Text, in.Target, in.HasTarget = format(ri, in.Addr, sym)
	return nil
}

// decodeCJal decodes RV32's c.jal (jal ra, offset): it shares c.j's
// immediate layout, so decode it as c.j and change the link register.
func decodeCJal(in *Inst, sym Symbolizer) error {
	var b [2]byte
	binary.LittleEndian.PutUint16(b[:], uint16(in.Raw|0x8000)) // funct3 001 -> 101 (c.j)
	ri, err := riscv64asm.Decode(b[:])
	if err != nil || ri.Op != riscv64asm.JAL {
		return ErrUnknown
	}
	ri.Args[0] = riscv64asm.X1
	in.Text, in.Target, in.HasTarget = format(ri, in.Addr, sym)
	return nil
}

// privileged holds the fixed encodings riscv64asm does not know.
var privileged = map[uint32]string{
	0x30200073: "mret",
	0x10200073: "sret",
	0x10500073: "wfi",
	0x7b200073: "dret",
}

// decode32 decodes a 32-bit instruction with the RV32 fix-ups.
func decode32(in *Inst, sym Symbolizer) error {
	x := in.Raw
	if x>>2&7 == 7 {
		return ErrUnknown // 48-bit and longer encodings
	}
	if t, ok := privileged[x]; ok {
		in.Text = t
		return nil
	}
	if x&0xfe007fff == 0x12000073 { // sfence.vma rs1, rs2
		in.Text = sfenceVMA(x>>15&31, x>>20&31)
		return nil
	}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], x)
	ri, err := riscv64asm.Decode(b[:])
	if err != nil || !allowed[ri.Op] {
		return ErrUnknown
	}
	switch ri.Op {
	case riscv64asm.SLLI, riscv64asm.SRLI, riscv64asm.SRAI:
		if x>>25&1 != 0 {
			return ErrUnknown // shift by 32 or more: RV64 only
		}
	}
	in.Text, in.Target, in.HasTarget = format(ri, in.Addr, sym)
	return nil
}

// sfenceVMA spells sfence.vma as objdump does, omitting zero operands at
// the end.
func sfenceVMA(rs1, rs2 uint32) string {
	switch {
	case rs2 != 0:
		return "sfence.vma " + regName(riscv64asm.X0+riscv64asm.Reg(rs1)) + ", " + regName(riscv64asm.X0+riscv64asm.Reg(rs2))
	case rs1 != 0:
		return "sfence.vma " + regName(riscv64asm.X0+riscv64asm.Reg(rs1))
	}
	return "sfence.vma"
}

// allowed lists the riscv64asm ops of RV32IMA + Zicsr + Zifencei (the C
// extension decodes to these too).
var allowed = func() map[riscv64asm.Op]bool {
	ops := []riscv64asm.Op{
		riscv64asm.LUI, riscv64asm.AUIPC, riscv64asm.JAL, riscv64asm.JALR,
		riscv64asm.BEQ, riscv64asm.BNE, riscv64asm.BLT, riscv64asm.BGE, riscv64asm.BLTU, riscv64asm.BGEU,
		riscv64asm.LB, riscv64asm.LH, riscv64asm.LW, riscv64asm.LBU, riscv64asm.LHU,
		riscv64asm.SB, riscv64asm.SH, riscv64asm.SW,
		riscv64asm.ADDI, riscv64asm.SLTI, riscv64asm.SLTIU, riscv64asm.XORI, riscv64asm.ORI, riscv64asm.ANDI,
		riscv64asm.SLLI, riscv64asm.SRLI, riscv64asm.SRAI,
		riscv64asm.ADD, riscv64asm.SUB, riscv64asm.SLL, riscv64asm.SLT, riscv64asm.SLTU,
		riscv64asm.XOR, riscv64asm.SRL, riscv64asm.SRA, riscv64asm.OR, riscv64asm.AND,
		riscv64asm.FENCE, riscv64asm.FENCE_I, riscv64asm.ECALL, riscv64asm.EBREAK,
		riscv64asm.CSRRW, riscv64asm.CSRRS, riscv64asm.CSRRC, riscv64asm.CSRRWI, riscv64asm.CSRRSI, riscv64asm.CSRRCI,
		riscv64asm.MUL, riscv64asm.MULH, riscv64asm.MULHSU, riscv64asm.MULHU,
		riscv64asm.DIV, riscv64asm.DIVU, riscv64asm.REM, riscv64asm.REMU,
		riscv64asm.LR_W, riscv64asm.LR_W_AQ, riscv64asm.LR_W_RL, riscv64asm.LR_W_AQRL,
		riscv64asm.SC_W, riscv64asm.SC_W_AQ, riscv64asm.SC_W_RL, riscv64asm.SC_W_AQRL,
	}
	amos := [][4]riscv64asm.Op{
		{riscv64asm.AMOSWAP_W, riscv64asm.AMOSWAP_W_AQ, riscv64asm.AMOSWAP_W_RL, riscv64asm.AMOSWAP_W_AQRL},
		{riscv64asm.AMOADD_W, riscv64asm.AMOADD_W_AQ, riscv64asm.AMOADD_W_RL, riscv64asm.AMOADD_W_AQRL},
		{riscv64asm.AMOXOR_W, riscv64asm.AMOXOR_W_AQ, riscv64asm.AMOXOR_W_RL, riscv64asm.AMOXOR_W_AQRL},
		{riscv64asm.AMOAND_W, riscv64asm.AMOAND_W_AQ, riscv64asm.AMOAND_W_RL, riscv64asm.AMOAND_W_AQRL},
		{riscv64asm.AMOOR_W, riscv64asm.AMOOR_W_AQ, riscv64asm.AMOOR_W_RL, riscv64asm.AMOOR_W_AQRL},
		{riscv64asm.AMOMIN_W, riscv64asm.AMOMIN_W_AQ, riscv64asm.AMOMIN_W_RL, riscv64asm.AMOMIN_W_AQRL},
		{riscv64asm.AMOMAX_W, riscv64asm.AMOMAX_W_AQ, riscv64asm.AMOMAX_W_RL, riscv64asm.AMOMAX_W_AQRL},
		{riscv64asm.AMOMINU_W, riscv64asm.AMOMINU_W_AQ, riscv64asm.AMOMINU_W_RL, riscv64asm.AMOMINU_W_AQRL},
		{riscv64asm.AMOMAXU_W, riscv64asm.AMOMAXU_W_AQ, riscv64asm.AMOMAXU_W_RL, riscv64asm.AMOMAXU_W_AQRL},
	}
	m := map[riscv64asm.Op]bool{}
	for _, op := range ops {
		m[op] = true
	}
	for _, a := range amos {
		for _, op := range a {
			m[op] = true
		}
	}
	return m
}()
