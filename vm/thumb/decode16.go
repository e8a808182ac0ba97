package thumb

func undef() Inst { return Inst{Op: OpUndef} }

// decode16 decodes a 16-bit Thumb instruction.
func decode16(h uint32) Inst {
	r0, r3, r6, r8 := uint8(h&7), uint8(h>>3&7), uint8(h>>6&7), uint8(h>>8&7)
	switch {
	case h>>14 == 0: // shift (immediate), add, subtract, move, compare
		return decodeShiftAddSub(h, r0, r3, r6, r8)
	case h>>10 == 0x10:
		return decodeDP16(h, r0, r3)
	case h>>10 == 0x11:
		return decodeSpecial(h)
	case h>>11 == 0x09: // LDR literal
		return Inst{Op: OpLDR, Rd: r8, Rn: 15, ShT: ShImm, Imm: (h & 0xff) << 2, Flags: FAdd | FIndex}
	case h>>12 == 0x5: // load/store register offset
		ops := [8]Op{OpSTR, OpSTRH, OpSTRB, OpLDRSB, OpLDR, OpLDRH, OpLDRB, OpLDRSH}
		return Inst{Op: ops[h>>9&7], Rd: r0, Rn: r3, Rm: r6, ShT: ShLSL, Flags: FAdd | FIndex}
	case h>>13 == 0x3 || h>>13 == 0x4: // load/store immediate
		return decodeLSImm16(h, r0, r3, r8)
	case h>>11 == 0x14: // ADR
		return Inst{Op: OpADR, Rd: r8, Imm: (h & 0xff) << 2}
	case h>>11 == 0x15: // ADD Rd, SP, #imm
		return Inst{Op: OpADD, Rd: r8, Rn: 13, ShT: ShImm, Imm: (h & 0xff) << 2}
	case h>>12 == 0xb:
		return decodeMisc16(h, r0, r3)
	case h>>11 == 0x18:
		return Inst{Op: OpSTM, Rn: r8, Imm: h & 0xff, Flags: FWback}
	case h>>11 == 0x19:
		in := Inst{Op: OpLDM, Rn: r8, Imm: h & 0xff}
		if h&(1<<r8) == 0 {
			in.Flags = FWback
		}
		return in
	case h>>12 == 0xd:
		cond := uint8(h >> 8 & 15)
		switch cond {
		case 14:
			return Inst{Op: OpUDF, Imm: h & 0xff}
		case 15:
			return Inst{Op: OpSVC, Imm: h & 0xff}
		}
		return Inst{Op: OpB, Cond: cond, Imm: uint32(int32(int8(h)) << 1)}
	case h>>11 == 0x1c:
		return Inst{Op: OpB, Cond: 14, Imm: uint32(int32(h<<21) >> 20)}
	}
	return undef()
}

func decodeShiftAddSub(h uint32, r0, r3, r6, r8 uint8) Inst {
	imm5 := uint8(h >> 6 & 31)
	switch h >> 11 & 7 {
	case 0:
		if imm5 == 0 {
			return Inst{Op: OpMOV, Rd: r0, Rm: r3, ShT: ShLSL, Flags: FS | FSIT}
		}
		return Inst{Op: OpMOV, Rd: r0, Rm: r3, ShT: ShLSL, ShN: imm5, Flags: FS | FSIT}
	case 1, 2:
		if imm5 == 0 {
			imm5 = 32
		}
		return Inst{Op: OpMOV, Rd: r0, Rm: r3, ShT: uint8(h >> 11 & 3), ShN: imm5, Flags: FS | FSIT}
	case 3:
		op := [4]Op{OpADD, OpSUB, OpADD, OpSUB}[h>>9&3]
		if h&(1<<10) != 0 {
			return Inst{Op: op, Rd: r0, Rn: r3, ShT: ShImm, Imm: uint32(r6), Flags: FS | FSIT}
		}
		return Inst{Op: op, Rd: r0, Rn: r3, Rm: r6, ShT: ShLSL, Flags: FS | FSIT}
	case 4:
		return Inst{Op: OpMOV, Rd: r8, ShT: ShImm, Imm: h & 0xff, Flags: FS | FSIT}
	case 5:
		return Inst{Op: OpCMP, Rn: r8, ShT: ShImm, Imm: h & 0xff, Flags: FS}
	case 6:
		return Inst{Op: OpADD, Rd: r8, Rn: r8, ShT: ShImm, Imm: h & 0xff, Flags: FS | FSIT}
	default:
		return Inst{Op: OpSUB, Rd: r8, Rn: r8, ShT: ShImm, Imm: h & 0xff, Flags: FS | FSIT}
	}
}

// decodeDP16 decodes the 16-bit data-processing group (Rdn, Rm).
func decodeDP16(h uint32, rdn, rm uint8) Inst {
	f := FS | FSIT
	reg := func(op Op) Inst { return Inst{Op: op, Rd: rdn, Rn: rdn, Rm: rm, ShT: ShLSL, Flags: f} }
	switch h >> 6 & 15 {
	case 0:
		return reg(OpAND)
	case 1:
		return reg(OpEOR)
	case 2:
		return reg(OpLSLr)
	case 3:
		return reg(OpLSRr)
	case 4:
		return reg(OpASRr)
	case 5:
		return reg(OpADC)
	case 6:
		return reg(OpSBC)
	case 7:
		return reg(OpRORr)
	case 8:
		return Inst{Op: OpTST, Rn: rdn, Rm: rm, ShT: ShLSL, Flags: FS}
	case 9:
		return Inst{Op: OpRSB, Rd: rdn, Rn: rm, ShT: ShImm, Flags: f}
	case 10:
		return Inst{Op: OpCMP, Rn: rdn, Rm: rm, ShT: ShLSL, Flags: FS}
	case 11:
		return Inst{Op: OpCMN, Rn: rdn, Rm: rm, ShT: ShLSL, Flags: FS}
	case 12:
		return reg(OpORR)
	case 13:
		return Inst{Op: OpMUL, Rd: rdn, Rn: rm, Rm: rdn, Flags: f}
	case 14:
		return reg(OpBIC)
	default:
		return Inst{Op: OpMVN, Rd: rdn, Rm: rm, ShT: ShLSL, Flags: f}
	}
}

