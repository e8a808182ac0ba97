package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// A Cortex-M core has two stack pointers, the MSP and the PSP; sp is the
// one active: the MSP in Handler mode and in Thread mode unless
// CONTROL.SPSEL selects the PSP. So the origin of sp is the origin of the
// bank active at the moment asked about, and a bank is written by the
// instructions that write sp while it is active, by MSR to it, by an
// exception entry that pushes its frame onto it (the interrupted code's
// stack) and by an exception return that pops a frame from it.

// resolve: sp is the bank active at v.Time.
func (cortexMOrigin) resolve(s *Session, r int, v Value) int {
	if r != 13 || s.tl.Seek(v.Time) != nil {
		return r
	}
	return armActiveBank(s.m.Hart(v.Hart))
}

// armActiveBank is the Flow number of the stack pointer sp is now.
func armActiveBank(h *vm.Hart) int {
	control, _ := h.ARMSys(vm.ARMCONTROL)
	if h.Reg(16)&0x1ff == 0 && control&2 != 0 {
		return armFlowPSP
	}
	return armFlowMSP
}

// armFrameBank is the bank whose frame an EXC_RETURN value names.
func armFrameBank(excReturn uint32) int {
	if excReturn&4 != 0 {
		return armFlowPSP
	}
	return armFlowMSP
}

// armBankSYSm is the SYSm that names a bank in MSR and MRS.
func armBankSYSm(bank int) int {
	if bank == armFlowPSP {
		return 9
	}
	return 8
}

// armBankName names a bank.
func armBankName(bank int) string {
	if bank == armFlowPSP {
		return "PSP"
	}
	return "MSP"
}

// armMayWriteSP: the instruction writes sp, may return from an exception
// (popping a frame) or is an MSR to a stack pointer.
func armMayWriteSP(f vm.Flow) bool {
	return f.Writes(13) || f.Return || f.SysDst == 8 || f.SysDst == 9
}

// armMayWriteBank is the search predicate for the writes of a bank at a
// hit (the machine before the hit's step; f its instruction's Flow when
// known): a handler entry (whose step may have pushed a frame onto bank),
// an MSR to bank, an instruction writing sp while bank is active, or an
// exception return to a frame on bank. writeBank tells the real writes.
func armMayWriteBank(m *vm.Machine, h *vm.Hart, f vm.Flow, known, entry bool, bank int) bool {
	if entry && h.Reg(14) >= excReturnMin {
		return true
	}
	if !known || !vm.ARMConditionPasses(h.Reg(16)) {
		return false
	}
	if f.SysDst == 8 || f.SysDst == 9 {
		return f.SysDst == armBankSYSm(bank)
	}
	if f.Writes(13) && armActiveBank(h) == bank {
		return true
	}
	if f.Return && h.Reg(16)&0x1ff != 0 {
		t := armReturnTarget(m, h, f)
		return t >= excReturnMin && armFrameBank(t) == bank
	}
	return false
}

// writeBank describes the write of bank at hit h: an MSR, the frame an
// exception entry pushed, an instruction that wrote sp (after an entry:
// on the MSP, unchanged by an entry that stacked on the PSP), or the frame
// an exception return popped; handled is false when the hit did not
// write bank (a tail-chained entry or return moves no frame).
func (c cortexMOrigin) writeBank(s *Session, v Value, bank int, h checkpoint.Hit, st hitState, f vm.Flow) (OriginNode, bool, error) {
	if err := s.tl.Seek(h.Time); err != nil {
		return OriginNode{}, true, err
	}
	hr := s.m.Hart(h.Hart)
	before, active := c.read(hr, bank), armActiveBank(hr)
	var target uint32 // an exception return's EXC_RETURN
	if f.Return {
		target = armReturnTarget(s.m, hr, f)
	}
	exc := st.xpsr & 0x1ff
	_, text := s.decodeAt(c, h.PC)
	node := func(kind OriginKind, text, note string, inputs ...Value) (OriginNode, bool, error) {
		n := s.nodeAt(v, h.Time, h.PC, text)
		n.Kind, n.Note, n.Inputs = kind, note, inputs
		if err := s.tl.Seek(h.Time + 1); err != nil {
			return n, true, err
		}
		n.Value = uint64(c.read(s.m.Hart(h.Hart), bank))
		return n, true, nil
	}
	old := Value{Hart: h.Hart, Reg: c.valueReg(bank), Time: h.Time}
	switch {
	case f.SysDst == armBankSYSm(bank) && !st.entered:
		if ok, err := c.executed(s, h, st); err != nil || !ok {
			return OriginNode{}, false, err
		}
		return node(OriginComputed, text, "", Value{Hart: h.Hart, Reg: c.valueReg(f.SysSrc), Time: h.Time})
	case st.entered && st.r[14] >= excReturnMin:
		pushed := armFrameBank(st.r[14]) == bank && st.r[bank] != before
		switch {
		case f.Writes(13) && bank == armFlowMSP:
			n, ok, err := c.bankInstruction(s, v, h, st, f, text, armFlowMSP)
			if pushed {
				n.Note = fmt.Sprintf("after the entry to %s pushed its frame", s.excName(h.Hart, exc))
			}
			return n, ok, err
		case pushed:
			return node(OriginComputed, "exception entry", fmt.Sprintf("the entry to %s pushed its %d-byte frame onto the %s", s.excName(h.Hart, exc), before-st.r[bank], armBankName(bank)), old)
		}
	case f.Return && exc != 0:
		if err := s.tl.Seek(h.Time + 1); err != nil {
			return OriginNode{}, true, err
		}
		after := c.read(s.m.Hart(h.Hart), bank)
		own := f.Writes(13) && bank == active // its own writeback, before the frame goes
		wb := uint32(0)
		if own {
			wb = uint32(f.WbDelta)
		}
		if target >= excReturnMin && armFrameBank(target) == bank && after != before+wb { // a tail chain pops nothing
			return node(OriginComputed, text, fmt.Sprintf("the return from %s popped its frame from the %s", s.excName(h.Hart, exc), armBankName(bank)), old)
		}
		if own {
			return c.bankInstruction(s, v, h, st, f, text, bank)
		}
	case f.Writes(13) && bank == active:
		return c.bankInstruction(s, v, h, st, f, text, bank)
	}
	return OriginNode{}, false, nil
}

// bankInstruction is the node of an instruction writing sp while bank was
// active, its own sp input read as that bank.
func (c cortexMOrigin) bankInstruction(s *Session, v Value, h checkpoint.Hit, st hitState, f vm.Flow, text string, bank int) (OriginNode, bool, error) {
	n, ok, err := s.flowWrite(c, v, 13, h, st, f, text)
	for i, in := range n.Inputs {
		if in.Reg == c.valueReg(13) {
			n.Inputs[i].Reg = c.valueReg(bank)
		}
	}
	return n, ok, err
}
