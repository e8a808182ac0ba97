package debugger

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// countAt reads the demo's sensor.count through the session's public
// reads, as a front-end's condition does.
func countAt(t *testing.T, s *Session) func() (uint32, error) {
	t.Helper()
	d, err := s.DataTargetOf(0, 0, "sensor.count")
	if err != nil {
		t.Fatal(err)
	}
	return func() (uint32, error) {
		data, bad := s.ReadMemory(d.Addr, 4)
		if bad > 0 {
			return 0, errors.New("sensor.count unreadable")
		}
		return binary.LittleEndian.Uint32(data), nil
	}
}

// TestCondFuncBothWays: a front-end condition is evaluated at each hit,
// forwards and during a reverse search, and only where it holds does the
// breakpoint stop.
func TestCondFuncBothWays(t *testing.T) {
	s, _ := newDemo(t)
	count := countAt(t, s)
	record := s.Symbols().FunctionsNamed("record")[0].Low
	calls := 0
	cond := func(hart int) (bool, error) {
		calls++
		if pc, err := s.RegisterValue(hart, PCRegister); err != nil || pc != record {
			return false, errors.New("evaluated away from the breakpoint")
		}
		n, err := count()
		return n == 3 || n == 5, err
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: record, Condition: Condition{Func: cond}}})
	for _, want := range []uint32{3, 5} {
		st := s.Continue()
		if n, _ := count(); st.Reason != ReasonInstruction || n != want {
			t.Fatalf("continue: %v with count %d, want a stop with count %d", st, n, want)
		}
	}
	if calls < 6 {
		t.Fatalf("the condition was evaluated %d times for 6 hits", calls)
	}
	st := s.ReverseContinue()
	if n, _ := count(); st.Reason != ReasonInstruction || n != 3 {
		t.Fatalf("reverse-continue: %v with count %d, want count 3", st, n)
	}
}

// TestCondFuncErrorsAndWrites: a condition that fails stops the run and
// says why; a condition cannot write.
func TestCondFuncErrorsAndWrites(t *testing.T) {
	s, _ := newDemo(t)
	record := s.Symbols().FunctionsNamed("record")[0].Low
	var writeErr error
	cond := func(hart int) (bool, error) {
		writeErr = s.WriteMemory(0x80000000, []byte{0})
		return false, errors.New("bytecode ran off its end")
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: record, Condition: Condition{Func: cond}}})
	st := s.Continue()
	if st.Reason != ReasonInstruction || !strings.Contains(st.Description, "bytecode ran off its end") {
		t.Fatalf("continue: %v; want a stop saying the condition failed", st)
	}
	if writeErr == nil || s.TakeFork() {
		t.Fatalf("a condition wrote memory (err %v)", writeErr)
	}
}
