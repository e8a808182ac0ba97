package debugger

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
	if err := s.tl.Seek(prev); err != nil {
		return s.errorStop(err)
	}
	// A function called from the previous line has its CFA at the
	// caller's sp; deeper calls (its own callees) are skipped.
	sp := s.spOf(hart)
	if err := s.tl.Seek(now); err != nil {
		return s.errorStop(err)
	}
	t, found, err := s.lastLineIn(hart, sp, prev+1)
	if err != nil || !found {
		return s.landBack(hart, prev, err == nil, err)
	}
	return s.landBack(hart, t, true, nil)
}

// lastLineIn finds the start of the latest line instance, after floor, of
// a frame whose CFA is cfa.
func (s *Session) lastLineIn(hart int, cfa uint32, floor uint64) (uint64, bool, error) {
	var cur mark
	seen := false
	_, _, err := s.searchMarks(hart, s.allStatements(), floor, func(m mark) bool {
		if m.cfa != cfa {
			return false
		}
		if seen && (m.pc >= cur.pc || s.lineOf(m.pc) != s.lineOf(cur.pc)) {
			return true
		}
		cur, seen = m, true
		return false
	})
	if err != nil {
		return 0, false, err
	}
	return cur.time, seen, nil
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
