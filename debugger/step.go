package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// Granularity is the unit of a step.
type Granularity int

// Step granularities.
const (
	Statement Granularity = iota // a source statement (also "line")
	ByInstruction
)

// maxSourceStep bounds the machine steps of one source step.
const maxSourceStep = 200_000_000

// StepInstruction executes one instruction of hart.
func (s *Session) StepInstruction(hart int) Stop {
	s.begin()
	s.arm(false)
	s.lastHit = hitResult{}
	if out, done := s.oneStep(hart); done {
		return out
	}
	return s.stopHere(ReasonStep, hart, "")
}

// oneStep runs until hart has taken one step (the other harts run while
// it waits for its turn), returning done=true with a stop when something
// else stopped the machine, or an error stop when hart never ran.
func (s *Session) oneStep(hart int) (Stop, bool) {
	h := s.m.Hart(hart)
	if end, ok := s.recordingEnd(); ok && s.tl.Now() >= end {
		return s.endStop(vm.Stop{Hart: hart}), true
	}
	before, pc := s.hartSteps(hart), h.PC()
	for range s.maxStepWait() {
		st := s.tl.Run(s.tl.Now() + 1)
		switch st.Reason {
		case vm.StopLimit, vm.StopBreakpoint:
		default:
			if out, ok := s.machineStop(st); ok {
				return out, true
			}
			return s.hitStop(st, s.lastHit.ids, false), true
		}
		// The counters tell that hart stepped; the pc or a single hart
		// tells it too when the firmware inhibited them (mcountinhibit).
		if s.m.Harts() == 1 || s.hartSteps(hart) != before || h.PC() != pc {
			return Stop{}, false
		}
	}
	return s.errorStop(fmt.Errorf("hart %d took no step in %d machine steps", hart, s.maxStepWait())), true
}

// insnLen is the length of the instruction at pc (2 or 4).
func (s *Session) insnLen(pc uint32) uint32 {
	var b [2]byte
	if s.m.ReadMemory(pc, b[:]) == nil && b[0]&3 != 3 {
		return 2
	}
	return 4
}

// Next steps over one source statement: it runs until a statement
// boundary of another line in the same frame, or the return to the caller.
// Calls are run through (breakpoints inside them still stop). By
// instruction it executes one instruction, running a call through.
func (s *Session) Next(hart int, g Granularity) Stop {
	if g == ByInstruction {
		return s.nextInstruction(hart)
	}
	return s.sourceStep(hart, false)
}

// StepIn steps one source statement, entering called functions that have
// debug information (stopping after their prologue).
func (s *Session) StepIn(hart int, g Granularity) Stop {
	if g == ByInstruction {
		return s.StepInstruction(hart)
	}
	return s.sourceStep(hart, true)
}

// sourceStep implements Next and StepIn.
func (s *Session) sourceStep(hart int, into bool) Stop {
	s.begin()
	s.arm(false)
	start := s.where(hart)
	if start.line == 0 || !start.ok {
		return s.StepInstruction(hart)
	}
	h := s.m.Hart(hart)
	for i := 0; i < maxSourceStep; i++ {
		if s.pausing() {
			s.ClearPause()
			return s.stopHere(ReasonPause, hart, "paused")
		}
		prev, prevSP := h.PC(), s.spOf(hart)
		exc, _ := s.exceptionNumber(hart)
		s.lastHit = hitResult{}
		if out, done := s.oneStep(hart); done {
			return out
		}
		if resume, ok := s.interruptedAt(hart, exc, prevSP); ok {
			if out, done := s.runThroughException(hart, resume, prevSP, exc); done {
				return out
			}
			if resume == prev {
				continue // back before the interrupted instruction: as if nothing happened
			}
		}
		pc := h.PC()
		if start.callerPC != 0 && pc == start.callerPC && s.spOf(hart) >= start.cfa {
			return s.stopHere(ReasonStep, hart, "") // returned to the caller
		}
		if fn := s.syms.FunctionAt(pc); fn != start.fn && s.returnAddressOf(hart) == prev+s.insnLen(prev) && fn != nil && fn.Low == pc {
			if into && fn.HasDebugInfo() && s.hasLines(pc) {
				return s.runToEntryBody(hart, fn)
			}
			if out, done := s.finishCall(hart, prev); done {
				return out
			}
			pc = h.PC()
		}
		if s.boundary(hart, start, prev, pc) {
			return s.stopHere(ReasonStep, hart, "")
		}
	}
	return s.stopHere(ReasonPause, hart, "the step ran too long and was stopped")
}

// hasLines reports whether pc has a source line.
func (s *Session) hasLines(pc uint32) bool {
	_, ok := s.syms.PCToLine(pc)
	return ok
}

// boundary reports whether a forward step from start stops at pc.
func (s *Session) boundary(hart int, start position, prev, pc uint32) bool {
	if !s.syms.IsStatement(pc) {
		return false
	}
	loc, ok := s.syms.PCToLine(pc)
	if !ok {
		return false
	}
	p := s.where(hart)
	if p.cfa == start.cfa && p.fn == start.fn {
		return loc.Line != start.line || pc <= prev
	}
	return p.cfa > start.cfa && p.fn != nil && p.fn.HasDebugInfo()
}

// finishCall runs a call made by the instruction at callPC to its return.
func (s *Session) finishCall(hart int, callPC uint32) (Stop, bool) {
	ret := callPC + s.insnLen(callPC)
	sp := s.spOf(hart)
	return s.runUntil(hart, ret, func() bool { return s.spOf(hart) >= sp })
}

// runToEntryBody runs from a function's entry past its prologue.
func (s *Session) runToEntryBody(hart int, fn *symbols.Function) Stop {
	body := s.syms.BreakpointAddr(fn)
	h := s.m.Hart(hart)
	if body == h.PC() {
		return s.stopHere(ReasonStep, hart, "")
	}
	sp := s.spOf(hart)
	if out, done := s.runUntil(hart, body, func() bool { return s.spOf(hart) <= sp }); done {
		return out
	}
	return s.stopHere(ReasonStep, hart, "")
}

// runUntil runs forward until hart reaches addr with ok() true, returning
// done=true with the stop when anything else stops the run first.
func (s *Session) runUntil(hart int, addr uint32, ok func() bool) (Stop, bool) {
	s.bps.temp = map[uint32]bool{addr: true}
	defer func() { s.bps.temp = nil; s.arm(false) }()
	s.arm(false)
	h := s.m.Hart(hart)
	for {
		s.lastHit = hitResult{}
		st := s.runFor(^uint64(0))
		if out, fin := s.machineStop(st); fin {
			return out, true
		}
		if len(s.lastHit.ids) > 0 || st.Reason != vm.StopBreakpoint {
			return s.hitStop(st, s.lastHit.ids, false), true
		}
		if st.Hart == hart && h.PC() == addr && ok() {
			return Stop{}, false
		}
		if s.pausing() {
			s.ClearPause()
			return s.stopHere(ReasonPause, hart, "paused"), true
		}
	}
}

// StepOut runs until the current function returns to its caller.
func (s *Session) StepOut(hart int, g Granularity) Stop {
	s.begin()
	if err := s.CanStepOut(hart, 0); err != nil {
		return s.refuse(hart, err)
	}
	p := s.where(hart)
	if p.callerPC == 0 {
		return s.sourceStep(hart, false)
	}
	if out, done := s.runUntil(hart, p.callerPC, func() bool { return s.spOf(hart) >= p.cfa }); done {
		return out
	}
	return s.stopHere(ReasonStep, hart, "")
}