// decodeSpecial decodes high-register ADD/CMP/MOV and BX/BLX.
func decodeSpecial(h uint32) Inst {
	rdn := uint8(h&7 | h>>4&8)
	rm := uint8(h >> 3 & 15)
	switch h >> 8 & 3 {
	case 0:
		return Inst{Op: OpADD, Rd: rdn, Rn: rdn, Rm: rm, ShT: ShLSL}
	case 1:
		if rdn < 8 && rm < 8 {
			return undef() // unpredictable
		}
		return Inst{Op: OpCMP, Rn: rdn, Rm: rm, ShT: ShLSL, Flags: FS}
	case 2:
		return Inst{Op: OpMOV, Rd: rdn, Rm: rm, ShT: ShLSL}
	default:
		if h&7 != 0 {
			return undef()
		}
		if h&0x80 != 0 {
			if rm == 15 {
				return undef()
			}
			return Inst{Op: OpBLX, Rm: rm}
		}
		return Inst{Op: OpBX, Rm: rm}
	}
}

func decodeLSImm16(h uint32, r0, r3, r8 uint8) Inst {
	imm5 := h >> 6 & 31
	f := FAdd | FIndex
	switch h >> 11 {
	case 0x0c:
		return Inst{Op: OpSTR, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5 << 2, Flags: f}
	case 0x0d:
		return Inst{Op: OpLDR, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5 << 2, Flags: f}
	case 0x0e:
		return Inst{Op: OpSTRB, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5, Flags: f}
	case 0x0f:
		return Inst{Op: OpLDRB, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5, Flags: f}
	case 0x10:
		return Inst{Op: OpSTRH, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5 << 1, Flags: f}
	case 0x11:
		return Inst{Op: OpLDRH, Rd: r0, Rn: r3, ShT: ShImm, Imm: imm5 << 1, Flags: f}
	case 0x12:
		return Inst{Op: OpSTR, Rd: r8, Rn: 13, ShT: ShImm, Imm: (h & 0xff) << 2, Flags: f}
	default:
		return Inst{Op: OpLDR, Rd: r8, Rn: 13, ShT: ShImm, Imm: (h & 0xff) << 2, Flags: f}
	}
}

// decodeMisc16 decodes the 16-bit miscellaneous group (1011xxxx).
func decodeMisc16(h uint32, r0, r3 uint8) Inst {
	switch {
	case h>>7&31 == 0: // ADD SP, SP, #imm
		return Inst{Op: OpADD, Rd: 13, Rn: 13, ShT: ShImm, Imm: (h & 0x7f) << 2}
	case h>>7&31 == 1:
		return Inst{Op: OpSUB, Rd: 13, Rn: 13, ShT: ShImm, Imm: (h & 0x7f) << 2}
	case h>>8&5 == 1: // CBZ/CBNZ: 1011 o0i1
		op := OpCBZ
		if h&0x800 != 0 {
			op = OpCBNZ
		}
		return Inst{Op: op, Rn: r0, Imm: (h>>3&31)<<1 | (h>>9&1)<<6}
	case h>>8&15 == 2: // extend
		ops := [4]Op{OpSXTH, OpSXTB, OpUXTH, OpUXTB}
		return Inst{Op: ops[h>>6&3], Rd: r0, Rn: 15, Rm: r3}
	case h>>9&7 == 2: // PUSH
		return Inst{Op: OpSTMDB, Rn: 13, Imm: h&0xff | (h>>8&1)<<14, Flags: FWback}
	case h>>5&0x7f == 0x33: // CPS
		if h&0x8 != 0 || h&3 == 0 {
			return undef()
		}
		return Inst{Op: OpCPS, Imm: h & 0x13}
	case h>>8&15 == 0xa:
		switch h >> 6 & 3 {
		case 0:
			return Inst{Op: OpREV, Rd: r0, Rm: r3}
		case 1:
			return Inst{Op: OpREV16, Rd: r0, Rm: r3}
		case 3:
			return Inst{Op: OpREVSH, Rd: r0, Rm: r3}
		}
	case h>>9&7 == 6: // POP
		return Inst{Op: OpLDM, Rn: 13, Imm: h&0xff | (h>>8&1)<<15, Flags: FWback}
	case h>>8&15 == 0xe:
		return Inst{Op: OpBKPT, Imm: h & 0xff}
	case h>>8&15 == 0xf:
		if h&15 != 0 {
			if h>>4&15 == 15 || (h>>4&15 == 14 && bitsSet(h&15) != 1) {
				return undef() // firstcond 1111, or AL with a mask that makes an else
			}
			return Inst{Op: OpIT, Imm: h & 0xff}
		}
		return hint(h >> 4 & 15)
	}
	return undef()
}

// hint decodes a hint number (NOP, YIELD, WFE, WFI, SEV; others are NOPs).
func hint(n uint32) Inst {
	switch n {
	case 2:
		return Inst{Op: OpWFE}
	case 3:
		return Inst{Op: OpWFI}
	case 4:
		return Inst{Op: OpSEV}
	}
	return Inst{Op: OpNOP}
}

func bitsSet(v uint32) int {
	n := 0
	for ; v != 0; v &= v - 1 {
		n++
	}
	return n
}
