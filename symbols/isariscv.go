package symbols

import "github.com/rewind-debugger/rewind/symbols/disasm"

// riscvISA is RV32IMAC through symbols/disasm.
type riscvISA struct{}

// Decode decodes one RV32 instruction.
func (riscvISA) Decode(code []byte, addr uint32, sym disasm.Symbolizer) (disasm.Inst, error) {
	return disasm.Decode(code, addr, sym)
}

// Flow classifies jal/jalr/branches and their compressed forms, ecall,
// ebreak and mret.
func (riscvISA) Flow(code []byte, addr uint32) (Flow, error) {
	in, err := disasm.Decode(code, addr, nil)
	if err != nil {
		return Flow{Len: in.Len}, err
	}
	f := Flow{Len: in.Len, Target: in.Target, HasTarget: in.HasTarget}
	if in.Len == 2 {
		f.Kind = riscvFlow16(uint16(in.Raw))
	} else {
		f.Kind = riscvFlow32(in.Raw)
	}
	return f, nil
}

// riscvFlow16 classifies a compressed instruction.
func riscvFlow16(h uint16) FlowKind {
	rs1, rs2 := int(h>>7&31), int(h>>2&31)
	switch {
	case h&0xe003 == 0x2001: // c.jal
		return FlowCall
	case h&0xe003 == 0xa001: // c.j
		return FlowJump
	case h&0xc003 == 0xc001: // c.beqz, c.bnez
		return FlowBranch
	case h&0xf003 == 0x8002 && rs2 == 0 && rs1 != 0: // c.jr
		if rs1 == RegRA {
			return FlowReturn
		}
		return FlowJump
	case h&0xf003 == 0x9002 && rs2 == 0 && rs1 != 0: // c.jalr
		return FlowCall
	case h == 0x9002: // c.ebreak
		return FlowTrap
	}
	return FlowNone
}

// riscvFlow32 classifies a 32-bit instruction.
func riscvFlow32(in uint32) FlowKind {
	rd, rs1 := int(in>>7&31), int(in>>15&31)
	switch in & 0x7f {
	case 0x6f: // jal
		if rd == RegRA || rd == 5 {
			return FlowCall
		}
		return FlowJump
	case 0x67: // jalr
		switch {
		case rd == RegRA || rd == 5:
			return FlowCall
		case rd == 0 && rs1 == RegRA:
			return FlowReturn
		}
		return FlowJump
	case 0x63:
		return FlowBranch
	case 0x73:
		if in == 0x00000073 || in == 0x00100073 || in == 0x30200073 { // ecall, ebreak, mret
			return FlowTrap
		}
	}
	return FlowNone
}
