package debugger

import "testing"

// TestUnhandledTrapHalts runs firmware that stores through a bad pointer with
// no trap handler: Continue must come back with a halted stop naming the
// trap (not trap forever), and stepping back from there must work.
func TestUnhandledTrapHalts(t *testing.T) {
	s := openFirmware(t, "crash")
	st := s.Continue()
	if st.Reason != ReasonHalted || st.Trap == nil || st.Trap.Cause != 7 || st.Trap.Function != "store_sample" {
		t.Fatalf("continue: %+v (trap %+v), want halted on a store access fault in store_sample", st, st.Trap)
	}
	end := s.Now()
	if back := s.StepBack(0, ByInstruction); back.Reason == ReasonHalted || s.Now() >= end {
		t.Fatalf("step back from the fault: %+v at %d (fault at %d)", back, s.Now(), end)
	}
	if st := s.Continue(); st.Reason != ReasonHalted || s.Now() != end {
		t.Fatalf("continue to the fault again: %+v at %d", st, s.Now())
	}
	if st := s.Continue(); st.Reason != ReasonExited || st.ExitCode != 1 || st.Trap == nil {
		t.Fatalf("continue at the halt: %+v, want the run to end", st)
	}
}
