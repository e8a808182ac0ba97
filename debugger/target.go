package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// hartTarget shows one hart of the session to symbols: reads come from the
// machine, writes go through the timeline (forking when in the past).
type hartTarget struct {
	s *Session
	h *vm.Hart
}

// target returns the view of hart given to symbols.
func (s *Session) target(hart int) *hartTarget {
	return &hartTarget{s: s, h: s.m.Hart(hart)}
}

// ReadMemory reads guest memory as the machine sees it now.
func (t *hartTarget) ReadMemory(addr uint32, buf []byte) error {
	return t.s.m.ReadMemory(addr, buf)
}

// WriteMemory writes guest memory through the timeline (forking history
// when in the past); it fails while side effects are not allowed.
func (t *hartTarget) WriteMemory(addr uint32, buf []byte) error {
	if err := t.s.writable(); err != nil {
		return err
	}
	forked, err := t.s.tl.WriteMemory(addr, buf)
	t.s.noteFork(forked)
	if err != nil {
		return fmt.Errorf("writing memory at %#x: %w", addr, err)
	}
	return nil
}

// Register returns the hart's register with DWARF number n (RISC-V
// x0–x31; Cortex-M r0–r15 and s0–s31 as 64–95).
func (t *hartTarget) Register(n int) uint32 {
	v, _ := t.s.regs().dwarf(t.h, n)
	return v
}

// byDWARF finds the register with DWARF number n.
func (t *hartTarget) byDWARF(n int) (RegisterInfo, bool) {
	for _, ri := range t.s.regs().infos() {
		if ri.DWARF == n && ri.Bits == 32 {
			return ri, true
		}
	}
	return RegisterInfo{}, false
}

// SystemRegister reads a register without a DWARF number by name ("msp",
// "psp", "xpsr", "mstatus"), so that exception frames on the process
// stack unwind.
func (t *hartTarget) SystemRegister(name string) (uint32, bool) {
	ri, ok := t.s.registerInfo(name)
	if !ok {
		return 0, false
	}
	v, err := t.s.regs().read(t.h, ri.Num)
	return uint32(v), err == nil
}

// PC returns the hart's program counter.
func (t *hartTarget) PC() uint32 { return t.h.PC() }

// CSR returns one of the hart's control and status registers.
func (t *hartTarget) CSR(n uint16) (uint32, bool) { return t.h.ReadCSR(n) }

// SetRegister writes the register with DWARF number n through the
// timeline (forking history when in the past); it fails while side
// effects are not allowed and for registers that cannot be written (x0).
func (t *hartTarget) SetRegister(n int, v uint32) error {
	ri, ok := t.byDWARF(n)
	if !ok {
		return fmt.Errorf("no register with DWARF number %d", n)
	}
	return t.s.SetRegister(t.h.ID(), ri.Num, v)
}

// noteFork records that the past was changed, for Forked.
func (s *Session) noteFork(forked bool) {
	s.cache = frameCache{}
	if forked {
		s.forked = true
		s.bps.forgetHitsAfter(s.tl.Now())
	}
}

// TakeFork reports (once) whether the last edit changed the past,
// discarding the future.
func (s *Session) TakeFork() bool {
	f := s.forked
	s.forked = false
	return f
}
