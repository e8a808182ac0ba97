package thumb

// decode32 decodes a 32-bit Thumb-2 instruction (hw1 first).
func decode32(h1, h2 uint32) Inst {
	op1 := h1 >> 11 & 3
	op2 := h1 >> 4 & 0x7f
	switch op1 {
	case 1:
		switch {
		case op2&0x64 == 0:
			return decodeLSMultiple(h1, h2)
		case op2&0x64 == 4:
			return decodeLSDual(h1, h2)
		case op2&0x60 == 0x20:
			return decodeDPShifted(h1, h2)
		default:
			return coproc(h1, h2)
		}
	case 2:
		if h2&0x8000 != 0 {
			return decodeBranchMisc(h1, h2)
		}
		if op2&0x20 == 0 {
			return decodeDPModImm(h1, h2)
		}
		return decodeDPPlainImm(h1, h2)
	case 3:
		switch {
		case op2&0x71 == 0:
			return decodeStore(h1, h2)
		case op2&0x67 == 1:
			return decodeLoad(h1, h2, OpLDRB, OpLDRSB)
		case op2&0x67 == 3:
			return decodeLoad(h1, h2, OpLDRH, OpLDRSH)
		case op2&0x67 == 5:
			return decodeLoad(h1, h2, OpLDR, OpUndef)
		case op2&0x70 == 0x20:
			return decodeDPReg(h1, h2)
		case op2&0x78 == 0x30:
			return decodeMul(h1, h2)
		case op2&0x78 == 0x38:
			return decodeLongMul(h1, h2)
		case op2&0x40 != 0:
			return coproc(h1, h2)
		}
	}
	return undef()
}

func decodeLSMultiple(h1, h2 uint32) Inst {
	rn := uint8(h1 & 15)
	w := h1>>5&1 != 0
	load := h1>>4&1 != 0
	list := h2 & 0xffff
	var op Op
	switch h1 >> 7 & 3 {
	case 1:
		op = OpSTM
		if load {
			op = OpLDM
		}
	case 2:
		op = OpSTMDB
		if load {
			op = OpLDMDB
		}
	default:
		return undef()
	}
	if list&(1<<13) != 0 || rn == 15 || (!load && list&(1<<15) != 0) || (load && list&0xc000 == 0xc000) {
		return undef()
	}
	in := Inst{Op: op, Rn: rn, Imm: list}
	if w {
		if list&(1<<rn) != 0 {
			return undef()
		}
		in.Flags = FWback
	}
	return in
}

func decodeLSDual(h1, h2 uint32) Inst {
	rn, rt, rt2 := uint8(h1&15), uint8(h2>>12&15), uint8(h2>>8&15)
	op1, op2 := h1>>7&3, h1>>4&3
	switch {
	case op1 == 0 && op2 == 0:
		return Inst{Op: OpSTREX, Rd: rt, Rm: rt2, Rn: rn, Imm: (h2 & 0xff) << 2}
	case op1 == 0 && op2 == 1:
		if h2&0xf00 != 0xf00 { // (1)(1)(1)(1): QEMU raises UNDEFINSTR
			return undef()
		}
		return Inst{Op: OpLDREX, Rd: rt, Rn: rn, Imm: (h2 & 0xff) << 2}
	case op1 == 1 && op2 == 0:
		if h2&0xf00 != 0xf00 && h2>>4&14 == 4 { // STREXB/H: (1)(1)(1)(1)
			return undef()
		}
		switch h2 >> 4 & 15 {
		case 4:
			return Inst{Op: OpSTREXB, Rd: rt, Rm: uint8(h2 & 15), Rn: rn}
		case 5:
			return Inst{Op: OpSTREXH, Rd: rt, Rm: uint8(h2 & 15), Rn: rn}
		}
		return undef()
	case op1 == 1 && op2 == 1:
		switch h2 >> 4 & 15 {
		case 0, 1:
			if h2&0xff00 != 0xf000 { // (1)(1)(1)(1)(0)(0)(0)(0): QEMU raises UNDEFINSTR
				return undef()
			}
			if h2&0x10 == 0 {
				return Inst{Op: OpTBB, Rn: rn, Rm: uint8(h2 & 15)}
			}
			return Inst{Op: OpTBH, Rn: rn, Rm: uint8(h2 & 15)}
		case 4, 5:
			if h2&0xf0f != 0xf0f { // (1)(1)(1)(1) twice
				return undef()
			}
			if h2&0x10 == 0 {
				return Inst{Op: OpLDREXB, Rd: rt, Rn: rn}
			}
			return Inst{Op: OpLDREXH, Rd: rt, Rn: rn}
		}
		return undef()
	}
	// LDRD/STRD: P = h1[8], U = h1[7], W = h1[5], L = h1[4].
	var f uint8
	if h1&0x100 != 0 {
		f |= FIndex
	}
	if h1&0x80 != 0 {
		f |= FAdd
	}
	if h1&0x20 != 0 {
		f |= FWback
	}
	op := OpSTRD
	if h1&0x10 != 0 {
		op = OpLDRD
	}
	return Inst{Op: op, Rd: rt, Ra: rt2, Rn: rn, ShT: ShImm, Imm: (h2 & 0xff) << 2, Flags: f}
}

