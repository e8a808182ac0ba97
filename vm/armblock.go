package vm

import (
	"math"

	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armBlockMax is the most instructions a Thumb block holds.
const armBlockMax = 48

// Block terminators that armFastKind never returns: a straight run's end
// without a branch (the next instruction has no fast form, the page or the
// block size ends), and a compare (CMP immediate or register, SUBS
// immediate) fused with the conditional branch after it.
const (
	xFall   = xNOP + 1 + iota // continue at nt
	xCMPiB                    // CMP Rn, #Imm; B<Cond> t
	xCMPrB                    // CMP Rn, Rm; B<Cond> t
	xSUBSiB                   // SUBS Rd, Rn, #Imm; B<Cond> t
)

// armOp is one instruction of a Thumb block: the decoded instruction (X
// its fast form), its address, the steps of the block before it, and for
// a terminator with fixed targets the taken one t and the next pc nt.
type armOp struct {
	thumb.Inst
	k  uint16 // steps of the block before it
	cm uint16 // a conditional branch's condTable entry
	pc uint32
	t  uint32
	nt uint32
}

// armBlock is a straight run of fast-form Thumb instructions of one page,
// ending with a branch or xFall. n is its step count.
type armBlock struct {
	ops    []armOp
	n      uint64
	lines  uint64    // bit k: line k of the page
	tk, nt *armBlock // the blocks at the terminator's targets t and nt, once met
	// Compiled code (armjit.go), 0 when the block has none: its entry
	// from Go, its entry from other compiled blocks, and the latter of tk
	// and nt once armJitLink linked them; bodyE is the entry past the
	// budget check, for a block that checked this one's steps itself
	// (armjitedge.go), and liveIn the flags this block's code reads
	// before writing them or leaving (NZCV, bits 3-0).
	gentry, entry, tkE, ntE, bodyE uintptr
	liveIn                         uint8
	lazy                           []ajLazy // the code's sites that look tkE or ntE up (armjit.go)
}

// armNoBlock is the block of a slot where no block starts (its first
// instruction has no fast form): it never fits in the steps left.
var armNoBlock = &armBlock{n: math.MaxUint64}

// armBlockAt returns the block starting at page offset o of ap (address
// apBase), building it on first use.
func (m *Machine) armBlockAt(ap *armPage, apBase, o uint32) *armBlock {
	if b := ap.blk[o>>1]; b != nil {
		return b
	}
	if m.jitCode() != nil {
		return m.armJitBuild(ap, apBase, o)
	}
	b := m.armBuildBlock(ap, apBase, o)
	ap.blk[o>>1] = b
	ap.nblk++
	return b
}

// coverBlock marks the slots of b's instructions (cover).
func (ap *armPage) coverBlock(b *armBlock, apBase uint32) {
	for k := range b.ops {
		op := &b.ops[k]
		switch op.X {
		case xFall:
		case xCMPiB, xCMPrB, xSUBSiB:
			ap.cover(op.pc-apBase, op.nt-op.pc)
		default:
			ap.cover(op.pc-apBase, uint32(op.Size))
		}
	}
}

// armSlot returns the decoded slot at page offset o, decoding it as the
// executor's switch would; nil when it cannot be cached (a 32-bit
// instruction crossing the page end, an unreadable halfword).
func (m *Machine) armSlot(ap *armPage, apBase, o uint32) *thumb.Inst {
	in := &ap.s[o>>1]
	if in.Op != thumb.OpUndecoded {
		return in
	}
	tmp, ok := m.armDecodeAt(apBase + o)
	if !ok || (o == pageSize-2 && tmp.Size == 4) {
		return nil
	}
	*in = tmp
	return in
}

// armBuildBlock decodes the straight run of fast-form instructions at page
// offset o into a block (armNoBlock when the first has none).
func (m *Machine) armBuildBlock(ap *armPage, apBase, o uint32) *armBlock {
	b := &armBlock{}
	lo := o >> LineShift
	for len(b.ops) < armBlockMax && o < pageSize {
		in := m.armSlot(ap, apBase, o)
		if in == nil || in.X == xNone {
			break
		}
		op := armOp{Inst: *in, pc: apBase + o, k: uint16(b.n), cm: condTable[in.Cond&15]}
		ap.cover(o, uint32(in.Size))
		b.n++
		o += uint32(in.Size)
		switch in.X {
		case xB, xBcc, xBL, xCBZ, xCBNZ:
			op.t, op.nt = op.pc+4+in.Imm, apBase+o
		case xCMPi, xCMPr, xSUBSi:
			if o >= pageSize {
				break
			}
			if nb := m.armSlot(ap, apBase, o); nb != nil && nb.X == xBcc {
				ap.cover(o, uint32(nb.Size))
				op.X = armFused(in.X)
				op.Cond, op.cm = nb.Cond, condTable[nb.Cond&15]
				op.t = apBase + o + 4 + nb.Imm
				b.n++
				o += uint32(nb.Size)
				op.nt = apBase + o
			}
		}
		b.ops = append(b.ops, op)
		if armEndsBlock(op.X) {
			break
		}
	}
	if len(b.ops) == 0 {
		return armNoBlock
	}
	if !armEndsBlock(b.ops[len(b.ops)-1].X) {
		b.ops = append(b.ops, armOp{Inst: thumb.Inst{X: xFall}, pc: apBase + o, k: uint16(b.n), nt: apBase + o})
	}
	for k := lo; k <= (o-1)>>LineShift; k++ {
		b.lines |= 1 << k
	}
	return b
}

// armFused is the fused compare-and-branch form of compare x.
func armFused(x uint8) uint8 {
	switch x {
	case xCMPi:
		return xCMPiB
	case xCMPr:
		return xCMPrB
	}
	return xSUBSiB
}

// armEndsBlock reports whether fast form x ends a block (it may branch).
func armEndsBlock(x uint8) bool {
	switch x {
	case xB, xBcc, xBL, xCBZ, xCBNZ, xBX, xBLX, xLDMpc, xCMPiB, xCMPrB, xSUBSiB, xFall:
		return true
	}
	return false
}

// dropBlocks forgets the page's blocks (its code or a breakpoint changed,
// or the compiled code memory was emptied), and their compiled code: a
// block still held elsewhere runs by its interpreter from now on.
func (ap *armPage) dropBlocks() {
	if ap.nblk == 0 {
		return
	}
	for k, b := range ap.blk {
		if b != nil && b != armNoBlock {
			b.gentry, b.entry, b.tkE, b.ntE, b.bodyE, b.lazy = 0, 0, 0, 0, 0, nil
		}
		ap.blk[k] = nil
	}
	ap.cov = slotCover{}
	ap.nblk, ap.jmapOK = 0, false
}

// cover marks the slots of the n-byte instruction at page offset off as
// part of a block, so that a store to them drops the page's blocks.
func (ap *armPage) cover(off, n uint32) { ap.cov.set(off, n) }

// covered reports whether any slot in [first, last] is part of a block.
func (ap *armPage) covered(first, last uint32) bool {
	return ap.nblk != 0 && ap.cov.any(first, last)
}
