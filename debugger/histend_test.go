package debugger

import (
	"crypto/sha256"
	"os"
	"testing"
)

// The fault firmware exits with code 3 through the test device: continue
// stops just before the exiting store, with breakpoints kept and history
// explorable; a further continue performs the exit.
func TestStopBeforeExit(t *testing.T) {
	s := newFirmware(t, "fault")
	bs := s.SetFunctionBreakpoints([]FunctionSpec{{Name: "main"}})
	if st := s.Continue(); st.Reason != ReasonFunction {
		t.Fatalf("to main: %v", st)
	}
	st := s.Continue()
	if st.Reason != ReasonExiting || st.ExitCode != 3 || st.Time != s.Now() || s.Now() != s.tl.End()-1 {
		t.Fatalf("continue to the exit: %v (now %d, end %d)", st, s.Now(), s.tl.End())
	}
	exitAt := s.Now()
	if st := s.StepBack(0, ByInstruction); st.Reason != ReasonStep || s.Now() != exitAt-1 {
		t.Fatalf("step back from the exit: %v", st)
	}
	if st := s.Continue(); st.Reason != ReasonExiting || s.Now() != exitAt {
		t.Fatalf("continue to the exit again: %v", st)
	}
	if st := s.ReverseContinue(); st.Reason != ReasonFunction || st.BreakpointIDs[0] != bs[0].ID {
		t.Fatalf("reverse to main's breakpoint: %v", st)
	}
	s.Seek(exitAt)
	if st := s.StepInstruction(0); st.Reason != ReasonExited || st.ExitCode != 3 {
		t.Fatalf("stepi at the exit: %v", st)
	}
}

// StopAtExit false ends the run at the exit, as before.
func TestStopAtExitOff(t *testing.T) {
	elf, err := os.ReadFile("../testdata/firmware/fault.elf")
	if err != nil {
		t.Fatal(err)
	}
	off := false
	s, err := New(elf, Options{Path: "fault.elf", StopAtExit: &off})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonExited || st.ExitCode != 3 || s.Now() != s.tl.End() {
		t.Fatalf("continue: %v", st)
	}
}

// A recording the recorder stopped ends its history: a replay stops
// there with ReasonEndOfHistory, however it moves forward, and goes no
// further.
func TestRecordingEndIsAStop(t *testing.T) {
	s := newFirmware(t, "spin")
	runSteps(t, s, 50_000)
	rec := s.tl.Recording()
	elf, err := os.ReadFile("../testdata/firmware/spin.elf")
	if err != nil {
		t.Fatal(err)
	}
	rec.Firmware = sha256.Sum256(elf)
	r, err := New(elf, Options{Path: "spin.elf", Recording: &Recording{r: rec}})
	if err != nil {
		t.Fatal(err)
	}
	for i, op := range []func() Stop{r.Continue, r.Continue, func() Stop { return r.StepInstruction(0) },
		func() Stop { return r.Next(0, Statement) }} {
		if st := op(); st.Reason != ReasonEndOfHistory || r.Now() != 50_000 {
			t.Fatalf("forward %d: %v at %d, want the end of history at 50000", i, st, r.Now())
		}
	}
	if st := r.StepBack(0, Statement); st.Reason != ReasonStep || r.Now() >= 50_000 {
		t.Fatalf("back from the end: %v", st)
	}
}
