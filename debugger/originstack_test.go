package debugger

import "testing"

// TestWatchExceptionStacking: a data breakpoint on a word of an exception
// frame stops, both ways, at the moment of the exception entry that
// stacked it (the entry used to leave the hit pending until a later
// instruction of the handler stopped the batch).
func TestWatchExceptionStacking(t *testing.T) {
	s := dataflowSession(t, "dataflow-cm.elf")
	end := s.Now()
	h, ok := s.Symbols().FunctionByName("rx_handler")
	if !ok {
		t.Fatal("no rx_handler")
	}
	s.Seek(s.Span().Start)
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: h.Low}})
	if st := s.Continue(); st.Reason != ReasonInstruction {
		t.Fatalf("to rx_handler: %v", st)
	}
	entry, slot := s.Now(), s.spOf(0)+12 // the frame's r3
	s.SetInstructionBreakpoints(nil)
	s.SetDataBreakpoints([]DataSpec{{Name: "stacked r3", Addr: slot, Size: 4, Access: AccessWrite}})
	s.Seek(end)
	if st := s.ReverseContinue(); st.Reason != ReasonData || s.Now() != entry || funcNow(s) != "hold_across_irq" {
		t.Errorf("reverse: %v at %d in %s, want the entry at %d in hold_across_irq", st, s.Now(), funcNow(s), entry)
	}
	s.Seek(s.Span().Start)
	if st := s.Continue(); st.Reason != ReasonData || s.Now() != entry {
		t.Errorf("forward: %v at %d, want the entry at %d", st, s.Now(), entry)
	}
}
