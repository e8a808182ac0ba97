package debugger

import "testing"

// TestUntilLeavesLoop: "until" on the last line of main's loop body runs
// the loop to its exit instead of going back to the loop's head, while
// Next goes back.
func TestUntilLeavesLoop(t *testing.T) {
	s, _ := newDemo(t)
	addrs, err := s.LineAddrs("demo.c", 99)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.RunTo(addrs, false); lineNow(s) != 99 {
		t.Fatalf("RunTo line 99: %v at line %d", st.Reason, lineNow(s))
	}
	at99 := s.Now()
	if st := s.Next(0, Statement); st.Reason != ReasonStep || lineNow(s) != 92 {
		t.Fatalf("next from line 99: %v at line %d, want 92 (the loop's head)", st.Reason, lineNow(s))
	}
	s.Seek(at99)
	st := s.Until(0)
	if st.Reason != ReasonStep || lineNow(s) != 102 || funcNow(s) != "main" {
		t.Fatalf("until from line 99: %v at %s:%d, want main:102 (after the loop)", st.Reason, funcNow(s), lineNow(s))
	}
}
