package vm

import "github.com/rewind-debugger/rewind/vm/thumb"

// Fast forms of Thumb instructions, stored in thumb.Inst.X when a page
// slot is decoded. Each names one operation on one operand form with every
// decode-time condition already checked (no PC operand, no unusual shift),
// so armBlocks runs it without re-examining the fields. 0 means the
// instruction always takes the full switch.
const (
	xNone  uint8 = iota
	xMOVi        // Rd = Imm (MOV without S, MOVW)
	xMOVr        // Rd = Rm
	xMOVSr       // Rd = Rm; NZ
	xMOVSi       // Rd = Imm; NZ (an immediate without carry out)
	xLSL         // Rd = Rm << ShN (1-31), no flags
	xLSR
	xASR
	xLSLS // the same with NZC
	xLSRS
	xASRS
	xADDi // Rd = Rn + Imm
	xADDr
	xSUBi
	xSUBr
	xADDSi // the same with NZCV
	xADDSr
	xSUBSi
	xSUBSr
	xCMPi
	xCMPr
	xRSBSi // Rd = Imm - Rn; NZCV (NEGS)
	xANDr  // logical, register operand, no flags
	xORRr
	xEORr
	xBICr
	xANDSr // logical, register operand, NZ
	xORRSr
	xEORSr
	xBICSr
	xMVNSr
	xTSTr
	xADDsh // Rd = Rn op (Rm shifted by a constant LSL, LSR or ASR), no flags
	xSUBsh
	xRSBsh
	xANDsh
	xORRsh
	xEORsh
	xBICsh
	xDP // any other data-processing form: operand Imm, Rm or Rm shifted by a constant
	xSBFX
	xUBFX
	xUXTB
	xUXTH
	xSXTB
	xSXTH
	xMUL
	xMULS
	xMLA
	xMLS
	xUMULL
	xSMULL
	xUMLAL
	xSMLAL
	xUDIV // divisor 0 takes the full switch (DIV_0_TRP)
	xSDIV
	xMOVT
	xCLZ
	xADR
	xB
	xBcc
	xBL
	xCBZ
	xCBNZ
	xBX    // plain interworking branches only (no exception return, no T=0)
	xBLX   // likewise
	xLDRi  // word load, Rn + Imm, no writeback
	xLDRBi // likewise, byte
	xSTRi  // word store, Rn + Imm, no writeback
	xSTRBi
	xLDRr   // word load, Rn + (Rm << ShN), no writeback
	xLDRBr  // likewise, byte
	xSTRr   // word store, Rn + (Rm << ShN), no writeback
	xSTRBr  // likewise, byte
	xLDRiw  // word load, immediate offset with writeback (pre- or post-indexed)
	xLDRBiw // likewise, byte
	xSTRiw  // word store, immediate offset with writeback
	xSTRBiw // likewise, byte
	xLD     // any other load of LDR/LDRB/LDRH/LDRSB/LDRSH (literal included)
	xST     // any other store of STR/STRB/STRH
	xLDM    // LDMIA without PC in the list
	xLDMpc  // LDMIA with PC (POP {..., pc})
	xSTMDB  // STMDB (PUSH)
	xNOP
)

