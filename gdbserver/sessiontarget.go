package gdbserver

import (
	"fmt"
	"log/slog"

	"github.com/rewind-debugger/rewind/debugger"
)

// SessionTarget implements Target over a debugger.Session: the stub is a
// front-end like the DAP adapter and the console. Registers, memory,
// stepping (hart steps counted as the session counts them), continue in
// both directions, breakpoints with gdb's conditions, watchpoints and the
// end of a replayed recording all go through the session. It also
// implements Notices (a change to the past discarded the future) and
// Console (the firmware's UART output in gdb's console).
type SessionTarget struct {
	s       *debugger.Session
	log     *slog.Logger
	points  points           // what gdb inserted
	run     *debugger.Runner // the session's run state: Resume runs, Interrupt pauses
	console func([]byte)
	pending []byte   // output not yet sent to the console
	notices []string // messages for the user, see Notices
}

// NewSessionTarget serves s to gdb. Forward runs of a replayed recording
// cut short stop at its end, as long as the past was not edited (the
// session decides: debugger.Session.RecordingEnd); a live run's history
// grows as it runs.
func NewSessionTarget(s *debugger.Session, log *slog.Logger) *SessionTarget {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &SessionTarget{s: s, run: debugger.NewRunner(s, nil), log: log, points: newPoints()}
}

// Harts implements Target.
func (a *SessionTarget) Harts() int { return a.s.Harts() }

// regNum maps a Reg to the session's register number.
func (a *SessionTarget) regNum(r Reg) (uint32, error) {
	switch r.Kind {
	case RegPC:
		return debugger.PCRegister, nil
	case RegCSR:
		return debugger.CSRRegister(r.Num), nil
	case RegNamed:
		if n, ok := a.s.RegisterByName(r.Name); ok {
			return n, nil
		}
		return 0, fmt.Errorf("no register %s", r.Name)
	}
	return uint32(r.Num), nil
}

// Arch implements Architecture.
func (a *SessionTarget) Arch() string { return a.s.Arch() }

// HasRegister implements Architecture.
func (a *SessionTarget) HasRegister(name string) bool {
	_, ok := a.s.RegisterByName(name)
	return ok
}

// ReadRegister implements Target.
func (a *SessionTarget) ReadRegister(hart int, r Reg) (uint32, error) {
	if hart >= TaskHartBase {
		return a.taskRegister(hart, r)
	}
	n, err := a.regNum(r)
	if err != nil {
		return 0, err
	}
	return a.s.RegisterValue(hart, n)
}

// WriteRegister implements Target; before the end of history it forks.
// Writes to RISC-V x0 are ignored, as the hardware ignores them (gdb's G
// packet carries x0 too).
func (a *SessionTarget) WriteRegister(hart int, r Reg, v uint32) error {
	if hart >= TaskHartBase {
		return errSwitchedOut
	}
	if r.Kind == RegGPR && r.Num == 0 {
		return nil
	}
	n, err := a.regNum(r)
	if err != nil {
		return err
	}
	err = a.s.SetRegister(hart, n, v)
	a.noteFork()
	return err
}

// ReadMemory implements Target: it fails unless every byte is readable.
func (a *SessionTarget) ReadMemory(addr uint32, buf []byte) error {
	data, bad := a.s.ReadMemory(addr, len(buf))
	copy(buf, data)
	if bad > 0 || len(data) < len(buf) {
		return fmt.Errorf("reading %d bytes at %#x: %d bytes unmapped", len(buf), addr, len(buf)-len(data))
	}
	return nil
}

// WriteMemory implements Target; before the end of history it forks.
func (a *SessionTarget) WriteMemory(addr uint32, data []byte) error {
	err := a.s.WriteMemory(addr, data)
	a.noteFork()
	return err
}

// SendUART implements Target; before the end of history it forks.
func (a *SessionTarget) SendUART(data []byte) error {
	err := a.s.UARTInput(data)
	a.noteFork()
	return err
}

// noteFork tells the user, through the log and gdb's console, that a
// change to the past discarded the recorded future.
func (a *SessionTarget) noteFork() {
	if !a.s.TakeFork() {
		return
	}
	now := a.s.Now()
	a.log.Warn("the past was changed: the history after this moment is discarded", "time", now)
	a.notices = append(a.notices, fmt.Sprintf(
		"rewind: the past was changed at time %d: the recorded history after this moment was discarded\n", now))
}

// TakeNotices implements Notices.
func (a *SessionTarget) TakeNotices() []string {
	n := a.notices
	a.notices = nil
	return n
}

// Now implements Target.
func (a *SessionTarget) Now() uint64 { return a.s.Now() }

// Seek implements Target: times beyond the end of history are refused.
func (a *SessionTarget) Seek(t uint64) error {
	h := a.s.HistoryStats()
	if t < h.Start || t > h.End {
		return fmt.Errorf("time %d is outside the history [%d, %d]", t, h.Start, h.End)
	}
	if st := a.s.Seek(t); st.Err != nil {
		return st.Err
	}
	return nil
}

// History implements Target.
func (a *SessionTarget) History() History {
	h := a.s.HistoryStats()
	return History{Start: h.Start, End: h.End, Checkpoints: h.Checkpoints, Bytes: h.Bytes,
		Cached: h.Cached, CachedBytes: h.CachedBytes, Events: h.Events}
}

// SetConsole implements Console.
func (a *SessionTarget) SetConsole(sink func([]byte)) { a.console = sink }

// Output takes one byte the firmware printed for the first time (pass it
// from debugger.Options.Output); lines go to gdb's console.
func (a *SessionTarget) Output(b byte) {
	if a.console == nil {
		return
	}
	a.pending = append(a.pending, b)
	if b == '\n' || len(a.pending) >= 256 {
		a.flushOutput()
	}
}

// flushOutput sends pending output to the console.
func (a *SessionTarget) flushOutput() {
	if len(a.pending) > 0 && a.console != nil {
		a.console(a.pending)
	}
	a.pending = a.pending[:0]
}
