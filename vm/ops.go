package vm

import "math/bits"

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

// codePage holds the predecoded instructions of one RAM page and the
// decoded blocks built from them (block.go), indexed by start slot.
type codePage struct {
	s        [slotsPerPage]insn
	blk      [slotsPerPage]*block
	cov      slotCover // slots some block was built from
	nblk     int       // entries set in blk
	bps      uint64    // breakpoint fingerprint the blocks were built under
	none     block     // the entry of slots where no block starts
	unlinked block     // the link of blocks not followed yet (n: the most steps)
	lines    lineMarks // activity: lines executed one instruction at a time (exec's switch)
	blkLines uint64    // activity: lines executed by blocks (bit k: line k)
}

// newCodePage returns an empty code page.
func newCodePage() *codePage {
	cp := new(codePage)
	cp.unlinked.n = ^uint64(0)
	return cp
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
	if cp.covered(first, last) {
		cp.dropBlocks()
	}
}

// alu computes the register-register or register-immediate operation op
// on a and b (b is the immediate for the opI forms).
func alu(op uint8, a, b uint32) uint32 {
	switch op {
	case opADDI, opADD:
		return a + b
	case opSUB:
		return a - b
	case opSLTI, opSLT:
		return b2u(int32(a) < int32(b))
	case opSLTIU, opSLTU:
		return b2u(a < b)
	case opXORI, opXOR:
		return a ^ b
	case opORI, opOR:
		return a | b
	case opANDI, opAND:
		return a & b
	case opSLLI, opSLL:
		return a << (b & 31)
	case opSRLI, opSRL:
		return a >> (b & 31)
	case opSRAI, opSRA:
		return uint32(int32(a) >> (b & 31))
	}
	return mulDiv(op, a, b)
}

// mulDiv computes the M extension operation op on a and b.
func mulDiv(op uint8, a, b uint32) uint32 {
	switch op {
	case opMUL:
		return a * b
	case opMULH:
		return uint32(int64(int32(a)) * int64(int32(b)) >> 32)
	case opMULHSU:
		return uint32(int64(int32(a)) * int64(b) >> 32)
	case opMULHU:
		hi, _ := bits.Mul32(a, b)
		return hi
	case opDIV:
		return div(a, b)
	case opDIVU:
		if b == 0 {
			return ^uint32(0)
		}
		return a / b
	case opREM:
		return rem(a, b)
	case opREMU:
		if b != 0 {
			a %= b
		}
		return a
	}
	return 0
}
