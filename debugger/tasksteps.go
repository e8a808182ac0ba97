package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger/rtos"
)

// StepKind is what a task-aware step does (ThreadStep).
type StepKind int

// Step kinds.
const (
	StepOver  StepKind = iota // Next, StepBack
	StepInto                  // StepIn, ReverseStepIn
	StepOutOf                 // StepOut, ReverseStepOut
)

// maxTaskRounds bounds how often one step waits for its task to run again.
const maxTaskRounds = 10_000

// ThreadStep is a source step of hart (over, into or out of; forward or
// backward) that stays in the RTOS task running when it starts: when
// another task runs in between, the step goes on over the time it runs
// until the task runs again and reaches the step's end. Without an RTOS,
// before its scheduler starts, or by instruction, it is the plain step.
func (s *Session) ThreadStep(hart int, kind StepKind, backward bool, g Granularity) Stop {
	a, ok := s.currentTask()
	if !ok || g == ByInstruction || hart != 0 {
		return s.plainStep(hart, kind, backward, g)
	}
	if backward {
		return s.stepBackInTask(hart, kind, a)
	}
	if kind == StepOutOf {
		return s.stepOutInTask(hart, a)
	}
	return s.stepInTask(hart, kind == StepInto, a)
}

// plainStep is the step without task awareness.
func (s *Session) plainStep(hart int, kind StepKind, backward bool, g Granularity) Stop {
	switch {
	case backward && kind == StepOutOf:
		return s.ReverseStepOut(hart)
	case backward && kind == StepInto && g == Statement:
		return s.ReverseStepIn(hart)
	case backward:
		return s.StepBack(hart, g)
	case kind == StepOutOf:
		return s.StepOut(hart, g)
	case kind == StepInto:
		return s.StepIn(hart, g)
	}
	return s.Next(hart, g)
}

// currentTask returns pxCurrentTCB once the scheduler runs.
func (s *Session) currentTask() (uint32, bool) {
	k := s.RTOS()
	if k == nil {
		return 0, false
	}
	if started, err := k.Started(s.m); err != nil || !started {
		return 0, false
	}
	tcb, err := k.CurrentTCB(s.m)
	return tcb, err == nil
}

// isCurrent reports whether task tcb runs now.
func (s *Session) isCurrent(tcb uint32) bool {
	cur, ok := s.currentTask()
	return ok && cur == tcb
}

// taskByTCB finds the task with TCB tcb now.
func (s *Session) taskByTCB(tcb uint32) (*rtos.Task, error) {
	tasks, err := s.Tasks()
	if err != nil {
		return nil, err
	}
	for i := range tasks {
		if tasks[i].TCB == tcb {
			return &tasks[i], nil
		}
	}
	return nil, fmt.Errorf("no task with TCB 0x%08x now", tcb)
}

// resumeTask runs forward until switched-out task tcb runs again at the
// pc and sp its context switch saved, returning done=true with the stop
// when anything else stops the run first.
func (s *Session) resumeTask(hart int, tcb uint32) (Stop, bool) {
	t, err := s.taskByTCB(tcb)
	if err != nil {
		return s.errorStop(err), true
	}
	regs, err := s.RTOS().Port().Registers(s.m, t.TopOfStack)
	if err != nil {
		return s.errorStop(err), true
	}
	return s.runUntil(hart, regs.PC, func() bool {
		return s.spOf(hart) == regs.SP && s.isCurrent(tcb)
	})
}

// stepInTask is Next or StepIn in task a.
func (s *Session) stepInTask(hart int, into bool, a uint32) Stop {
	start := s.where(hart)
	op := func() Stop {
		if into {
			return s.StepIn(hart, Statement)
		}
		return s.Next(hart, Statement)
	}
	st := op()
	for range maxTaskRounds {
		if st.Reason != ReasonStep {
			return st
		}
		if s.inTask(hart, a) {
			return st
		}
		if out, done := s.backToTask(hart, a); done {
			return out
		}
		if out, done := s.leaveCalls(hart, a, start); done {
			return out
		}
		if s.stepEndsHere(hart, start) {
			return s.stopHere(ReasonStep, hart, "")
		}
		st = op()
	}
	return s.stopHere(ReasonPause, hart, "the step waited too long for its task and was stopped")
}

