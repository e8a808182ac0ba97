package vm

import (
	"math/bits"
	"unsafe"
)

// chainState is what runChain keeps in memory rather than in registers,
// so that its dispatch loop holds only the registers, the operations and
// the index live (Go would otherwise reload them at every operation).
type chainState struct {
	fp    []fastPage // the memory's fast-path views
	left  uint64     // steps left of the budget
	lines uint64     // lines of the page the blocks run cover (bit k: line k)
}

// runBlocks runs the decoded blocks of page cp (address cpBase) from pc,
// one after another, while a whole block fits in limit-n steps. It returns
// the pc and step count at the first instruction it leaves to the
// per-instruction executor: one no block can hold (a CSR access, a trap,
// a breakpoint, ...), a load or store whose fast path does not apply, an
// address outside the page, or the steps left before limit. A load from a
// device does not leave the blocks: runBlocks does it as the executor
// would (deviceLoad) and goes on with the rest of its block, unless the
// load ends the batch (m.brk, as the executor's slow path does), and then
// it returns the pc and count after it.
func (m *Machine) runBlocks(h *Hart, cp *codePage, cpBase, pc uint32, n, limit uint64) (uint32, uint64) {
	x := &h.x
	c := chainState{fp: m.mem.fast}
	var b, last *block // last: the block run last, whose link to the next is not known
	var from *bop      // where to go on in last after a device load
	for {
		if from == nil {
			off := pc - cpBase
			if off >= pageSize {
				break
			}
			if b = cp.blk[off>>1]; b == nil {
				if limit-n < maxBlockLen {
					break // the end of a batch: not worth a block
				}
				b = m.buildBlock(cp, cpBase, pc)
			}
			if b.n == 0 || b.n > limit-n {
				break
			}
			if last != nil {
				last.link(pc, b)
			}
		} else {
			b = last // its steps fit: it was entered
		}
		var exit *bop
		c.left = limit - n
		if from == nil && m.rvjitEnter(cp, cpBase, last, b) {
			last, pc, exit = rvjitRun(h, cp, cpBase, b, &c)
		} else {
			if from == nil {
				from = &b.ops[0]
			}
			last, pc, exit = runChain(x, b, &c, from)
		}
		from = nil
		n = limit - c.left
		if exit == nil {
			continue
		}
		at := n + uint64(exit.k) // the steps before the exit's instruction
		if !m.deviceLoad(h, exit, at) {
			pc, n = exit.pc, at
			break
		}
		if m.brk {
			m.brkPC = exit.pc
			pc, n = exit.pc+uint32(cp.s[(exit.pc-cpBase)>>1].ln), at+1
			break
		}
		from = (*bop)(unsafe.Add(unsafe.Pointer(exit), unsafe.Sizeof(bop{}))) // a load never ends a block
	}
	cp.blkLines |= c.lines
	return pc, n
}

// deviceLoad does load o of a block, which left it, when its address is
// outside RAM: through the slow path, as the executor's switch would with
// inflight steps before it. It reports false, having done nothing, for a
// load from RAM (the first of a page, a watched page, a page's end) or
// one that faults: the switch then runs it.
func (m *Machine) deviceLoad(h *Hart, o *bop, inflight uint64) bool {
	var size int
	switch o.op {
	case opLB, opLBU:
		size = 1
	case opLH, opLHU:
		size = 2
	case opLW:
		size = 4
	default:
		return false
	}
	addr := h.x[o.rs1] + uint32(o.imm) + m.mem.base // imm is relative to the base
	if m.mem.contains(addr, uint32(size)) {
		return false
	}
	v, ok := m.load(h, addr, size, inflight)
	if !ok {
		return false // a fault has no effect: the switch takes it again
	}
	switch o.op {
	case opLB:
		v = uint32(int32(int8(v)))
	case opLH:
		v = uint32(int32(int16(v)))
	}
	h.x[o.rd] = v
	return true
}

