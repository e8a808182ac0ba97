package vm

// Predecoded operations. opUndecoded (the zero value) makes the executor
// decode the slot; opBreak marks a breakpoint slot.
const (
	opUndecoded uint8 = iota
	opBreak
	opIllegal
	opLUI
	opAUIPC
	opJAL
	opJALR
	opBEQ
	opBNE
	opBLT
	opBGE
	opBLTU
	opBGEU
	opLB
	opLH
	opLW
	opLBU
	opLHU
	opSB
	opSH
	opSW
	opADDI
	opSLTI
	opSLTIU
	opXORI
	opORI
	opANDI
	opSLLI
	opSRLI
	opSRAI
	opADD
	opSUB
	opSLL
	opSLT
	opSLTU
	opXOR
	opSRL
	opSRA
	opOR
	opAND
	opFENCE
	opFENCEI
	opECALL
	opEBREAK
	opMRET
	opWFI
	opCSRRW
	opCSRRS
	opCSRRC
	opCSRRWI
	opCSRRSI
	opCSRRCI
	opMUL
	opMULH
	opMULHSU
	opMULHU
	opDIV
	opDIVU
	opREM
	opREMU
	opLR
	opSC
	opAMOSWAP
	opAMOADD
	opAMOXOR
	opAMOAND
	opAMOOR
	opAMOMIN
	opAMOMAX
	opAMOMINU
	opAMOMAXU
	opCount
)

// insn is one predecoded instruction. rd is regSink when the destination is
// x0, so executing never needs to test for x0. For CSR instructions imm is
// the CSR number and rs1 the register or 5-bit immediate field; for
// opIllegal imm holds the instruction bits (for mtval).
type insn struct {
	op           uint8
	rd, rs1, rs2 uint8
	imm          int32
	ln           uint8   // 2 or 4 bytes
	_            [7]byte // 16 bytes: a slot's address is one scaled add
}

// regSink is where writes to x0 go.
const regSink = 32

// slotsPerPage is the number of 2-byte instruction slots in a page.
const slotsPerPage = pageSize / 2

// codePage holds the predecoded instructions of one RAM page.
type codePage struct {
	s     [slotsPerPage]insn
	lines lineMarks // activity: lines executed (see memory.noteExec)
}

// invalidate forgets the decoded instructions overlapping bytes [o, o+n).
// Breakpoint slots keep their mark (they decode afresh each time).
func (cp *codePage) invalidate(o, n uint32) {
	first := uint32(0)
	if o >= 2 {
		first = (o - 2) >> 1
	}
	last := (o + n - 1) >> 1
	if last >= slotsPerPage {
		last = slotsPerPage - 1
	}
	for k := first; k <= last; k++ {
		if cp.s[k].op != opBreak {
			cp.s[k].op = opUndecoded
		}
	}
}
