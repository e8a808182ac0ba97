package debugger

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// cortexMOrigin is originArch for a Cortex-M core. Besides its
// instructions, a step can enter an exception (which stacks r0–r3, r12,
// lr, the return address, xPSR and with an FP frame s0–s15 and FPSCR, and
// sets lr to EXC_RETURN) and an instruction that loads the pc with an
// EXC_RETURN value returns from one (unstacking those registers). The
// core enters a handler and runs its first instruction in one step, so
// searches note the registers at each hit (after the entry).
type cortexMOrigin struct{ notes *armNotes }

// armNotes keeps the register snapshots a search took at its hits.
//
// An origin search only ever uses the newest hit before its bound
// (newestHit), so only the newest note is kept (a later time, or the same
// time met later: an exception entered before the instruction at the
// same time), whatever the order twins scanning several segments at once
// deliver them in: memory stays constant however many hits a search
// scans. The search's result takes it (take), so the next search, bounded
// earlier, starts afresh.
type armNotes struct {
	mu       sync.Mutex
	seq      uint64   // notes taken so far (a note's number)
	best     hitState // the newest hit's state, when has
	bestSeq  uint64
	bestTime uint64
	has      bool
	taken    hitState // the state take returned last (take is idempotent)
	takenSeq uint64
}

// note is a Conditions.Note that snapshots the hit's hart.
func (n *armNotes) note(m *vm.Machine, st vm.Stop) uint64 {
	h := m.Hart(st.Hart)
	var s hitState
	for i := range 16 {
		s.r[i] = h.Reg(i)
	}
	s.r[15] = h.PC()
	for i := range 32 {
		s.r[vm.FlowS0+i], _ = h.ARMSys(vm.ARMS0 + vm.ARMSysReg(i))
	}
	s.xpsr = h.Reg(16)
	s.msp, _ = h.ARMSys(vm.ARMMSP)
	s.psp, _ = h.ARMSys(vm.ARMPSP)
	s.r[armFlowMSP], s.r[armFlowPSP] = s.msp, s.psp
	s.after = st.Reason == vm.StopWatchpoint
	return n.keep(s, st.Time)
}

// keep numbers the state s of a hit at time t, keeping it if it is the
// newest so far.
func (n *armNotes) keep(s hitState, t uint64) uint64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.seq++
	if !n.has || t >= n.bestTime {
		n.best, n.bestSeq, n.bestTime, n.has = s, n.seq, t, true
	}
	return n.seq
}

// take returns the state noted as note number seq, which must be the
// newest hit's, and starts afresh for the next search.
func (n *armNotes) take(seq uint64) (hitState, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.has && seq == n.bestSeq {
		n.taken, n.takenSeq, n.has = n.best, n.bestSeq, false
	}
	return n.taken, seq != 0 && seq == n.takenSeq
}

func (cortexMOrigin) flow(code []byte, pc uint32) vm.Flow {
	return vm.ThumbFlow(binary.LittleEndian.Uint16(code), binary.LittleEndian.Uint16(code[2:]), pc)
}

func (cortexMOrigin) flowReg(v int) (int, bool) {
	r := v - originARM
	return r, r >= 0 && r < 15 || r >= vm.FlowS0 && r <= armFlowPSP
}

func (cortexMOrigin) valueReg(r int) int { return originARM + r }

func (cortexMOrigin) read(h *vm.Hart, r int) uint32 {
	switch r {
	case armFlowMSP:
		v, _ := h.ARMSys(vm.ARMMSP)
		return v
	case armFlowPSP:
		v, _ := h.ARMSys(vm.ARMPSP)
		return v
	}
	if r >= vm.FlowS0 {
		v, _ := h.ARMSys(vm.ARMS0 + vm.ARMSysReg(r-vm.FlowS0))
		return v
	}
	return h.Reg(r)
}

// armSysNames name the SYSm values of MRS and the VMRS sources.
var armSysNames = map[uint16]string{0: "APSR", 1: "IAPSR", 2: "EAPSR", 3: "XPSR", 5: "IPSR", 6: "EPSR", 7: "IEPSR",
	8: "MSP", 9: "PSP", 16: "PRIMASK", 17: "BASEPRI", 18: "BASEPRI_MAX", 19: "FAULTMASK", 20: "CONTROL",
	0x101: "FPSCR", 0x106: "MVFR1", 0x107: "MVFR0"}

