package debugger

// maxUntilLines bounds the source steps of one Until.
const maxUntilLines = 1 << 20

// Until is gdb's "until" with no argument: like Next, but it does not
// stop on a line of the same frame that is not after the starting one,
// so at the end of a loop body it runs the loop to its exit. It stops
// as Next does when the frame returns, at a breakpoint or on a pause.
func (s *Session) Until(hart int) Stop {
	f0, err := s.Frame(hart, 0)
	if err != nil || f0.Location.Line == 0 {
		return s.Next(hart, Statement)
	}
	var st Stop
	for range maxUntilLines {
		st = s.Next(hart, Statement)
		if st.Reason != ReasonStep {
			return st
		}
		f, err := s.Frame(hart, 0)
		if err != nil || f.CFA != f0.CFA || f.Location.File.Path != f0.Location.File.Path || f.Location.Line > f0.Location.Line {
			return st
		}
	}
	return st
}