// runChain runs block b on registers x from its operation o, then the
// blocks linked after it,
// while each fits in the steps left (c.left, which it lowers by the steps
// it runs), adding the lines each block covers to c.lines (the page's
// executed-lines activity; a block left at a load or store marks its lines
// all the same, which only makes a reverse search scan a segment it could
// have skipped). It returns the block it ran last and the next pc. exit is
// nil, or the operation of last where it stopped: a load or store whose
// fast path did not apply (nothing of it and after it was done, and the
// steps of last are not counted). Loads and stores hold their offset from
// the memory's base in imm.
//
// The operations are walked by pointer: every block ends with a terminator
// (a branch, a jump, a fused add and branch, or opFall), whose case leaves
// the loop, and no other operation does, so the walk never passes the end
// of b.ops (addBlock guarantees it). An operation the
// switch does not know leaves the chain like a load whose fast path does
// not apply.
func runChain(x *[256]uint32, b *block, c *chainState, o *bop) (last *block, pc uint32, exit *bop) {
	var nb *block
	_ = x[0]           // one nil check of x for every operation below
	c.lines |= b.lines // activity: as below (b may be resumed after a device load: marked again)
	goto run
next:
	c.lines |= b.lines // activity: the lines of b (all its runs, followed jumps included)
body:
	o = unsafe.SliceData(b.ops) // never empty (addBlock): &b.ops[0] without its check
run:
	for ; ; o = (*bop)(unsafe.Add(unsafe.Pointer(o), unsafe.Sizeof(bop{}))) {
		switch o.op & 127 {
		case opUndecoded, opBreak, opIllegal, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127:
			// Never in a block. 88-127 are the values above opFall, listed so
			// that the jump table covers 0-127 without a range check (a new
			// operation makes one of them a duplicate case: a compile error).
			return b, 0, o
		case opLUI:
			x[o.rd] = uint32(o.imm)
		case opFall:
			goto fall
		case opJAL:
			x[o.rd] = o.pc
			pc = uint32(o.imm)
			goto jump
		case opJALR:
			pc = (x[o.rs1] + uint32(o.imm)) &^ 1
			x[o.rd] = o.pc
			goto jump
		case opBEQ:
			if x[o.rs1] == x[o.rs2] {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opBNE:
			if x[o.rs1] != x[o.rs2] {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opBLT:
			if int32(x[o.rs1]) < int32(x[o.rs2]) {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opBGE:
			if int32(x[o.rs1]) >= int32(x[o.rs2]) {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opBLTU:
			if x[o.rs1] < x[o.rs2] {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opBGEU:
			if x[o.rs1] >= x[o.rs2] {
				pc = uint32(o.imm)
				goto jump
			}
			goto fall
		case opLW:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].rd; p != nil && a&pageMask <= pageSize-4 {
					x[o.rd] = le.Uint32(p.data[a&pageMask:])
					continue
				}
			}
			return b, 0, o
		case opLBU:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].rd; p != nil {
					x[o.rd] = uint32(p.data[a&pageMask])
					continue
				}
			}
			return b, 0, o
		case opLB:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].rd; p != nil {
					x[o.rd] = uint32(int32(int8(p.data[a&pageMask])))
					continue
				}
			}
			return b, 0, o
		case opLHU:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].rd; p != nil && a&pageMask <= pageSize-2 {
					x[o.rd] = uint32(le.Uint16(p.data[a&pageMask:]))
					continue
				}
			}
			return b, 0, o
		case opLH:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].rd; p != nil && a&pageMask <= pageSize-2 {
					x[o.rd] = uint32(int32(int16(le.Uint16(p.data[a&pageMask:]))))
					continue
				}
			}
			return b, 0, o
		case opSW:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p, off := fp[k].wr, a&pageMask; p != nil && off <= pageSize-4 {
					le.PutUint32(p.data[off:], x[o.rs2])
					p.wl[off>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, 0, o
		case opSB:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p := fp[k].wr; p != nil {
					off := a & pageMask
					p.data[off] = byte(x[o.rs2])
					p.wl[off>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, 0, o
		case opSH:
			a := x[o.rs1] + uint32(o.imm)
			if fp, k := c.fp, uint(a>>pageShift); k < uint(len(fp)) {
				if p, off := fp[k].wr, a&pageMask; p != nil && off <= pageSize-2 {
					le.PutUint16(p.data[off:], uint16(x[o.rs2]))
					p.wl[off>>LineShift] = 1 // activity: a line stored to
					continue
				}
			}
			return b, 0, o
		case opADDI:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
		case opSLTI:
			x[o.rd] = b2u(int32(x[o.rs1]) < o.imm)
		case opSLTIU:
			x[o.rd] = b2u(x[o.rs1] < uint32(o.imm))
		case opXORI:
			x[o.rd] = x[o.rs1] ^ uint32(o.imm)
		case opORI:
			x[o.rd] = x[o.rs1] | uint32(o.imm)
		case opANDI:
			x[o.rd] = x[o.rs1] & uint32(o.imm)
		case opSLLI:
			x[o.rd] = x[o.rs1] << (uint32(o.imm) & 31)
		case opSRLI:
			x[o.rd] = x[o.rs1] >> (uint32(o.imm) & 31)
		case opSRAI:
			x[o.rd] = uint32(int32(x[o.rs1]) >> (uint32(o.imm) & 31))
		case opADD:
			x[o.rd] = x[o.rs1] + x[o.rs2]
		case opSUB:
			x[o.rd] = x[o.rs1] - x[o.rs2]
		case opSLL:
			x[o.rd] = x[o.rs1] << (x[o.rs2] & 31)
		case opSLT:
			x[o.rd] = b2u(int32(x[o.rs1]) < int32(x[o.rs2]))
		case opSLTU:
			x[o.rd] = b2u(x[o.rs1] < x[o.rs2])
		case opXOR:
			x[o.rd] = x[o.rs1] ^ x[o.rs2]
		case opSRL:
			x[o.rd] = x[o.rs1] >> (x[o.rs2] & 31)
		case opSRA:
			x[o.rd] = uint32(int32(x[o.rs1]) >> (x[o.rs2] & 31))
		case opOR:
			x[o.rd] = x[o.rs1] | x[o.rs2]
		case opAND:
			x[o.rd] = x[o.rs1] & x[o.rs2]
		case opMUL:
			x[o.rd] = x[o.rs1] * x[o.rs2]
		case opMULH:
			x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(int32(x[o.rs2])) >> 32)
		case opMULHSU:
			x[o.rd] = uint32(int64(int32(x[o.rs1])) * int64(x[o.rs2]) >> 32)
		case opMULHU:
			x[o.rd], _ = bits.Mul32(x[o.rs1], x[o.rs2])
		case opDIV:
			x[o.rd] = fdiv(x[o.rs1], x[o.rs2])
		case opDIVU:
			if d := x[o.rs2]; d != 0 {
				x[o.rd] = fdivu(x[o.rs1], d)
			} else {
				x[o.rd] = ^uint32(0)
			}
		case opREM:
			x[o.rd] = frem(x[o.rs1], x[o.rs2])
		case opADDIBEQ:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] == x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIBNE:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] != x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIBLT:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) < int32(x[b2]) {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIBGE:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) >= int32(x[b2]) {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIBLTU:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] < x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIBGEU:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] >= x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBEQ:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] == x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBNE:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] != x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBLT:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) < int32(x[b2]) {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBGE:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); int32(x[b1]) >= int32(x[b2]) {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBLTU:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] < x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDBGEU:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			if b1, b2 := uint8(o.k), uint8(o.k>>8); x[b1] >= x[b2] {
				pc = o.pc
				goto jump
			}
			goto fall
		case opADDIADDI:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			x[uint8(o.k)] = x[uint8(o.k>>8)] + o.pc
		case opADDIADD:
			x[o.rd] = x[o.rs1] + uint32(o.imm)
			x[uint8(o.k)] = x[uint8(o.k>>8)] + x[uint8(o.k>>16)]
		case opADDADDI:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			x[uint8(o.k)] = x[uint8(o.k>>8)] + o.pc
		case opADDADD:
			x[o.rd] = x[o.rs1] + x[o.rs2]
			x[uint8(o.k)] = x[uint8(o.k>>8)] + x[uint8(o.k>>16)]
		case opREMU:
			if a, d := x[o.rs1], x[o.rs2]; d != 0 {
				x[o.rd] = a - fdivu(a, d)*d
			} else {
				x[o.rd] = a
			}
		default: // opUndecoded, opBreak, opIllegal: never in a block
			return b, 0, o
		}
	}