// armFastKind classifies a decoded instruction for armBlocks.
func armFastKind(in *thumb.Inst) uint8 {
	switch in.Op {
	case thumb.OpMOV, thumb.OpMVN, thumb.OpAND, thumb.OpORR, thumb.OpEOR, thumb.OpBIC, thumb.OpORN,
		thumb.OpADD, thumb.OpSUB, thumb.OpRSB, thumb.OpADC, thumb.OpSBC,
		thumb.OpCMP, thumb.OpCMN, thumb.OpTST, thumb.OpTEQ:
		return armFastDP(in)
	case thumb.OpSBFX, thumb.OpUBFX:
		if in.Rd == 15 || in.Rn == 15 || in.Imm+uint32(in.ShN) > 32 || in.ShN == 0 {
			return xNone
		}
		return [2]uint8{xSBFX, xUBFX}[in.Op-thumb.OpSBFX]
	case thumb.OpUXTB, thumb.OpUXTH, thumb.OpSXTB, thumb.OpSXTH:
		if in.Rd == 15 || in.Rm == 15 || in.Rn != 15 || in.ShN != 0 {
			return xNone
		}
		switch in.Op {
		case thumb.OpUXTB:
			return xUXTB
		case thumb.OpUXTH:
			return xUXTH
		case thumb.OpSXTB:
			return xSXTB
		}
		return xSXTH
	case thumb.OpMUL, thumb.OpMLA, thumb.OpMLS, thumb.OpUMULL, thumb.OpSMULL, thumb.OpUMLAL, thumb.OpSMLAL,
		thumb.OpUDIV, thumb.OpSDIV:
		return armFastMul(in)
	case thumb.OpMOVW:
		return pick(in.Rd != 15, xMOVi)
	case thumb.OpMOVT:
		return pick(in.Rd != 15, xMOVT)
	case thumb.OpCLZ:
		return pick(in.Rd != 15 && in.Rm != 15, xCLZ)
	case thumb.OpADR:
		return pick(in.Rd != 15, xADR)
	case thumb.OpB:
		if in.Cond == 14 {
			return xB
		}
		return xBcc
	case thumb.OpBL:
		return xBL
	case thumb.OpCBZ:
		return xCBZ
	case thumb.OpCBNZ:
		return xCBNZ
	case thumb.OpBX:
		return pick(in.Rm != 15, xBX)
	case thumb.OpBLX:
		return pick(in.Rm != 15, xBLX)
	case thumb.OpLDR, thumb.OpLDRB, thumb.OpLDRH, thumb.OpLDRSB, thumb.OpLDRSH,
		thumb.OpSTR, thumb.OpSTRB, thumb.OpSTRH:
		return armFastMem(in)
	case thumb.OpLDM:
		if in.Rn == 15 || in.Imm == 0 || in.Imm&(1<<in.Rn|1<<13) != 0 {
			return xNone
		}
		if in.Imm&(1<<15) != 0 {
			return xLDMpc
		}
		return xLDM
	case thumb.OpSTMDB:
		return pick(in.Rn != 15 && in.Imm != 0 && in.Imm&(1<<13|1<<15) == 0, xSTMDB)
	case thumb.OpNOP:
		return xNOP
	}
	return xNone
}

// pick is x when ok, else xNone.
func pick(ok bool, x uint8) uint8 {
	if ok {
		return x
	}
	return xNone
}

// armFastDP classifies the data-processing instructions.
func armFastDP(in *thumb.Inst) uint8 {
	op := in.Op
	writes := op != thumb.OpCMP && op != thumb.OpCMN && op != thumb.OpTST && op != thumb.OpTEQ
	reads := op != thumb.OpMOV && op != thumb.OpMVN
	imm := in.ShT == thumb.ShImm
	if (writes && in.Rd == 15) || (reads && in.Rn == 15) || (!imm && in.Rm == 15) {
		return xNone
	}
	reg := in.ShT == thumb.ShLSL && in.ShN == 0
	if !imm && !reg && (in.ShT > thumb.ShROR || in.ShN == 0 || in.ShN >= 32) {
		return xNone
	}
	s := in.Flags&thumb.FS != 0
	type form struct {
		op      thumb.Op
		s, imm  bool
		reg     bool
		shifted bool
	}
	shifted := !imm && !reg
	f := form{op, s, imm, reg, shifted}
	switch f {
	case form{thumb.OpMOV, false, true, false, false}:
		return xMOVi
	case form{thumb.OpMOV, false, false, true, false}:
		return xMOVr
	case form{thumb.OpMOV, true, false, true, false}:
		return xMOVSr
	case form{thumb.OpMOV, true, true, false, false}:
		return pick(in.Flags&thumb.FImmC == 0, xMOVSi)
	case form{thumb.OpADD, false, true, false, false}:
		return xADDi
	case form{thumb.OpADD, false, false, true, false}:
		return xADDr
	case form{thumb.OpSUB, false, true, false, false}:
		return xSUBi
	case form{thumb.OpSUB, false, false, true, false}:
		return xSUBr
	case form{thumb.OpADD, true, true, false, false}:
		return xADDSi
	case form{thumb.OpADD, true, false, true, false}:
		return xADDSr
	case form{thumb.OpSUB, true, true, false, false}:
		return xSUBSi
	case form{thumb.OpSUB, true, false, true, false}:
		return xSUBSr
	case form{thumb.OpCMP, true, true, false, false}:
		return xCMPi
	case form{thumb.OpCMP, true, false, true, false}:
		return xCMPr
	case form{thumb.OpRSB, true, true, false, false}:
		return xRSBSi
	case form{thumb.OpAND, false, false, true, false}:
		return xANDr
	case form{thumb.OpORR, false, false, true, false}:
		return xORRr
	case form{thumb.OpEOR, false, false, true, false}:
		return xEORr
	case form{thumb.OpBIC, false, false, true, false}:
		return xBICr
	case form{thumb.OpAND, true, false, true, false}:
		return xANDSr
	case form{thumb.OpORR, true, false, true, false}:
		return xORRSr
	case form{thumb.OpEOR, true, false, true, false}:
		return xEORSr
	case form{thumb.OpBIC, true, false, true, false}:
		return xBICSr
	case form{thumb.OpMVN, true, false, true, false}:
		return xMVNSr
	case form{thumb.OpTST, true, false, true, false}:
		return xTSTr
	}
	if shifted && in.ShT != thumb.ShROR {
		if op == thumb.OpMOV {
			return [2][3]uint8{{xLSL, xLSR, xASR}, {xLSLS, xLSRS, xASRS}}[b2u(s)][in.ShT]
		}
		if !s {
			switch op {
			case thumb.OpADD:
				return xADDsh
			case thumb.OpSUB:
				return xSUBsh
			case thumb.OpRSB:
				return xRSBsh
			case thumb.OpAND:
				return xANDsh
			case thumb.OpORR:
				return xORRsh
			case thumb.OpEOR:
				return xEORsh
			case thumb.OpBIC:
				return xBICsh
			}
		}
	}
	return xDP
}

