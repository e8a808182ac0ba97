package debugger

import (
	"strings"
	"testing"
)

// An assignment in a condition must not change the machine: a reverse
// search evaluates it at past moments, where a write would fork history.
func TestConditionWithoutSideEffects(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	end := s.tl.End()
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{Condition: "sensor.head = 0"}}})
	st := s.ReverseContinue()
	if s.tl.End() != end || s.TakeFork() {
		t.Fatalf("a condition changed history: end %d -> %d (%v)", end, s.tl.End(), st)
	}
	if st.Reason == ReasonStartOfHistory {
		t.Fatalf("reverse continue: %v", st)
	}
}

// Log messages and Inspect refuse writes; Evaluate still allows them.
func TestReadOnlyEvaluation(t *testing.T) {
	s, _ := newDemo(t)
	var logs []string
	s.opt.Log = func(text string, _ uint64) { logs = append(logs, text) }
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{LogMessage: "{sensor.head = 7}"}}, {Line: 103}})
	if st := s.Continue(); lineNow(s) != 103 {
		t.Fatalf("continue: %v", st)
	}
	if len(logs) == 0 || !strings.Contains(logs[0], "side effects are not allowed in a log message") {
		t.Fatalf("log point with an assignment printed %q", logs)
	}
	s.Seek(s.Now() - 100)
	end := s.tl.End()
	_, err := s.Inspect(0, 0, "sensor.head = 0", "hover", fmtOpts)
	if err == nil || !strings.Contains(err.Error(), "side effects are not allowed in a hover") {
		t.Fatalf("Inspect with an assignment: %v", err)
	}
	if s.tl.End() != end || s.TakeFork() {
		t.Fatalf("Inspect changed history: end %d -> %d", end, s.tl.End())
	}
	if _, err := s.Evaluate(0, 0, "sensor.head = 0", fmtOpts); err != nil {
		t.Fatalf("Evaluate with an assignment: %v", err)
	}
	if !s.TakeFork() {
		t.Fatal("Evaluate in the past did not fork")
	}
}
