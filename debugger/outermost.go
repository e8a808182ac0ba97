package debugger

import "errors"

// ErrOutermostFrame refuses a step out (finish, reverse-finish) of the
// outermost frame, which has no caller to return to; the words are gdb's.
//
//lint:ignore ST1005 these are gdb's words, final period included
var ErrOutermostFrame = errors.New(`"finish" not meaningful in the outermost frame.`)

// CanStepOut reports whether frame index of hart has a caller to step out
// to: nil, or ErrOutermostFrame. Every front-end asks it before a step out
// (StepOut and ReverseStepOut refuse the same way).
func (s *Session) CanStepOut(hart, index int) error {
	fs, err := s.Frames(hart)
	if err != nil {
		return err
	}
	if index >= len(fs)-1 {
		return ErrOutermostFrame
	}
	return nil
}

// refuse is the stop of an operation refused before it moved: the session
// stays where it was.
func (s *Session) refuse(hart int, err error) Stop {
	if hart < 0 || hart >= s.m.Harts() {
		hart = s.hart
	}
	return Stop{Reason: ReasonError, Description: err.Error(), Err: err, Hart: hart,
		Time: s.tl.Now(), PC: s.m.Hart(hart).PC()}
}