// dpOp maps the 4-bit data-processing opcode of the 32-bit encodings.
func dpOp(op, rd, rn uint32, s bool) (Op, bool) {
	switch op {
	case 0:
		if rd == 15 && s {
			return OpTST, true
		}
		return OpAND, true
	case 1:
		return OpBIC, true
	case 2:
		if rn == 15 {
			return OpMOV, true
		}
		return OpORR, true
	case 3:
		if rn == 15 {
			return OpMVN, true
		}
		return OpORN, true
	case 4:
		if rd == 15 && s {
			return OpTEQ, true
		}
		return OpEOR, true
	case 8:
		if rd == 15 && s {
			return OpCMN, true
		}
		return OpADD, true
	case 10:
		return OpADC, true
	case 11:
		return OpSBC, true
	case 13:
		if rd == 15 && s {
			return OpCMP, true
		}
		return OpSUB, true
	case 14:
		return OpRSB, true
	}
	return OpUndef, false
}

func decodeDPShifted(h1, h2 uint32) Inst {
	if h2&0x8000 != 0 { // (0): QEMU raises UNDEFINSTR
		return undef()
	}
	rn, rd, rm := h1&15, h2>>8&15, h2&15
	s := h1&0x10 != 0
	op, ok := dpOp(h1>>5&15, rd, rn, s)
	if !ok {
		if h1>>5&15 == 6 && !s && h2&0x10 == 0 {
			return dsp(h1, h2) // PKHBT, PKHTB
		}
		return undef()
	}
	t, n := decodeImmShift(h2>>4&3, (h2>>12&7)<<2|h2>>6&3)
	in := Inst{Op: op, Rd: uint8(rd), Rn: uint8(rn), Rm: uint8(rm), ShT: t, ShN: n}
	if s {
		in.Flags = FS
	}
	return in
}

// decodeImmShift turns an encoded shift type and amount into ShT/ShN.
func decodeImmShift(t, imm5 uint32) (uint8, uint8) {
	switch t {
	case 0:
		return ShLSL, uint8(imm5)
	case 1, 2:
		if imm5 == 0 {
			imm5 = 32
		}
		return uint8(t), uint8(imm5)
	default:
		if imm5 == 0 {
			return ShRRX, 1
		}
		return ShROR, uint8(imm5)
	}
}

// expandImm is ThumbExpandImm_C: the value and whether/what it sets carry.
func expandImm(imm12 uint32) (v uint32, setsC, c bool) {
	if imm12>>10 == 0 {
		b := imm12 & 0xff
		switch imm12 >> 8 & 3 {
		case 0:
			return b, false, false
		case 1:
			return b<<16 | b, false, false
		case 2:
			return b<<24 | b<<8, false, false
		default:
			return b<<24 | b<<16 | b<<8 | b, false, false
		}
	}
	unrot := 0x80 | imm12&0x7f
	rot := imm12 >> 7
	v = unrot>>rot | unrot<<(32-rot)
	return v, true, v>>31 != 0
}

func decodeDPModImm(h1, h2 uint32) Inst {
	rn, rd := h1&15, h2>>8&15
	s := h1&0x10 != 0
	op, ok := dpOp(h1>>5&15, rd, rn, s)
	if !ok {
		return undef()
	}
	v, setsC, c := expandImm((h1>>10&1)<<11 | (h2>>12&7)<<8 | h2&0xff)
	in := Inst{Op: op, Rd: uint8(rd), Rn: uint8(rn), ShT: ShImm, Imm: v}
	if s {
		in.Flags = FS
	}
	if setsC {
		in.Flags |= FImmC
		if c {
			in.Flags |= FImmCV
		}
	}
	return in
}

