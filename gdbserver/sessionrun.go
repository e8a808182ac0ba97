package gdbserver

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger"
)

// POSIX signal numbers reported for fatal stops.
const (
	sigILL  = 4
	sigBUS  = 7
	sigFPE  = 8
	sigSEGV = 11
)

// Resume implements Target: a step goes by one instruction of the hart
// (the session tells a hart's steps by its counters or a moved pc), a
// continue runs every hart.
func (a *SessionTarget) Resume(act Action) (Event, error) {
	defer a.endRun()
	hart := act.Hart
	if hart < 0 || hart >= a.s.Harts() {
		hart = 0
	}
	st, err := a.run.Run(func(s *debugger.Session) debugger.Stop {
		switch {
		case act.Reverse && act.Step:
			return s.StepBack(hart, debugger.ByInstruction)
		case act.Reverse:
			return s.ReverseContinue()
		case act.Step:
			return s.StepInstruction(hart)
		}
		return s.Continue()
	})
	if err != nil {
		return Event{}, err
	}
	ev, err := a.event(st, hart)
	if err != nil {
		return Event{}, err
	}
	if ev.Kind == EventWatchpoint {
		return ev, a.moveForGDB(act.Reverse)
	}
	return ev, nil
}

// endRun ends a Resume: output goes out, and an interrupt that came too
// late to stop it is forgotten.
func (a *SessionTarget) endRun() {
	a.s.ClearPause()
	a.flushOutput()
}

// Interrupt implements Target: it pauses the running operation, if any.
func (a *SessionTarget) Interrupt() { a.run.Pause() }

// gdb treats RISC-V watchpoints as non-steppable: it expects a forward
// watchpoint stop before the accessing instruction executes (it then
// steps over it with the watchpoint removed), and a reverse stop after it
// (it then steps back over it). The session stops forward runs after the
// access and reverse runs before it; moveForGDB moves by that one
// instruction (the access is the machine's step between the two times).
func (a *SessionTarget) moveForGDB(reverse bool) error {
	t := a.s.Now() - 1
	if reverse {
		t = a.s.Now() + 1
	}
	if st := a.s.Seek(t); st.Err != nil {
		return fmt.Errorf("moving to the other side of the watched access: %w", st.Err)
	}
	return nil
}

// event translates the session's stop into a stop event.
func (a *SessionTarget) event(st debugger.Stop, hart int) (Event, error) {
	ev := Event{Kind: EventInterrupted, Hart: st.Hart}
	switch st.Reason {
	case debugger.ReasonStep, debugger.ReasonGoto:
		ev.Kind = EventStep
	case debugger.ReasonBreakpoint, debugger.ReasonInstruction, debugger.ReasonFunction:
		ev.Kind, ev.Hardware = EventBreakpoint, a.points.hardwareOnly(st.BreakpointIDs)
	case debugger.ReasonData:
		w, ok := a.points.watched(st.BreakpointIDs)
		if !ok {
			return Event{}, fmt.Errorf("a data breakpoint gdb did not insert stopped the run: %v", st)
		}
		ev.Kind, ev.Addr, ev.Access = EventWatchpoint, w.Addr, w.Kind
	case debugger.ReasonExited:
		ev.Kind, ev.ExitCode = EventExited, st.ExitCode
	case debugger.ReasonExiting:
		ev.Kind, ev.ExitCode = EventExiting, st.ExitCode
	case debugger.ReasonHalted:
		ev.Kind = EventIdle
		if st.Trap != nil {
			ev.Kind, ev.Signal = EventFault, faultSignal(a.s.ClassifyTrap(st.Hart, st.Trap.Cause).Kind)
		}
	case debugger.ReasonStartOfHistory:
		ev.Kind, ev.Hart = EventHistoryBegin, hart
	case debugger.ReasonEndOfHistory:
		ev.Kind, ev.Hart = EventHistoryEnd, hart
	case debugger.ReasonPause:
		ev.Hart = hart
	case debugger.ReasonError:
		return Event{}, st.Err
	}
	return ev, nil
}

// faultSignal maps the kind of a fatal trap to the signal gdb shows:
// SIGILL for an illegal instruction, SIGBUS for a bus error or misaligned
// access, SIGFPE for division by zero, SIGTRAP for a breakpoint, SIGSEGV
// for a memory protection fault and anything else.
func faultSignal(k debugger.TrapKind) int {
	switch k {
	case debugger.TrapIllegal:
		return sigILL
	case debugger.TrapBus:
		return sigBUS
	case debugger.TrapArithmetic:
		return sigFPE
	case debugger.TrapBreakpoint:
		return sigTRAP
	}
	return sigSEGV
}
