package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
)

// StepBack steps backwards: by one instruction of hart, or (Statement)
// a reverse step over: to the start of the previous line of this frame,
// or of the calling line when this is the function's first.
func (s *Session) StepBack(hart int, g Granularity) Stop {
	s.begin()
	if g == ByInstruction {
		return s.stepBackInstruction(hart)
	}
	start := s.where(hart)
	if start.line == 0 || !start.ok || start.fn == nil {
		return s.stepBackInstruction(hart)
	}
	t, found, err := s.previousStatement(hart, start)
	return s.landBack(hart, t, found, err)
}

// landBack seeks to a reverse step's result.
func (s *Session) landBack(hart int, t uint64, found bool, err error) Stop {
	switch {
	case errors.Is(err, checkpoint.ErrPaused):
		s.ClearPause()
		return s.stopHere(ReasonPause, hart, "paused")
	case err != nil:
		return s.errorStop(err)
	case !found:
		if err := s.tl.Seek(s.tl.Start()); err != nil {
			return s.errorStop(err)
		}
		return s.stopHere(ReasonStartOfHistory, hart, "reached the start of history: nothing earlier to step back to")
	}
	if err := s.tl.Seek(t); err != nil {
		return s.errorStop(fmt.Errorf("stepping back: %w", err))
	}
	return s.stopHere(ReasonStep, hart, "")
}

// stepBackInstruction moves back to just before hart's own latest step
// (with several harts, the other harts' later steps are undone too).
func (s *Session) stepBackInstruction(hart int) Stop {
	if s.m.Harts() == 1 {
		moved, err := s.tl.StepBack(1)
		if err != nil {
			return s.errorStop(fmt.Errorf("stepping back: %w", err))
		}
		if !moved {
			return s.stopHere(ReasonStartOfHistory, hart, "at the start of history: nothing earlier to step back to")
		}
		return s.stopHere(ReasonStep, hart, "")
	}
	now := s.tl.Now()
	t, found, err := s.lastStepOf(hart)
	if err == nil && !found {
		err = s.tl.Seek(now)
		if err == nil {
			return s.stopHere(ReasonStartOfHistory, hart, fmt.Sprintf("hart %d took no step since the start of history", hart))
		}
	}
	if err == nil {
		err = s.tl.Seek(t)
	}
	if err != nil {
		return s.errorStop(fmt.Errorf("stepping back: %w", err))
	}
	return s.stopHere(ReasonStep, hart, "")
}

// statementsOf lists the statement boundaries of a function.
func (s *Session) statementsOf(fn *symbols.Function) []uint32 {
	if fn == nil {
		return nil
	}
	return s.syms.StatementsIn(fn.Low, fn.High)
}

// lineOf is the source line of pc (0 if none).
func (s *Session) lineOf(pc uint32) int {
	loc, ok := s.syms.PCToLine(pc)
	if !ok {
		return 0
	}
	return loc.Line
}

// frameEntry finds when the activation of fn with CFA cfa began.
func (s *Session) frameEntry(hart int, fn *symbols.Function, cfa uint32) (uint64, bool, error) {
	if s.m.Hart(hart).PC() == fn.Low && s.cfa(hart) == cfa {
		return s.tl.Now(), true, nil
	}
	m, found, err := s.searchMarks(hart, []uint32{fn.Low}, s.tl.Start(), func(m mark) bool {
		return m.pc == fn.Low && m.cfa == cfa
	})
	return m.time, found, err
}

// ReverseStepOut goes back to the moment before the call of the current
// function: the caller, at the call instruction.
func (s *Session) ReverseStepOut(hart int) Stop {
	s.begin()
	if err := s.CanStepOut(hart, 0); err != nil {
		return s.refuse(hart, err)
	}
	start := s.where(hart)
	if !start.ok || start.fn == nil {
		return s.stepBackInstruction(hart)
	}
	t, found, err := s.frameEntry(hart, start.fn, start.cfa)
	if found && t == s.tl.Start() {
		found = false
	}
	return s.landBack(hart, t-1, found, err)
}

// RestartFrame goes back to the moment frame index of hart was entered
// (its function's first instruction).
func (s *Session) RestartFrame(hart, index int) Stop {
	s.begin()
	if hart < 0 || hart >= s.m.Harts() {
		return s.errorStop(fmt.Errorf("no hart %d: only a running thread's frames can be restarted", hart))
	}
	f, err := s.Frame(hart, index)
	if err != nil {
		return s.errorStop(err)
	}
	if f.Function == nil {
		return s.errorStop(fmt.Errorf("frame %d has no function to restart", index))
	}
	t, found, err := s.frameEntry(hart, f.Function, f.CFA)
	st := s.landBack(hart, t, found, err)
	if st.Reason == ReasonStep {
		st.Reason = ReasonRestart
		s.stops[len(s.stops)-1].Reason = ReasonRestart
	}
	return st
}