func decodeDPPlainImm(h1, h2 uint32) Inst {
	rn, rd := uint8(h1&15), uint8(h2>>8&15)
	imm12 := (h1>>10&1)<<11 | (h2>>12&7)<<8 | h2&0xff
	imm5 := (h2>>12&7)<<2 | h2>>6&3
	sat := h2 & 31
	if h1>>4&0x10 != 0 && (h1&0x400 != 0 || h2&0x20 != 0) {
		return undef() // saturate and bit-field forms: (0) bits set (QEMU raises UNDEFINSTR)
	}
	switch h1 >> 4 & 31 {
	case 0x00:
		if rn == 15 {
			return Inst{Op: OpADR, Rd: rd, Imm: imm12}
		}
		return Inst{Op: OpADD, Rd: rd, Rn: rn, ShT: ShImm, Imm: imm12}
	case 0x0a:
		if rn == 15 {
			return Inst{Op: OpADR, Rd: rd, Imm: -imm12}
		}
		return Inst{Op: OpSUB, Rd: rd, Rn: rn, ShT: ShImm, Imm: imm12}
	case 0x04:
		return Inst{Op: OpMOVW, Rd: rd, Imm: (h1&15)<<12 | imm12}
	case 0x0c:
		return Inst{Op: OpMOVT, Rd: rd, Imm: (h1&15)<<12 | imm12}
	case 0x10, 0x12:
		if h1&0x20 != 0 && imm5 == 0 {
			return dsp(h1, h2) // SSAT16
		}
		t, n := decodeImmShift(h1>>4&2, imm5)
		return Inst{Op: OpSSAT, Rd: rd, Rn: rn, ShT: t, ShN: n, Imm: sat + 1}
	case 0x18, 0x1a:
		if h1&0x20 != 0 && imm5 == 0 {
			return dsp(h1, h2) // USAT16
		}
		t, n := decodeImmShift(h1>>4&2, imm5)
		return Inst{Op: OpUSAT, Rd: rd, Rn: rn, ShT: t, ShN: n, Imm: sat}
	case 0x14:
		return Inst{Op: OpSBFX, Rd: rd, Rn: rn, Imm: imm5, ShN: uint8(sat + 1)}
	case 0x1c:
		return Inst{Op: OpUBFX, Rd: rd, Rn: rn, Imm: imm5, ShN: uint8(sat + 1)}
	case 0x16:
		if sat < imm5 {
			return undef()
		}
		if rn == 15 {
			return Inst{Op: OpBFC, Rd: rd, Imm: imm5, ShN: uint8(sat)}
		}
		return Inst{Op: OpBFI, Rd: rd, Rn: rn, Imm: imm5, ShN: uint8(sat)}
	}
	return undef()
}

func decodeBranchMisc(h1, h2 uint32) Inst {
	op := h1 >> 4 & 0x7f
	switch h2 >> 12 & 5 {
	case 0: // 0x0
		if op&0x38 != 0x38 {
			s := h1 >> 10 & 1
			off := s<<20 | (h2>>11&1)<<19 | (h2>>13&1)<<18 | (h1&0x3f)<<12 | (h2&0x7ff)<<1
			return Inst{Op: OpB, Cond: uint8(h1 >> 6 & 15), Imm: uint32(int32(off<<11) >> 11)}
		}
		return decodeSystem(h1, h2, op)
	case 1, 5:
		s := h1 >> 10 & 1
		i1 := ^(h2>>13 ^ s) & 1
		i2 := ^(h2>>11 ^ s) & 1
		off := s<<24 | i1<<23 | i2<<22 | (h1&0x3ff)<<12 | (h2&0x7ff)<<1
		imm := uint32(int32(off<<7) >> 7)
		if h2&0x4000 != 0 {
			return Inst{Op: OpBL, Imm: imm}
		}
		return Inst{Op: OpB, Cond: 14, Imm: imm}
	}
	return undef() // BLX immediate does not exist on M profile
}

func decodeSystem(h1, h2, op uint32) Inst {
	switch {
	case op&0x7e == 0x38: // MSR
		mask := h2 >> 10 & 3
		if mask == 0 || h2&0x300 != 0 {
			return undef()
		}
		return Inst{Op: OpMSR, Rn: uint8(h1 & 15), Imm: mask<<8 | h2&0xff}
	case op == 0x3a:
		if h2&0x700 != 0 {
			return undef()
		}
		return hint(h2 & 0xff)
	case op == 0x3b:
		switch h2 >> 4 & 15 {
		case 2:
			return Inst{Op: OpCLREX}
		case 4, 5, 6:
			return Inst{Op: OpNOP} // DSB, DMB, ISB
		}
	case op&0x7e == 0x3e: // MRS
		return Inst{Op: OpMRS, Rd: uint8(h2 >> 8 & 15), Imm: h2 & 0xff}
	case op == 0x7f && h2&0x7000 == 0x2000:
		return Inst{Op: OpUDF, Imm: (h1&15)<<12 | h2&0xfff}
	}
	return undef()
}

