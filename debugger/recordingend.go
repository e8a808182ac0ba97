package debugger

// RecordingEnd returns the time at which a replayed recording's history
// ends, when the recorded run was cut short (neither exited nor halted):
// beyond it the replay would run on without the recorded input, so
// forward runs stop there (ContinueUntil, StepInstructionUntil).
// ok=false for a live run, or a recording that ended in an exit or a halt
// (replaying reproduces that ending), or once the past was edited.
func (s *Session) RecordingEnd() (end uint64, ok bool) { return s.recordingEnd() }

// ContinueUntil runs forward like Continue, but stops at time limit with
// ReasonEndOfHistory (at once when the session is there already).
func (s *Session) ContinueUntil(limit uint64) Stop {
	s.begin()
	if s.tl.Now() >= limit {
		return s.endOfHistory(s.hart)
	}
	st := s.runForward(limit)
	if st.Reason == ReasonStep && s.tl.Now() >= limit {
		return s.relabel(st, ReasonEndOfHistory, endOfHistoryText)
	}
	return st
}

// StepInstructionUntil executes one instruction of hart like
// StepInstruction, unless the session is at time limit or beyond: then it
// stops with ReasonEndOfHistory without moving.
func (s *Session) StepInstructionUntil(hart int, limit uint64) Stop {
	if s.tl.Now() >= limit {
		return s.endOfHistory(hart)
	}
	return s.StepInstruction(hart)
}

const endOfHistoryText = "reached the end of the recording: nothing later to replay"

// endOfHistory reports a stop at the end of a replayed recording.
func (s *Session) endOfHistory(hart int) Stop {
	return s.stopHere(ReasonEndOfHistory, hart, endOfHistoryText)
}

// relabel changes the reason of the stop just made (and the copy kept
// for the timeline view).
func (s *Session) relabel(st Stop, r Reason, desc string) Stop {
	st.Reason, st.Description = r, desc
	if n := len(s.stops); n > 0 {
		s.stops[n-1] = st
	}
	return st
}
