package vm

// decode turns an instruction word into a predecoded insn. For a compressed
// instruction only the low 16 bits of w are used.
func decode(w uint32) insn {
	if w&3 != 3 {
		return decodeC(w & 0xffff)
	}
	in := decode32(w)
	in.ln = 4
	if in.op == opIllegal {
		in.imm = int32(w)
	}
	return in
}

func illegal(w uint32) insn { return insn{op: opIllegal, imm: int32(w)} }

func dst(r uint32) uint8 {
	if r == 0 {
		return regSink
	}
	return uint8(r)
}

func immI(w uint32) int32 { return int32(w) >> 20 }
func immS(w uint32) int32 { return int32(w)>>25<<5 | int32(w>>7&0x1f) }
func immB(w uint32) int32 {
	return int32(w)>>31<<12 | int32(w>>7&1)<<11 | int32(w>>25&0x3f)<<5 | int32(w>>8&0xf)<<1
}
func immJ(w uint32) int32 {
	return int32(w)>>31<<20 | int32(w>>12&0xff)<<12 | int32(w>>20&1)<<11 | int32(w>>21&0x3ff)<<1
}

func decode32(w uint32) insn {
	rd, rs1, rs2 := w>>7&31, w>>15&31, w>>20&31
	f3, f7 := w>>12&7, w>>25
	r := func(op uint8) insn { return insn{op: op, rd: dst(rd), rs1: uint8(rs1), rs2: uint8(rs2)} }
	i := func(op uint8) insn { return insn{op: op, rd: dst(rd), rs1: uint8(rs1), imm: immI(w)} }
	switch w & 0x7f {
	case 0x37:
		return insn{op: opLUI, rd: dst(rd), imm: int32(w & 0xfffff000)}
	case 0x17:
		return insn{op: opAUIPC, rd: dst(rd), imm: int32(w & 0xfffff000)}
	case 0x6f:
		return insn{op: opJAL, rd: dst(rd), imm: immJ(w)}
	case 0x67:
		if f3 == 0 {
			return i(opJALR)
		}
	case 0x63:
		ops := [8]uint8{opBEQ, opBNE, opIllegal, opIllegal, opBLT, opBGE, opBLTU, opBGEU}
		if op := ops[f3]; op != opIllegal {
			return insn{op: op, rs1: uint8(rs1), rs2: uint8(rs2), imm: immB(w)}
		}
	case 0x03:
		ops := [8]uint8{opLB, opLH, opLW, opIllegal, opLBU, opLHU, opIllegal, opIllegal}
		if op := ops[f3]; op != opIllegal {
			return i(op)
		}
	case 0x23:
		ops := [8]uint8{opSB, opSH, opSW, opIllegal, opIllegal, opIllegal, opIllegal, opIllegal}
		if op := ops[f3]; op != opIllegal {
			return insn{op: op, rs1: uint8(rs1), rs2: uint8(rs2), imm: immS(w)}
		}
	case 0x13:
		return decodeOpImm(w, f3, f7, i)
	case 0x33:
		return decodeOp(f3, f7, r)
	case 0x0f:
		switch f3 {
		case 0:
			return insn{op: opFENCE}
		case 1:
			return insn{op: opFENCEI}
		}
	case 0x73:
		return decodeSystem(w, f3, rd, rs1)
	case 0x2f:
		return decodeAMO(w, f3, r)
	}
	return illegal(w)
}

func decodeOpImm(w, f3, f7 uint32, i func(uint8) insn) insn {
	switch f3 {
	case 0:
		return i(opADDI)
	case 2:
		return i(opSLTI)
	case 3:
		return i(opSLTIU)
	case 4:
		return i(opXORI)
	case 6:
		return i(opORI)
	case 7:
		return i(opANDI)
	case 1:
		if f7 == 0 {
			in := i(opSLLI)
			in.imm &= 31
			return in
		}
	case 5:
		switch f7 {
		case 0:
			in := i(opSRLI)
			in.imm &= 31
			return in
		case 0x20:
			in := i(opSRAI)
			in.imm &= 31
			return in
		}
	}
	return illegal(w)
}

func decodeOp(f3, f7 uint32, r func(uint8) insn) insn {
	switch f7 {
	case 0:
		ops := [8]uint8{opADD, opSLL, opSLT, opSLTU, opXOR, opSRL, opOR, opAND}
		return r(ops[f3])
	case 0x20:
		switch f3 {
		case 0:
			return r(opSUB)
		case 5:
			return r(opSRA)
		}
	case 1:
		ops := [8]uint8{opMUL, opMULH, opMULHSU, opMULHU, opDIV, opDIVU, opREM, opREMU}
		return r(ops[f3])
	}
	return insn{op: opIllegal}
}

func decodeSystem(w, f3, rd, rs1 uint32) insn {
	switch f3 {
	case 0:
		switch w {
		case 0x00000073:
			return insn{op: opECALL}
		case 0x00100073:
			return insn{op: opEBREAK}
		case 0x30200073:
			return insn{op: opMRET}
		case 0x10500073:
			return insn{op: opWFI}
		}
	case 1, 2, 3, 5, 6, 7:
		ops := [8]uint8{0, opCSRRW, opCSRRS, opCSRRC, 0, opCSRRWI, opCSRRSI, opCSRRCI}
		return insn{op: ops[f3], rd: dst(rd), rs1: uint8(rs1), imm: int32(w >> 20)}
	}
	return illegal(w)
}

func decodeAMO(w, f3 uint32, r func(uint8) insn) insn {
	if f3 != 2 {
		return illegal(w)
	}
	var op uint8
	switch w >> 27 {
	case 0x02:
		if w>>20&31 != 0 {
			return illegal(w)
		}
		op = opLR
	case 0x03:
		op = opSC
	case 0x01:
		op = opAMOSWAP
	case 0x00:
		op = opAMOADD
	case 0x04:
		op = opAMOXOR
	case 0x0c:
		op = opAMOAND
	case 0x08:
		op = opAMOOR
	case 0x10:
		op = opAMOMIN
	case 0x14:
		op = opAMOMAX
	case 0x18:
		op = opAMOMINU
	case 0x1c:
		op = opAMOMAXU
	default:
		return illegal(w)
	}
	return r(op)
}