fall:
	c.left -= b.n
	if nb = b.fall; nb.n > c.left { // an unlinked fall is cp.unlinked, which never fits
		return b, b.end, nil
	}
	goto link
jump:
	c.left -= b.n
	if nb = b.jump; pc != b.jumpPC || nb.n > c.left {
		return b, pc, nil
	}
link:
	if nb == b {
		goto body // a loop: its lines are marked
	}
	b = nb
	goto next
}

// The divisions of runChain divide in floating point: x86's integer
// division works in fixed registers, around which Go shuffled the loop's
// registers at every operation. The quotient is exact: the divisor and
// dividend are below 2^32 in magnitude, so a non-integer quotient q lies at
// least 1/|d| from the next integer, more than double rounding's error
// (|q| * 2^-53 <= |a|/|d| * 2^-53 < 1/|d|), and truncation finds the
// integer division's result. divu and remu leave d = 0 to the caller.

// fdivu is a/d for d != 0.
func fdivu(a, d uint32) uint32 { return uint32(float64(a) / float64(d)) }

// fdiv is RISC-V div: -1 for d = 0; MinInt32 / -1 overflows to MinInt32
// (2^31 truncated to 32 bits).
func fdiv(a, d uint32) uint32 {
	if d == 0 {
		return ^uint32(0)
	}
	return uint32(int64(float64(int32(a)) / float64(int32(d))))
}

// frem is RISC-V rem: a for d = 0; 0 for MinInt32 % -1.
func frem(a, d uint32) uint32 {
	if d == 0 {
		return a
	}
	return a - fdiv(a, d)*d
}