// decodeStore decodes STR/STRB/STRH in their 32-bit forms.
func decodeStore(h1, h2 uint32) Inst {
	ops := [8]Op{OpSTRB, OpSTRH, OpSTR, OpUndef, OpSTRB, OpSTRH, OpSTR, OpUndef}
	op := ops[h1>>5&7]
	rn, rt := uint8(h1&15), uint8(h2>>12&15)
	if op == OpUndef || rn == 15 {
		return undef()
	}
	return decodeAddrMode(h1, h2, op, rn, rt)
}

// decodeAddrMode fills in the three addressing forms shared by the 32-bit
// single loads and stores: imm12, imm8 with P/U/W, register with LSL.
func decodeAddrMode(h1, h2 uint32, op Op, rn, rt uint8) Inst {
	if h1&0x80 != 0 { // imm12
		return Inst{Op: op, Rd: rt, Rn: rn, ShT: ShImm, Imm: h2 & 0xfff, Flags: FAdd | FIndex}
	}
	if h2&0x800 != 0 { // imm8: 1 P U W
		puw := h2 >> 8 & 7
		if puw&5 == 0 { // P=0 and W=0
			return undef()
		}
		var f uint8
		if puw&4 != 0 {
			f |= FIndex
		}
		if puw&2 != 0 {
			f |= FAdd
		}
		if puw&1 != 0 {
			f |= FWback
		}
		if puw == 6 {
			f |= FUnpriv
		}
		return Inst{Op: op, Rd: rt, Rn: rn, ShT: ShImm, Imm: h2 & 0xff, Flags: f}
	}
	if h2>>6&63 != 0 {
		return undef()
	}
	return Inst{Op: op, Rd: rt, Rn: rn, Rm: uint8(h2 & 15), ShT: ShLSL, ShN: uint8(h2 >> 4 & 3), Flags: FAdd | FIndex}
}

// decodeLoad decodes LDR{B,H,SB,SH} and their literal and hint forms.
func decodeLoad(h1, h2 uint32, op, sop Op) Inst {
	rn, rt := uint8(h1&15), uint8(h2>>12&15)
	if h1&0x100 != 0 {
		op = sop
	}
	if op == OpUndef {
		return undef()
	}
	if rn == 15 { // literal
		in := Inst{Op: op, Rd: rt, Rn: 15, ShT: ShImm, Imm: h2 & 0xfff, Flags: FIndex}
		if h1&0x80 != 0 {
			in.Flags |= FAdd
		}
		if rt == 15 && op != OpLDR {
			return Inst{Op: OpNOP} // PLD/PLI literal
		}
		return in
	}
	in := decodeAddrMode(h1, h2, op, rn, rt)
	if rt == 15 && op != OpLDR && in.Op != OpUndef && in.Flags&FWback == 0 && in.Flags&FUnpriv == 0 {
		return Inst{Op: OpNOP} // PLD/PLI
	}
	return in
}

func decodeDPReg(h1, h2 uint32) Inst {
	rn, rd, rm := uint8(h1&15), uint8(h2>>8&15), uint8(h2&15)
	op1, op2 := h1>>4&15, h2>>4&15
	if h2&0xf000 != 0xf000 {
		return undef()
	}
	switch {
	case op1>>1 <= 3 && op2 == 0: // shifts by register
		ops := [4]Op{OpLSLr, OpLSRr, OpASRr, OpRORr}
		in := Inst{Op: ops[op1>>1], Rd: rd, Rn: rn, Rm: rm}
		if op1&1 != 0 {
			in.Flags = FS
		}
		return in
	case op1 <= 5 && op2&8 != 0: // extend (and add)
		if h2&0x40 != 0 { // (0): QEMU raises UNDEFINSTR
			return undef()
		}
		ops := [6]Op{OpSXTH, OpUXTH, OpUndef, OpUndef, OpSXTB, OpUXTB}
		if ops[op1] == OpUndef {
			return dsp(h1, h2) // SXTAB16, UXTAB16
		}
		return Inst{Op: ops[op1], Rd: rd, Rn: rn, Rm: rm, ShN: uint8(h2>>4&3) * 8}
	case op1>>3 == 1 && op2>>3 == 0 && op2&3 != 3 && op1&3 != 3: // parallel add/subtract
		return dsp(h1, h2)
	case op1>>2 == 2 && op2>>2 == 2: // miscellaneous
		switch (op1&3)<<2 | op2&3 {
		case 0, 1, 2, 3, 8: // QADD, QDADD, QSUB, QDSUB, SEL
			return dsp(h1, h2)
		case 4:
			return Inst{Op: OpREV, Rd: rd, Rm: rm}
		case 5:
			return Inst{Op: OpREV16, Rd: rd, Rm: rm}
		case 6:
			return Inst{Op: OpRBIT, Rd: rd, Rm: rm}
		case 7:
			return Inst{Op: OpREVSH, Rd: rd, Rm: rm}
		case 12:
			return Inst{Op: OpCLZ, Rd: rd, Rm: rm}
		}
	}
	return undef()
}

