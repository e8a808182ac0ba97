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

// Register returns the hart's register xn.
func (t *hartTarget) Register(n int) uint32 { return t.h.Reg(n) }

// PC returns the hart's program counter.
func (t *hartTarget) PC() uint32 { return t.h.PC() }

// CSR returns one of the hart's control and status registers.
func (t *hartTarget) CSR(n uint16) (uint32, bool) { return t.h.ReadCSR(n) }

// SetRegister writes x1..x31 through the timeline (forking history when
// in the past); it fails while side effects are not allowed.
func (t *hartTarget) SetRegister(n int, v uint32) error {
	if err := t.s.writable(); err != nil {
		return err
	}
	if n <= 0 || n >= 32 {
		return fmt.Errorf("register x%d cannot be written", n)
	}
	forked, err := t.s.tl.SetRegister(t.h.ID(), uint32(n), v)
	t.s.noteFork(forked)
	return err
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

// SetRegister writes a hart's register (0-31, checkpoint.RegPC, or
// checkpoint.RegCSR+n), forking history when in the past.
func (s *Session) SetRegister(hart int, reg, v uint32) error {
	if hart < 0 || hart >= s.m.Harts() {
		return fmt.Errorf("no hart %d", hart)
	}
	if err := s.writable(); err != nil {
		return err
	}
	if reg == 0 {
		return fmt.Errorf("x0 (zero) cannot be written")
	}
	forked, err := s.tl.SetRegister(hart, reg, v)
	s.noteFork(forked)
	return err
}

// SystemRegister reads a Cortex-M special register (msp, psp, ...), for
// unwinding through exception frames on the process stack.
func (t *hartTarget) SystemRegister(name string) (uint32, bool) {
	return t.h.ARMSystemRegister(name)
}
