package debugger

import (
	"os"
	"testing"
	"time"
)

// Every long operation stops on Pause, forwards and backwards, counted or
// not; a reverse search stays where it began, a counted reverse line step
// after the steps it completed.
func TestPauseStopsLongOperations(t *testing.T) {
	s := newFirmware(t, "spin")
	runSteps(t, s, 300_000_000)
	// main's entry is found at once (segment summaries skip the loop's
	// history), so restarting main's frame or searching for its entry is
	// no longer long: a watch whose condition never holds searches it all.
	neverWatch := func() {
		d, err := s.DataTargetOf(0, 0, "counter")
		if err != nil {
			t.Fatal(err)
		}
		s.SetDataBreakpoints([]DataSpec{{Addr: d.Addr, Size: d.Size, Access: AccessWrite,
			Condition: Condition{Condition: "counter == 0"}}})
	}
	ops := []struct {
		name  string
		back  bool
		setup func()
		op    func() Stop
	}{
		{"reverse-next 10^9", true, nil, func() Stop { return s.StepBackCount(0, Statement, 1e9) }},
		{"reverse-stepi 10^8 with a watchpoint", true, neverWatch,
			func() Stop { return s.StepBackCount(0, ByInstruction, 1e8) }},
		{"reverse-continue", true, neverWatch, s.ReverseContinue},
		{"stepi 10^11", false, nil, func() Stop { return s.StepCount(0, ByInstruction, false, 1e11) }},
		{"next 10^9", false, nil, func() Stop { return s.StepCount(0, Statement, false, 1e9) }},
		{"continue", false, nil, s.Continue},
	}
	for _, o := range ops {
		if o.setup != nil {
			o.setup()
		}
		before := s.Now()
		timer := time.AfterFunc(30*time.Millisecond, s.Pause)
		st := o.op()
		timer.Stop()
		s.SetDataBreakpoints(nil)
		if st.Reason != ReasonPause {
			t.Fatalf("%s: %v, want a pause", o.name, st)
		}
		if o.back && (s.Now() > before || s.Now() < before && o.name != "reverse-next 10^9") {
			t.Fatalf("%s: paused at %d, began at %d", o.name, s.Now(), before)
		}
		s.ClearPause()
	}
}

// A long seek (checkpoints far apart: a tiny budget keeps only the start
// and the newest) stops on Pause at a moment on the way.
func TestPauseStopsLongSeek(t *testing.T) {
	elf, err := os.ReadFile("../testdata/firmware/spin.elf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: "spin.elf", CheckpointBudget: 1})
	if err != nil {
		t.Fatal(err)
	}
	runSteps(t, s, 300_000_000)
	target := s.Now() / 2
	timer := time.AfterFunc(20*time.Millisecond, s.Pause)
	st := s.Seek(target)
	timer.Stop()
	if st.Reason != ReasonPause || s.Now() >= target {
		t.Fatalf("seek to %d: %v at %d, want a pause on the way", target, st, s.Now())
	}
	if st := s.Seek(target); st.Reason != ReasonGoto || s.Now() != target {
		t.Fatalf("seek again: %v at %d", st, s.Now())
	}
}
