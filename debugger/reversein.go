package debugger

import "github.com/rewind-debugger/rewind/symbols"

// ReverseStepIn steps back into the last statement of a function called
// from the previous line; without such a call it is StepBack.
func (s *Session) ReverseStepIn(hart int) Stop {
	s.begin()
	start := s.where(hart)
	if start.line == 0 || !start.ok || start.fn == nil {
		return s.stepBackInstruction(hart)
	}
	now := s.tl.Now()
	prev, found, err := s.previousStatement(hart, start)
	if err != nil || !found {
		return s.landBack(hart, prev, found, err)
	}
	ms, err := s.scan(hart, prev, now, s.allStatements())
	if err != nil {
		_ = s.tl.Seek(now)
		return s.landBack(hart, 0, false, err)
	}
	if err := s.tl.Seek(prev); err != nil {
		return s.errorStop(err)
	}
	// A function called from the previous line has its CFA at the
	// caller's sp; deeper calls (its own callees) are skipped.
	sp := s.m.Hart(hart).Reg(symbols.RegSP)
	for i := len(ms) - 1; i >= 0; i-- {
		if m := ms[i]; m.time > prev && m.cfa == sp {
			return s.landBack(hart, ms[s.lineStart(ms, i)].time, true, nil)
		}
	}
	return s.landBack(hart, prev, true, nil)
}

// allStatements lists the statement boundaries of every function with
// debug information (computed once).
func (s *Session) allStatements() []uint32 {
	if s.stmts == nil {
		for _, f := range s.syms.Functions() {
			if f.HasDebugInfo() {
				s.stmts = append(s.stmts, s.statementsOf(f)...)
			}
		}
	}
	return s.stmts
}
