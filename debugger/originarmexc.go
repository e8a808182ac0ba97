package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// special: lr set to EXC_RETURN by the exception entry in the hit's step,
// or a register restored by an exception return.
func (c cortexMOrigin) special(s *Session, v Value, r int, h checkpoint.Hit, st hitState, f vm.Flow) (OriginNode, bool, error) {
	exc := st.xpsr & 0x1ff
	if r == 14 && st.entered && !f.Writes(14) {
		n := s.nodeAt(v, h.Time, h.PC, "exception entry")
		n.Kind, n.Value = OriginException, uint64(st.r[14])
		n.Note = fmt.Sprintf("EXC_RETURN %#x of the entry to %s", st.r[14], s.excName(h.Hart, exc))
		return n, true, nil
	}
	if !f.Return || exc == 0 {
		return OriginNode{}, false, nil
	}
	var target uint32
	if f.ReturnReg >= 0 {
		target = st.reg(f.ReturnReg)
	} else {
		if err := s.tl.Seek(h.Time); err != nil {
			return OriginNode{}, true, err
		}
		target = uint32(s.memValue(f.ReturnMem.Addr(st.reg), 4))
	}
	slot := armUnstackSlot(r, target)
	if target < excReturnMin || slot < 0 {
		return OriginNode{}, false, nil
	}
	base := st.msp
	if target&4 != 0 {
		base = st.psp
	} else if f.Wback == 13 {
		base += uint32(f.WbDelta)
	}
	_, text := s.decodeAt(c, h.PC)
	n := s.nodeAt(v, h.Time, h.PC, text)
	n.Kind, n.Note = OriginLoaded, fmt.Sprintf("unstacked by the return from %s", s.excName(h.Hart, exc))
	n.Inputs = []Value{{Hart: v.Hart, Addr: base + 4*uint32(slot), Size: 4, Time: h.Time}}
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, true, err
	}
	n.Value = uint64(c.read(s.m.Hart(v.Hart), r))
	return n, true, nil
}

// armFrameRegs are the Flow registers of an exception frame's words (-1:
// the return address, xPSR, FPSCR and the reserved word).
func armFrameReg(slot int) int {
	switch {
	case slot < 4:
		return slot
	case slot == 4:
		return 12
	case slot == 5:
		return 14
	case slot >= 8 && slot < 24:
		return vm.FlowS0 + slot - 8
	}
	return -1
}

// stacked: a store the exception entry at the hit's step made into its
// frame; the frame's words come from the interrupted code's registers.
func (c cortexMOrigin) stacked(s *Session, v Value, h checkpoint.Hit, st hitState) (OriginNode, bool, error) {
	lr := st.r[14]
	if !st.entered || lr < excReturnMin {
		return OriginNode{}, false, nil
	}
	base, size := st.msp, uint32(32)
	if lr&4 != 0 {
		base = st.psp
	}
	if lr&0x10 == 0 {
		size = 104
	}
	if h.Addr < base || h.Addr >= base+size {
		return OriginNode{}, false, nil
	}
	exc := st.xpsr & 0x1ff
	n := s.nodeAt(v, h.Time, h.PC, "exception entry")
	n.Hart, n.Kind = h.Hart, OriginStored
	n.Note = fmt.Sprintf("stacked by the entry to %s", s.excName(h.Hart, exc))
	lo, hi := max(v.Addr, base), min(v.Addr+v.Size, base+size)
	for slot := (lo - base) / 4; slot*4+base < hi; slot++ {
		switch r := armFrameReg(int(slot)); {
		case r >= 0:
			n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Reg: c.valueReg(r), Time: h.Time})
		case slot == 6:
			n.Note += fmt.Sprintf(" (the return address %#x)", h.PC)
		}
	}
	n.Inputs = append(n.Inputs, s.olderBytes(v, lo, hi, h)...)
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, true, err
	}
	n.Value = s.memValue(v.Addr, v.Size)
	return n, true, nil
}

// executed: the IT condition passed and no fault was taken instead (an
// exception entered by the step whose frame returns to the instruction).
func (cortexMOrigin) executed(s *Session, h checkpoint.Hit, st hitState) (bool, error) {
	if !vm.ARMConditionPasses(st.xpsr) {
		return false, nil
	}
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return false, err
	}
	hr := s.m.Hart(h.Hart)
	lr := hr.Reg(14)
	if hr.Reg(16)&0x1ff == st.xpsr&0x1ff || lr < excReturnMin {
		return true, nil
	}
	sp := vm.ARMMSP
	if lr&4 != 0 {
		sp = vm.ARMPSP
	}
	base, _ := hr.ARMSys(sp)
	return uint32(s.memValue(base+24, 4)) != h.PC, nil
}
