package vm

// decodeC expands a 16-bit compressed instruction (RV32C without F/D).
func decodeC(w uint32) insn {
	in := decodeC1(w)
	in.ln = 2
	if in.op == opIllegal {
		in.imm = int32(w)
	}
	return in
}

func cReg(r uint32) uint8 { return uint8(8 + r&7) }

func sext(v uint32, bits uint) int32 { return int32(v<<(32-bits)) >> (32 - bits) }

func decodeC1(w uint32) insn {
	f3 := w >> 13 & 7
	rd := w >> 7 & 31
	rs2 := w >> 2 & 31
	ci := sext(w>>7&0x20|w>>2&0x1f, 6) // imm[5]=bit12, imm[4:0]=bits 6:2
	switch w&3<<3 | f3 {
	case 0<<3 + 0: // c.addi4spn
		u := w>>7&0x30 | w>>1&0x3c0 | w>>4&4 | w>>2&8
		if u == 0 {
			break
		}
		return insn{op: opADDI, rd: cReg(w >> 2), rs1: 2, imm: int32(u)}
	case 0<<3 | 2: // c.lw
		return insn{op: opLW, rd: cReg(w >> 2), rs1: cReg(w >> 7), imm: int32(w>>7&0x38 | w>>4&4 | w<<1&0x40)}
	case 0<<3 | 6: // c.sw
		return insn{op: opSW, rs2: cReg(w >> 2), rs1: cReg(w >> 7), imm: int32(w>>7&0x38 | w>>4&4 | w<<1&0x40)}
	case 1<<3 + 0: // c.addi / c.nop
		return insn{op: opADDI, rd: dst(rd), rs1: uint8(rd), imm: ci}
	case 1<<3 | 1: // c.jal
		return insn{op: opJAL, rd: 1, imm: cjImm(w)}
	case 1<<3 | 5: // c.j
		return insn{op: opJAL, rd: regSink, imm: cjImm(w)}
	case 1<<3 | 2: // c.li
		return insn{op: opADDI, rd: dst(rd), rs1: 0, imm: ci}
	case 1<<3 | 3:
		if rd == 2 { // c.addi16sp
			v := w>>3&0x200 | w>>2&0x10 | w<<1&0x40 | w<<4&0x180 | w<<3&0x20
			if v == 0 {
				break
			}
			return insn{op: opADDI, rd: 2, rs1: 2, imm: sext(v, 10)}
		}
		if ci == 0 { // c.lui with zero immediate is reserved
			break
		}
		return insn{op: opLUI, rd: dst(rd), imm: ci << 12}
	case 1<<3 | 4:
		return decodeCArith(w, ci)
	case 1<<3 | 6, 1<<3 | 7: // c.beqz, c.bnez
		op := opBEQ
		if f3 == 7 {
			op = opBNE
		}
		v := w>>4&0x100 | w>>7&0x18 | w<<1&0xc0 | w>>2&6 | w<<3&0x20
		return insn{op: op, rs1: cReg(w >> 7), rs2: 0, imm: sext(v, 9)}
	case 2<<3 + 0: // c.slli
		if w&0x1000 != 0 {
			break
		}
		return insn{op: opSLLI, rd: dst(rd), rs1: uint8(rd), imm: int32(rs2)}
	case 2<<3 | 2: // c.lwsp
		if rd == 0 {
			break
		}
		return insn{op: opLW, rd: uint8(rd), rs1: 2, imm: int32(w>>7&0x20 | w>>2&0x1c | w<<4&0xc0)}
	case 2<<3 | 6: // c.swsp
		return insn{op: opSW, rs1: 2, rs2: uint8(rs2), imm: int32(w>>7&0x3c | w>>1&0xc0)}
	case 2<<3 | 4:
		return decodeCJumpMove(w, rd, rs2)
	}
	return insn{op: opIllegal}
}

func cjImm(w uint32) int32 {
	v := w>>1&0x800 | w>>7&0x10 | w>>1&0x300 | w<<2&0x400 | w>>1&0x40 | w<<1&0x80 | w>>2&0xe | w<<3&0x20
	return sext(v, 12)
}

func decodeCArith(w uint32, ci int32) insn {
	r := cReg(w >> 7)
	switch w >> 10 & 3 {
	case 0, 1: // c.srli, c.srai
		if w&0x1000 != 0 {
			return insn{op: opIllegal}
		}
		op := opSRLI
		if w>>10&3 == 1 {
			op = opSRAI
		}
		return insn{op: op, rd: r, rs1: r, imm: ci & 31}
	case 2: // c.andi
		return insn{op: opANDI, rd: r, rs1: r, imm: ci}
	}
	if w&0x1000 != 0 {
		return insn{op: opIllegal}
	}
	ops := [4]uint8{opSUB, opXOR, opOR, opAND}
	return insn{op: ops[w>>5&3], rd: r, rs1: r, rs2: cReg(w >> 2)}
}

func decodeCJumpMove(w, rd, rs2 uint32) insn {
	if w&0x1000 == 0 {
		if rs2 == 0 { // c.jr
			if rd == 0 {
				return insn{op: opIllegal}
			}
			return insn{op: opJALR, rd: regSink, rs1: uint8(rd)}
		}
		return insn{op: opADD, rd: dst(rd), rs1: 0, rs2: uint8(rs2)} // c.mv
	}
	if rs2 == 0 {
		if rd == 0 {
			return insn{op: opEBREAK}
		}
		return insn{op: opJALR, rd: 1, rs1: uint8(rd)} // c.jalr
	}
	return insn{op: opADD, rd: dst(rd), rs1: uint8(rd), rs2: uint8(rs2)} // c.add
}
