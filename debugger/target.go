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

func (s *Session) target(hart int) *hartTarget {
	return &hartTarget{s: s, h: s.m.Hart(hart)}
}

func (t *hartTarget) ReadMemory(addr uint32, buf []byte) error {
	return t.s.m.ReadMemory(addr, buf)
}

func (t *hartTarget) WriteMemory(addr uint32, buf []byte) error {
	forked, err := t.s.tl.WriteMemory(addr, buf)
	t.s.noteFork(forked)
	if err != nil {
		return fmt.Errorf("writing memory at %#x: %w", addr, err)
	}
	return nil
}

func (t *hartTarget) Register(n int) uint32 { return t.h.Reg(n) }

func (t *hartTarget) PC() uint32 { return t.h.PC() }

func (t *hartTarget) CSR(n uint16) (uint32, bool) { return t.h.ReadCSR(n) }

func (t *hartTarget) SetRegister(n int, v uint32) error {
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
	if reg == 0 {
		return fmt.Errorf("x0 (zero) cannot be written")
	}
	forked, err := s.tl.SetRegister(hart, reg, v)
	s.noteFork(forked)
	return err
}
