package debugger

import (
	"crypto/sha256"
	"os"
	"testing"
)

// cutShortReplay records the demo up to its first call of record and
// replays that recording, which ends mid-run.
func cutShortReplay(t *testing.T) (*Session, uint64) {
	t.Helper()
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "record"}})
	if st := s.Continue(); st.Reason != ReasonFunction {
		t.Fatalf("continue: %v", st)
	}
	return replayOf(t, s), s.tl.End()
}

// replayOf opens the recording of a demo session's history.
func replayOf(t *testing.T, s *Session) *Session {
	t.Helper()
	rec := s.tl.Recording()
	elf, err := os.ReadFile(demoPath)
	if err != nil {
		t.Fatal(err)
	}
	rec.Firmware = sha256.Sum256(elf)
	r, err := New(elf, Options{Path: demoPath, Recording: &Recording{r: rec}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRecordingEnd: forward runs of a recording cut short stop at its
// end with ReasonEndOfHistory, from where going back works; a live run
// and a recording that exited have no such end.
func TestRecordingEnd(t *testing.T) {
	r, end := cutShortReplay(t)
	got, ok := r.RecordingEnd()
	if !ok || got != end || end == 0 {
		t.Fatalf("RecordingEnd = %d, %v; want %d", got, ok, end)
	}
	st := r.ContinueUntil(end)
	if st.Reason != ReasonEndOfHistory || st.Time != end {
		t.Fatalf("continue: %v; want the end of history at %d", st, end)
	}
	if st := r.StepInstructionUntil(0, end); st.Reason != ReasonEndOfHistory || r.Now() != end {
		t.Fatalf("step at the end: %v at %d", st, r.Now())
	}
	if st := r.ContinueUntil(end); st.Reason != ReasonEndOfHistory || r.Now() != end {
		t.Fatalf("continue at the end: %v at %d", st, r.Now())
	}
	if st := r.StepBack(0, ByInstruction); st.Reason != ReasonStep || r.Now() != end-1 {
		t.Fatalf("step back: %v at %d", st, r.Now())
	}
	if st := r.StepInstructionUntil(0, end); st.Reason != ReasonStep || r.Now() != end {
		t.Fatalf("step to the end: %v at %d", st, r.Now())
	}
	r.Seek(0)
	r.SetFunctionBreakpoints([]FunctionSpec{{Name: "main"}})
	if st := r.ContinueUntil(end); st.Reason != ReasonFunction {
		t.Fatalf("a breakpoint before the end: %v", st)
	}

	live, _ := newDemo(t)
	if _, ok := live.RecordingEnd(); ok {
		t.Fatal("a live run has a recording end")
	}
	if st := live.Continue(); st.Reason != ReasonExiting {
		t.Fatalf("demo: %v", st)
	}
	if st := live.Continue(); st.Reason != ReasonExited {
		t.Fatalf("demo at its exit: %v", st)
	}
	if _, ok := replayOf(t, live).RecordingEnd(); ok {
		t.Fatal("a recording that exited has an end forward runs stop at")
	}
}

// TestRegisterValueAndStats: registers by number, unknown ones refused,
// and the history's span.
func TestRegisterValueAndStats(t *testing.T) {
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "record"}})
	s.Continue()
	regs, err := s.Registers(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range regs {
		if v, err := s.RegisterValue(0, r.Num); err != nil || v != r.Value {
			t.Errorf("%s (%#x): %#x, %v; want %#x", r.Name, r.Num, v, err, r.Value)
		}
	}
	for _, bad := range []uint32{33, CSRRegister(0x7ff), CSRRegister(0xfff) + 1} {
		if _, err := s.RegisterValue(0, bad); err == nil {
			t.Errorf("register %#x: no error", bad)
		}
	}
	if _, err := s.RegisterValue(1, PCRegister); err == nil {
		t.Error("hart 1 of a one-hart board: no error")
	}
	h := s.HistoryStats()
	if h.Start != 0 || h.End != s.Now() || h.Checkpoints == 0 {
		t.Errorf("history stats %+v at time %d", h, s.Now())
	}
}
