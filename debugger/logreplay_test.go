package debugger

import (
	"os"
	"testing"
)

// Log points, like UART output, print only when history is first made:
// replaying recorded history after a rewind is quiet, and running past the
// old end (or after an edit of the past) prints again.
func TestLogPointQuietOnReplay(t *testing.T) {
	elf, err := os.ReadFile(demoPath)
	if err != nil {
		t.Fatal(err)
	}
	var logs []uint64
	s, err := New(elf, Options{Path: demoPath, Log: func(_ string, at uint64) { logs = append(logs, at) }})
	if err != nil {
		t.Fatal(err)
	}
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{LogMessage: "step {step}"}}, {Line: 103}})
	s.Continue()
	first := len(logs)
	if first == 0 {
		t.Fatal("no log point output")
	}
	end := s.Now()
	s.Seek(0)
	s.Continue()
	if len(logs) != first || s.Now() != end {
		t.Fatalf("replay printed %d more log lines (now %d, end %d)", len(logs)-first, s.Now(), end)
	}
	s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 93, Condition: Condition{LogMessage: "step {step}"}}})
	s.Seek(logs[0] - 1)
	s.Evaluate(0, 0, "sensor.head = sensor.head", fmtOpts) // fork: the rest is new history
	if !s.TakeFork() {
		t.Fatal("no fork")
	}
	s.Continue()
	if len(logs) < 2*first {
		t.Fatalf("after a fork, %d log lines, want at least %d", len(logs), 2*first)
	}
	for i := 1; i < first; i++ {
		if logs[first+i] != logs[i] {
			t.Fatalf("log %d after the fork at %d, want %d", i, logs[first+i], logs[i])
		}
	}
}