func decodeMul(h1, h2 uint32) Inst {
	if h2&0xc0 != 0 { // 0 0 in every form (QEMU raises UNDEFINSTR)
		return undef()
	}
	rn, ra, rd, rm := uint8(h1&15), uint8(h2>>12&15), uint8(h2>>8&15), uint8(h2&15)
	if op1 := h1 >> 4 & 7; op1 != 0 {
		op2 := h2 >> 4 & 3
		switch {
		case op1 == 1, op1 == 3 && op2 < 2, (op1 == 2 || op1 == 4 || op1 == 5 || op1 == 6) && op2 < 2, op1 == 7 && op2 == 0:
			if op1 == 6 && ra == 15 {
				return undef()
			}
			return dsp(h1, h2)
		}
		return undef()
	}
	switch h2 >> 4 & 3 {
	case 0:
		if ra == 15 {
			return Inst{Op: OpMUL, Rd: rd, Rn: rn, Rm: rm}
		}
		return Inst{Op: OpMLA, Rd: rd, Rn: rn, Rm: rm, Ra: ra}
	case 1:
		return Inst{Op: OpMLS, Rd: rd, Rn: rn, Rm: rm, Ra: ra}
	}
	return undef()
}

func decodeLongMul(h1, h2 uint32) Inst {
	rn, lo, hi, rm := uint8(h1&15), uint8(h2>>12&15), uint8(h2>>8&15), uint8(h2&15)
	op1, op2 := h1>>4&7, h2>>4&15
	switch {
	case op1 == 0 && op2 == 0:
		return Inst{Op: OpSMULL, Rd: lo, Ra: hi, Rn: rn, Rm: rm}
	case op1 == 2 && op2 == 0:
		return Inst{Op: OpUMULL, Rd: lo, Ra: hi, Rn: rn, Rm: rm}
	case op1 == 4 && op2 == 0:
		return Inst{Op: OpSMLAL, Rd: lo, Ra: hi, Rn: rn, Rm: rm}
	case op1 == 6 && op2 == 0:
		return Inst{Op: OpUMLAL, Rd: lo, Ra: hi, Rn: rn, Rm: rm}
	case op1 == 4 && op2>>2 == 2, (op1 == 4 || op1 == 5) && op2>>1 == 6, op1 == 6 && op2 == 6:
		return dsp(h1, h2) // SMLALxy, SMLALD, SMLSLD, UMAAL
	case op1 == 1 && op2 == 15 && lo == 15:
		return Inst{Op: OpSDIV, Rd: hi, Rn: rn, Rm: rm}
	case op1 == 3 && op2 == 15 && lo == 15:
		return Inst{Op: OpUDIV, Rd: hi, Rn: rn, Rm: rm}
	}
	return undef()
}

// dsp returns an ARMv7E-M DSP instruction, executed from its raw bits.
func dsp(h1, h2 uint32) Inst {
	return Inst{Op: OpDSP, Rd: uint8(h2 >> 8 & 15), Rn: uint8(h1 & 15), Rm: uint8(h2 & 15), Ra: uint8(h2 >> 12 & 15), Imm: h1<<16 | h2}
}

// coproc classifies coprocessor space: coprocessors 10 and 11 (with the
// T bit 0) are the floating-point extension, and so is FPv5's
// unconditional space (0xFExx with coprocessor 10/11 and bit 4 clear: VSEL,
// VMAXNM, VRINT, VCVTA...; the executor refuses it without FPv5); the
// rest has no coprocessor.
func coproc(h1, h2 uint32) Inst {
	if h2>>9&7 == 5 && (h1&0x1000 == 0 || h1&0xff00 == 0xfe00 && h2&0x10 == 0) {
		return Inst{Op: OpVFP, Imm: h1<<16 | h2}
	}
	return Inst{Op: OpCoproc}
}
