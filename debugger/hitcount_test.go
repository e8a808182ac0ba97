package debugger

import "testing"

// stepValue is the demo's loop counter now.
func stepValue(t *testing.T, s *Session) string {
	t.Helper()
	v, err := s.Evaluate(0, 0, "step", fmtOpts)
	if err != nil {
		t.Fatal(err)
	}
	return v.Value
}

// A forward hit count counts the hits from the start of history, however
// the session moved in time: "== 3" stops at the third hit again after a
// rewind, and is not reached again before it.
func TestHitCountAfterTimeTravel(t *testing.T) {
	s, _ := newDemo(t)
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{HitCondition: "== 3"}}})
	st := s.Continue()
	if st.Reason != ReasonBreakpoint {
		t.Fatalf("first continue: %v", st)
	}
	third, want := s.Now(), stepValue(t, s)
	tests := []struct {
		name string
		move func()
	}{
		{"seek to the start", func() { s.Seek(0) }},
		{"seek to the middle", func() { s.Seek(third / 2) }},
		{"reverse continue", func() { s.ReverseContinue(); s.ReverseContinue() }},
		{"restart", func() {
			if err := s.Restart(); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s.Now() != third {
				s.Seek(third)
			}
			s.Seek(third + 1000)
			tt.move()
			if s.Now() >= third {
				t.Fatalf("did not move before the third hit: now %d", s.Now())
			}
			st := s.Continue()
			if st.Reason != ReasonBreakpoint || s.Now() != third || stepValue(t, s) != want {
				t.Fatalf("continue: %v at %d (want %d), step %s (want %s)", st, s.Now(), third, stepValue(t, s), want)
			}
		})
	}
}

// After an edit of the past the hits of the discarded future are
// forgotten.
func TestHitCountAfterFork(t *testing.T) {
	s, _ := newDemo(t)
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{HitCondition: ">= 2"}}})
	s.Continue()
	second := s.Now()
	s.Continue()
	s.Seek(second - 1)
	if _, err := s.Evaluate(0, 0, "sensor.head = sensor.head", fmtOpts); err != nil {
		t.Fatal(err)
	}
	if !s.TakeFork() {
		t.Fatal("no fork")
	}
	for _, b := range s.Breakpoints() {
		if n := len(b.seen.keys); n != 1 {
			t.Fatalf("after the fork the breakpoint remembers %d hits, want 1", n)
		}
	}
	if st := s.Continue(); st.Reason != ReasonBreakpoint || s.Now() != second {
		t.Fatalf("continue after the fork: %v at %d, want %d", st, s.Now(), second)
	}
}

func TestHitLogBounded(t *testing.T) {
	var l hitLog
	for i := range uint64(maxHitTimes + 10) {
		if n := l.note(hitKey{time: i * 3}); n != i+1 {
			t.Fatalf("hit %d numbered %d", i+1, n)
		}
	}
	if len(l.keys) > maxHitTimes {
		t.Fatalf("%d hits kept", len(l.keys))
	}
	last := uint64(maxHitTimes+9) * 3
	if n := l.note(hitKey{time: last}); n != maxHitTimes+10 {
		t.Fatalf("replayed last hit numbered %d", n)
	}
	l.forgetAfter(last - 1)
	if n := l.note(hitKey{time: last + 1}); n != maxHitTimes+10 {
		t.Fatalf("new last hit numbered %d", n)
	}
}