// armFastMul classifies the multiplies and divides.
func armFastMul(in *thumb.Inst) uint8 {
	if in.Rd == 15 || in.Rn == 15 || in.Rm == 15 {
		return xNone
	}
	switch in.Op {
	case thumb.OpMUL:
		if in.Flags&thumb.FS != 0 {
			return xMULS
		}
		return xMUL
	case thumb.OpUDIV:
		return xUDIV
	case thumb.OpSDIV:
		return xSDIV
	}
	if in.Ra == 15 || (in.Ra == in.Rd && in.Op != thumb.OpMLA && in.Op != thumb.OpMLS) {
		return xNone
	}
	switch in.Op {
	case thumb.OpMLA:
		return xMLA
	case thumb.OpMLS:
		return xMLS
	case thumb.OpUMULL:
		return xUMULL
	case thumb.OpSMULL:
		return xSMULL
	case thumb.OpUMLAL:
		return xUMLAL
	}
	return xSMLAL
}

// armFastMem classifies the single loads and stores.
func armFastMem(in *thumb.Inst) uint8 {
	load := in.Op != thumb.OpSTR && in.Op != thumb.OpSTRB && in.Op != thumb.OpSTRH
	if in.Rd == 15 || in.Flags&thumb.FUnpriv != 0 || (in.ShT != thumb.ShImm && in.Rm == 15) {
		return xNone
	}
	if in.Rn == 15 {
		// Literal loads only: no writeback, offset immediate.
		return pick(load && in.ShT == thumb.ShImm && in.Flags&thumb.FWback == 0 && in.Flags&thumb.FIndex != 0, xLD)
	}
	if in.Flags&thumb.FWback != 0 && in.Rn == in.Rd {
		return xNone // unpredictable; the full switch decides
	}
	imm := in.ShT == thumb.ShImm
	simple := in.Flags&(thumb.FAdd|thumb.FIndex|thumb.FWback) == thumb.FAdd|thumb.FIndex
	wback := imm && in.Flags&thumb.FWback != 0
	word, byt := in.Op == thumb.OpLDR || in.Op == thumb.OpSTR, in.Op == thumb.OpLDRB || in.Op == thumb.OpSTRB
	switch {
	case simple && imm && word:
		return pick(load, xLDRi) | pick(!load, xSTRi)
	case simple && imm && byt:
		return pick(load, xLDRBi) | pick(!load, xSTRBi)
	case simple && !imm && in.ShT == thumb.ShLSL && word:
		return pick(load, xLDRr) | pick(!load, xSTRr)
	case simple && !imm && in.ShT == thumb.ShLSL && byt:
		return pick(load, xLDRBr) | pick(!load, xSTRBr)
	case wback && word:
		return pick(load, xLDRiw) | pick(!load, xSTRiw)
	case wback && byt:
		return pick(load, xLDRBiw) | pick(!load, xSTRBiw)
	case load:
		return xLD
	}
	return xST
}
