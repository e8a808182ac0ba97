package vm

import (
	"github.com/rewind-debugger/rewind/vm/amd64"
	"github.com/rewind-debugger/rewind/vm/thumb"
)

// armPage holds the predecoded Thumb instructions of one RAM page, one
// slot per halfword.
type armPage struct {
	s      [slotsPerPage]thumb.Inst
	lines  lineMarks               // activity: lines executed (armBlocks per block, armExec per instruction)
	blk    [slotsPerPage]*armBlock // blocks by start slot (armblock.go)
	nblk   int                     // blocks built since the last drop
	cov    slotCover               // slots some block was built from
	jmap   [16]amd64.Reg           // compiled blocks: host register of each guest register (armjitregs.go)
	jmapOK bool                    // jmap is chosen
	jmapN  int                     // nblk when jmap was chosen
	remaps uint8                   // times the blocks were dropped to choose jmap again
}

// invalidate forgets the decoded instructions overlapping bytes [o, o+n)
// (a 32-bit instruction starting in the slot before o overlaps too), and
// the page's blocks when one was built from them: a store next to code
// (data on a code page, a stack near it) leaves them. Breakpoint slots
// keep their mark.
func (ap *armPage) invalidate(o, n uint32) {
	first := uint32(0)
	if o >= 2 {
		first = (o - 2) >> 1
	}
	last := min((o+n-1)>>1, slotsPerPage-1)
	if ap.covered(first, last) {
		ap.dropBlocks()
	}
	for k := first; k <= last; k++ {
		if ap.s[k].Op != thumb.OpBreak {
			ap.s[k].Op, ap.s[k].X = thumb.OpUndecoded, xNone
		}
		if ap.blk[k] == armNoBlock {
			ap.blk[k] = nil // its instruction may have a fast form now
		}
	}
}

// armCodeAt returns the predecoded page holding pc and the page's address,
// creating it on first use; nil when pc is not in RAM.
func (m *Machine) armCodeAt(pc uint32) (*armPage, uint32) {
	mem := m.mem
	if !mem.contains(pc, 2) {
		return nil, 0
	}
	i := (pc - mem.base) >> pageShift
	ap := mem.acode[i]
	if ap == nil {
		ap = new(armPage)
		mem.acode[i] = ap
		mem.setWr(i, nil) // stores to a code page take the slow path
		pageAddr := mem.base + i<<pageShift
		for a := range m.bps {
			if a-pageAddr < pageSize {
				ap.s[(a-pageAddr)>>1].Op, ap.s[(a-pageAddr)>>1].X = thumb.OpBreak, xNone
			}
		}
	}
	mem.markExec(i)
	return ap, mem.base + i<<pageShift
}

// armDecodeAt decodes the instruction at pc from RAM. ok is false when a
// halfword of it cannot be fetched.
func (m *Machine) armDecodeAt(pc uint32) (thumb.Inst, bool) {
	mem := m.mem
	if !mem.contains(pc, 2) {
		return thumb.Inst{}, false
	}
	hw1 := uint16(mem.readRAM(pc-mem.base, 2))
	var in thumb.Inst
	if !thumb.Is32(hw1) {
		in = thumb.Decode(hw1, 0)
	} else {
		if !mem.contains(pc+2, 2) {
			return thumb.Inst{}, false
		}
		in = thumb.Decode(hw1, uint16(mem.readRAM(pc+2-mem.base, 2)))
	}
	if m.armCfg.v6m && !v6mHas(&in) {
		in = thumb.Inst{Op: thumb.OpUndef, Size: in.Size}
	}
	in.X = armFastKind(&in)
	return in, true
}

// v6mHas reports whether ARMv6-M has the instruction: the 16-bit set
// without CBZ, CBNZ and IT, and of the 32-bit ones BL, MSR, MRS, the
// barriers and UDF.
func v6mHas(in *thumb.Inst) bool {
	if in.Size == 2 {
		switch in.Op {
		case thumb.OpCBZ, thumb.OpCBNZ, thumb.OpIT:
			return false
		case thumb.OpCPS:
			return in.Imm&1 == 0 // no FAULTMASK
		}
		return true
	}
	switch in.Op {
	case thumb.OpBL, thumb.OpMSR, thumb.OpMRS, thumb.OpNOP, thumb.OpUDF:
		return true
	}
	return false
}

// armMarkBreak sets or clears the breakpoint mark of pc's slot, if its page
// has predecoded Thumb code.
func (m *Machine) armMarkBreak(pc uint32, on bool) {
	if m.mem.acode == nil || !m.mem.contains(pc, 2) {
		return
	}
	off := pc - m.mem.base
	ap := m.mem.acode[off>>pageShift]
	if ap == nil {
		return
	}
	sl := &ap.s[off&pageMask>>1]
	ap.dropBlocks()
	if on {
		sl.Op, sl.X = thumb.OpBreak, xNone
	} else {
		sl.Op, sl.X = thumb.OpUndecoded, xNone
	}
}