// maxHandlerSteps bounds the instructions backToTask steps through a
// kernel trap handler.
const maxHandlerSteps = 100_000

// inTask reports whether hart runs task a's own code now: a is
// pxCurrentTCB, the hart is not in the port's context switch code (see
// inPortCode), and its stack unwinds to the top of a's stack (not the
// kernel's trap handler on its interrupt stack).
func (s *Session) inTask(hart int, a uint32) bool {
	if !s.isCurrent(a) || s.inPortCode(hart) {
		return false
	}
	t, err := s.taskByTCB(a)
	if err != nil || t.StackEnd == 0 {
		return err == nil
	}
	fs, err := s.Frames(hart)
	if err != nil {
		return false
	}
	for _, f := range fs {
		if atStackTop(t, f.CFA) {
			return true
		}
	}
	return false
}

// backToTask runs until task a runs its own code again: through the
// kernel's trap handler instruction by instruction while a stays current,
// or, once another task was switched in, to where a's saved context
// resumes it.
func (s *Session) backToTask(hart int, a uint32) (Stop, bool) {
	for range maxHandlerSteps {
		if s.inTask(hart, a) {
			return Stop{}, false
		}
		if !s.isCurrent(a) {
			return s.resumeTask(hart, a)
		}
		if out, done := s.oneStep(hart); done {
			return out, true
		}
	}
	return s.stopHere(ReasonPause, hart, "the task did not leave the kernel's trap handler"), true
}

// leaveCalls runs a task that was switched out inside a call its step was
// running through back to the frame the step started in.
func (s *Session) leaveCalls(hart int, a uint32, start position) (Stop, bool) {
	if !start.ok {
		return Stop{}, false
	}
	fs, err := s.Frames(hart)
	if err != nil {
		return Stop{}, false
	}
	var ret, cfa uint32
	for i := 0; i+1 < len(fs); i++ {
		if fs[i].CFA < start.cfa && fs[i+1].CFA >= start.cfa {
			ret, cfa = fs[i+1].PC, fs[i].CFA
			break
		}
	}
	if ret == 0 {
		return Stop{}, false
	}
	return s.runUntil(hart, ret, func() bool { return s.spOf(hart) >= cfa && s.isCurrent(a) })
}

// stepEndsHere reports whether a forward step from start that was
// switched out ends where its task is now.
func (s *Session) stepEndsHere(hart int, start position) bool {
	pc := s.m.Hart(hart).PC()
	if start.callerPC != 0 && pc == start.callerPC && s.spOf(hart) >= start.cfa {
		return true
	}
	return s.boundary(hart, start, 0, pc)
}

// stepOutInTask runs until the current function of task a returns.
func (s *Session) stepOutInTask(hart int, a uint32) Stop {
	s.begin()
	if err := s.CanStepOut(hart, 0); err != nil {
		return s.refuse(hart, err)
	}
	p := s.where(hart)
	if p.callerPC == 0 {
		return s.stepInTask(hart, false, a)
	}
	if out, done := s.runUntil(hart, p.callerPC, func() bool {
		return s.spOf(hart) >= p.cfa && s.isCurrent(a)
	}); done {
		return out
	}
	return s.stopHere(ReasonStep, hart, "")
}

// ThreadStepCount is ThreadStep repeated n times as one operation. Without
// RTOS tasks (or by instruction) the counted forms run through the
// reverse-search engine where they can (StepCount, StepBackCount); while
// tasks run, each step is a ThreadStep so that every one of them stays in
// the running task.
func (s *Session) ThreadStepCount(hart int, kind StepKind, backward bool, g Granularity, n uint64) Stop {
	n = max(n, 1)
	one := func() Stop { return s.ThreadStep(hart, kind, backward, g) }
	if n == 1 {
		return one()
	}
	if _, inTask := s.currentTask(); inTask && g == Statement && hart == 0 {
		return s.Repeat(n, one)
	}
	switch {
	case !backward && kind != StepOutOf:
		return s.StepCount(hart, g, kind == StepInto, n)
	case backward && kind == StepOver:
		return s.StepBackCount(hart, g, n)
	}
	return s.Repeat(n, one)
}
