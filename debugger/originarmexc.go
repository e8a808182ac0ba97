package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// special: lr set to EXC_RETURN by the exception entry in the hit's step,
// a register restored by an exception return, or any write of a stack
// pointer bank (writeBank).
func (c cortexMOrigin) special(s *Session, v Value, r int, h checkpoint.Hit, st hitState, f vm.Flow) (OriginNode, bool, error) {
	if r == armFlowMSP || r == armFlowPSP {
		return c.writeBank(s, v, r, h, st, f)
	}
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
	if slot >= 8 { // s0–s15 come back only if their lazy save happened
		if err := s.tl.Seek(h.Time); err != nil {
			return OriginNode{}, true, err
		}
		if fpccr := uint32(s.memValue(armFPCCR, 4)); fpccr&1 != 0 { // LSPACT: never saved, never restored
			return OriginNode{}, false, nil
		}
	}
	base := st.msp
	if target&4 != 0 {
		base = st.psp
	} else if f.Wback == 13 {
		base += uint32(f.WbDelta)
	}
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return OriginNode{}, true, err
	}
	hr := s.m.Hart(v.Hart)
	sp := vm.ARMMSP
	if target&4 != 0 {
		sp = vm.ARMPSP
	}
	if after, _ := hr.ARMSys(sp); after <= base { // tail-chained: the frame stays (the next handler may push below it), nothing restored
		return OriginNode{}, false, nil
	}
	value := uint64(c.read(hr, r))
	_, text := s.decodeAt(c, h.PC)
	n := s.nodeAt(v, h.Time, h.PC, text)
	n.Kind, n.Note, n.Value = OriginLoaded, fmt.Sprintf("unstacked by the return from %s", s.excName(h.Hart, exc)), value
	n.Inputs = []Value{{Hart: v.Hart, Addr: base + 4*uint32(slot), Size: 4, Time: h.Time}}
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
	if n, ok, err := c.lazyStacked(s, v, h); ok || err != nil {
		return n, ok, err
	}
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

// The FP context control registers: FPCCR (LSPACT is bit 0) and FPCAR,
// the address of the FP part of the frame a lazy save fills.
const (
	armFPCCR = 0xe000ef34
	armFPCAR = 0xe000ef38
)

// lazyStacked: a store into the FP part of an exception frame made by the
// lazy save the first FP instruction of a handler triggers (the
// instruction itself stores nothing there): from s0–s15 and FPSCR.
func (c cortexMOrigin) lazyStacked(s *Session, v Value, h checkpoint.Hit) (OriginNode, bool, error) {
	if err := s.tl.Seek(h.Time); err != nil {
		return OriginNode{}, false, err
	}
	fpccr, fpcar := uint32(s.memValue(armFPCCR, 4)), uint32(s.memValue(armFPCAR, 4))
	if fpccr&1 == 0 || h.Addr < fpcar || h.Addr >= fpcar+0x44 {
		return OriginNode{}, false, nil
	}
	f, text := s.decodeAt(c, h.PC)
	hr := s.m.Hart(h.Hart)
	for _, st := range f.Stores { // a store of the instruction's own (a VPUSH in the frame's area)
		if a := st.Mem.Addr(func(r int) uint32 { return c.read(hr, r) }); h.Addr >= a && h.Addr < a+uint32(st.Mem.Size) {
			return OriginNode{}, false, nil
		}
	}
	n := s.nodeAt(v, h.Time, h.PC, text)
	n.Hart, n.Kind = h.Hart, OriginStored
	n.Note = "stacked by the lazy FP save this instruction triggered"
	lo, hi := max(v.Addr, fpcar), min(v.Addr+v.Size, fpcar+0x40)
	for a := lo &^ 3; a < hi; a += 4 {
		n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Reg: c.valueReg(vm.FlowS0 + int(a-fpcar)/4), Time: h.Time})
	}
	n.Inputs = append(n.Inputs, s.olderBytes(v, max(v.Addr, fpcar), min(v.Addr+v.Size, fpcar+0x44), h)...)
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, true, err
	}
	n.Value = s.memValue(v.Addr, v.Size)
	return n, true, nil
}