func (cortexMOrigin) sysName(sys uint16) string {
	if n, ok := armSysNames[sys]; ok {
		return "special register " + n
	}
	return fmt.Sprintf("special register %d", sys)
}

// armUnstackSlot is the word of an exception frame exception return
// restores Flow register r from (-1: none): r0–r3, r12, lr and, with an
// FP frame (EXC_RETURN bit 4 clear), s0–s15.
func armUnstackSlot(r int, excReturn uint32) int {
	switch {
	case r >= 0 && r < 4:
		return r
	case r == 12:
		return 4
	case r == 14:
		return 5
	case r >= vm.FlowS0 && r < vm.FlowS0+16 && excReturn&0x10 == 0:
		return 8 + r - vm.FlowS0
	}
	return -1
}

// wants: the instruction writes r, or may return from an exception that
// restores it.
func (cortexMOrigin) wants(f vm.Flow, r int) bool {
	if r == armFlowMSP || r == armFlowPSP {
		return armMayWriteSP(f)
	}
	return f.Writes(r) || f.Return && armUnstackSlot(r, 0) >= 0
}

// writers: breakpoints on the program's writers, and for lr on the
// handler entries too; a predicate keeps the hits that write r
// (condition passed, an exception return that restores it, an entry).
func (c cortexMOrigin) writers(s *Session, cond *checkpoint.Conditions, r int, v Value, pcs []uint32) {
	cond.Note, cond.Concurrent = c.notes.note, true
	if r < 0 {
		return
	}
	hart := v.Hart
	flows := map[uint32]vm.Flow{}
	for _, pc := range pcs {
		flows[pc] = s.flowAt(c, pc)
		cond.Breakpoints = append(cond.Breakpoints, checkpoint.Breakpoint{Addr: pc, Hart: hart})
	}
	entries := map[uint32]bool{}
	if r == 14 || r == armFlowMSP || r == armFlowPSP {
		hs, _ := s.handlerEntries()
		for _, a := range hs {
			entries[a] = true
			if _, ok := flows[a]; !ok {
				cond.Breakpoints = append(cond.Breakpoints, checkpoint.Breakpoint{Addr: a, Hart: hart})
			}
		}
	}
	cond.Predicate = func(m *vm.Machine, st vm.Stop) bool {
		h := m.Hart(st.Hart)
		f, ok := flows[st.PC]
		if r == armFlowMSP || r == armFlowPSP {
			return armMayWriteBank(m, h, f, ok, entries[st.PC], r)
		}
		switch {
		case entries[st.PC] && h.Reg(14) >= excReturnMin && !f.Writes(r):
			return true
		case !ok || !vm.ARMConditionPasses(h.Reg(16)):
			return false
		case f.Writes(r):
			return true
		}
		return f.Return && h.Reg(16)&0x1ff != 0 && armReturnTarget(m, h, f) >= excReturnMin
	}
}

// armReturnTarget is the value an instruction that may return loads into
// the pc, with the machine before it.
func armReturnTarget(m *vm.Machine, h *vm.Hart, f vm.Flow) uint32 {
	if f.ReturnReg >= 0 {
		return h.Reg(f.ReturnReg)
	}
	var w [4]byte
	if m.ReadMemory(f.ReturnMem.Addr(h.Reg), w[:]) != nil {
		return 0
	}
	return binary.LittleEndian.Uint32(w[:])
}

// state is the snapshot noted at the hit; entered when the exception
// number at the hit differs from the moment before its step (the step
// entered an exception before the instruction ran).
func (c cortexMOrigin) state(s *Session, _ *checkpoint.Conditions, h checkpoint.Hit) (hitState, error) {
	st, ok := c.notes.take(h.Note)
	if !ok {
		return st, fmt.Errorf("origin search: no registers noted at the hit at %d", h.Time)
	}
	if err := s.tl.Seek(h.Time); err != nil {
		return st, err
	}
	before := s.m.Hart(h.Hart).Reg(16) & 0x1ff
	st.entered = before != st.xpsr&0x1ff && st.r[14] >= excReturnMin
	if h.Reason != vm.StopWatchpoint {
		st.entered = s.m.Hart(h.Hart).PC() != h.PC
	}
	return st, nil
}

// excName names exception number exc ("SysTick", "IRQ 0").
func (s *Session) excName(hart int, exc uint32) string {
	return s.ClassifyTrap(hart, exc).Name
}
