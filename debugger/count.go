package debugger

// Counted steps ("next 10", "reverse-stepi 100000") are one operation of
// the session: they stop early at anything that is not the plain end of a
// step (a breakpoint, the start of history, an exit) and on Pause.
// Instruction steps of a one-hart board go through the timeline at once:
// forward one run of n steps with the breakpoints armed, backward one
// reverse search over the last n steps (reverse-continue with a floor), so
// `reverse-stepi 100000` costs about as much as a seek. With several harts
// the floor is found from the hart's cycle counter in O(log n) seeks.

// StepCount is Next (or StepIn with into) repeated n times.
func (s *Session) StepCount(hart int, g Granularity, into bool, n uint64) Stop {
	n = max(n, 1)
	if g == ByInstruction && n > 1 && s.m.Harts() == 1 {
		s.begin()
		return s.runForward(s.tl.Now() + n)
	}
	if into {
		return s.Repeat(n, func() Stop { return s.StepIn(hart, g) })
	}
	return s.Repeat(n, func() Stop { return s.Next(hart, g) })
}

// StepBackCount is StepBack repeated n times.
func (s *Session) StepBackCount(hart int, g Granularity, n uint64) Stop {
	n = max(n, 1)
	if g == ByInstruction && n > 1 {
		s.begin()
		now := s.tl.Now()
		if s.m.Harts() == 1 {
			return s.runBackward(now - min(n, now-s.tl.Start()))
		}
		floor, _, ok, err := s.hartStepsBack(hart, n)
		if serr := s.tl.Seek(now); err == nil {
			err = serr
		}
		if err != nil {
			return s.errorStop(err)
		}
		if ok {
			return s.runBackward(floor)
		}
	}
	return s.Repeat(n, func() Stop { return s.StepBack(hart, g) })
}

// Repeat performs op up to n times, as long as each one ends as a plain
// step (ReasonStep), and stops on Pause between them. It returns the last
// stop.
func (s *Session) Repeat(n uint64, op func() Stop) Stop {
	st := Stop{Reason: ReasonStep}
	for i := uint64(0); i < n; i++ {
		if i > 0 && s.pausing() {
			s.ClearPause()
			return s.stopHere(ReasonPause, s.hart, "paused")
		}
		if st = op(); st.Reason != ReasonStep {
			return st
		}
	}
	return st
}
