package debugger

import (
	"errors"

	"github.com/rewind-debugger/rewind/debugger/rtos"
)

// errSavedContext refuses writes to a switched-out task's registers.
var errSavedContext = errors.New("a switched-out task's registers are read-only (they are its saved context)")

// savedTarget shows a switched-out task to symbols: memory as the machine
// holds it now and the registers its context switch saved. It is
// read-only.
type savedTarget struct {
	s    *Session
	regs rtos.Regs
	// live supplies registers the port does not switch (gp, tp).
	live *hartTarget
}

// savedTarget reads task t's saved context now.
func (s *Session) savedTarget(t *rtos.Task) (*savedTarget, error) {
	regs, err := s.RTOS().Port().Registers(s.m, t.TopOfStack)
	if err != nil {
		return nil, err
	}
	return &savedTarget{s: s, regs: regs, live: s.target(0)}, nil
}

// ReadMemory reads guest memory now.
func (t *savedTarget) ReadMemory(addr uint32, buf []byte) error {
	return t.s.m.ReadMemory(addr, buf)
}

// WriteMemory is refused: the view is read-only.
func (t *savedTarget) WriteMemory(uint32, []byte) error { return errSavedContext }

// Register returns a saved register, or the hart's for one the port does
// not switch.
func (t *savedTarget) Register(n int) uint32 {
	if v, ok := t.regs.Saved[n]; ok {
		return v
	}
	return t.live.Register(n)
}

// PC returns the pc the task resumes at.
func (t *savedTarget) PC() uint32 { return t.regs.PC }

// CSR has none: a task's CSRs are not part of its context.
func (t *savedTarget) CSR(uint16) (uint32, bool) { return 0, false }

// SetRegister is refused: the view is read-only.
func (t *savedTarget) SetRegister(int, uint32) error { return errSavedContext }
