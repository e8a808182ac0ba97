package debugger

import (
	"errors"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// A pause that reaches the timeline after the session looked for one (and
// before the reverse search starts) still stops the search; once the
// session consumed it, the next reverse continue runs normally.
func TestPauseBeforeReverseSearchIsKept(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	now := s.Now()
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93}})
	s.arm(true)
	s.tl.Pause() // lands between the session's check and ReverseRun
	_, _, err := s.tl.ReverseRun(s.tl.Start())
	s.arm(false)
	if !errors.Is(err, checkpoint.ErrPaused) || s.Now() != now {
		t.Fatalf("reverse run with a pending pause: %v, now %d (was %d)", err, s.Now(), now)
	}
	s.ClearPause()
	if st := s.ReverseContinue(); st.Reason != ReasonBreakpoint || lineNow(s) != 93 {
		t.Fatalf("reverse continue after the pause was cleared: %v at line %d", st, lineNow(s))
	}
	s.Pause()
	if st := s.ReverseContinue(); st.Reason != ReasonPause {
		t.Fatalf("reverse continue with a pending pause: %v", st)
	}
	if st := s.ReverseContinue(); st.Reason != ReasonBreakpoint {
		t.Fatalf("a consumed pause stopped the next reverse continue: %v", st)
	}
}
