package debugger

// stepBackInTask is a reverse step (over, into or out of) in task a: when
// it lands in another task or in the port's context switch code, it goes
// back to a's last moment before that
// task ran and searches again from there with the step's start.
func (s *Session) stepBackInTask(hart int, kind StepKind, a uint32) Stop {
	start := s.where(hart)
	st := s.plainStep(hart, kind, true, Statement)
	for range maxTaskRounds {
		if st.Reason != ReasonStep || s.inTask(hart, a) {
			return st
		}
		found, err := s.lastRunOf(hart, a)
		if err != nil || !found {
			return s.landBack(hart, 0, false, err)
		}
		if kind == StepOver && start.fn != nil && start.ok {
			if s.lineStartsHere(hart, start) {
				return s.stopHere(ReasonStep, hart, "")
			}
			t, found, err := s.previousStatement(hart, start)
			st = s.landBack(hart, t, found, err)
		} else {
			st = s.plainStep(hart, kind, true, Statement)
		}
	}
	return s.stopHere(ReasonPause, hart, "the step waited too long for its task and was stopped")
}

// lastRunOf seeks to the latest moment before now when switched-out task
// a was running: its hart about to execute the pc its context switch
// saved, in a frame on a's stack. It reports false when there is none in
// history.
func (s *Session) lastRunOf(hart int, a uint32) (bool, error) {
	t, err := s.taskByTCB(a)
	if err != nil {
		return false, err
	}
	regs, err := s.RTOS().Port().Registers(s.m, t.TopOfStack)
	if err != nil {
		return false, err
	}
	return s.cpu().lastRunOf(s, hart, t, regs)
}

// lineStartsHere reports whether a reverse step over from start, resumed
// where its task was switched out, ends right here: the task was
// switched out at the start of another line of start's frame.
func (s *Session) lineStartsHere(hart int, start position) bool {
	pc := s.m.Hart(hart).PC()
	return s.syms.IsStatement(pc) && s.lineOf(pc) != start.line && s.cfa(hart) == start.cfa
}
