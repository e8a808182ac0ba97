package vm

import "testing"

// TestRunAfterExit: once the guest has exited, Run and Step return the same
// StopExit at once without a step; Restore of an earlier snapshot clears
// the exit, Restore of a later one brings it back, and the exit survives
// MarshalBinary.
func TestRunAfterExit(t *testing.T) {
	m := newTestMachine(t, Config{}, prog(addi(5, 0, 1), exitProg(), addi(5, 5, 1), jal(0, -4)))
	s0 := m.Snapshot()
	first := m.Run(1000)
	if first.Reason != StopExit {
		t.Fatalf("got %v, want exit", first.Reason)
	}
	at, x5 := m.Time(), m.Hart(0).Reg(5)
	for _, st := range []Stop{m.Run(1000), m.RunFrom(1000, false), m.Step(), m.Run(at)} {
		if st != first || m.Time() != at || m.Hart(0).Reg(5) != x5 {
			t.Fatalf("after exit: %+v at time %d, want %+v at %d", st, m.Time(), first, at)
		}
	}
	after := m.Snapshot()
	hExit := m.StateHash()
	if err := m.Restore(s0); err != nil {
		t.Fatal(err)
	}
	if st := m.Step(); st.Reason != StopLimit || m.Time() != 1 {
		t.Fatalf("after Restore to reset: %v at %d, want a step", st.Reason, m.Time())
	}
	data, err := after.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalSnapshot(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Restore(back); err != nil {
		t.Fatal(err)
	}
	if st := m.Run(1000); st != first || m.StateHash() != hExit {
		t.Fatalf("after Restore of the exited state: %+v, want %+v", st, first)
	}
}

// TestPauseWhileIdle: a Pause made while nothing runs makes the next Run
// return StopPause without a step, once; ClearPause drops it.
func TestPauseWhileIdle(t *testing.T) {
	m := newTestMachine(t, Config{}, prog(jal(0, 0)))
	m.Pause()
	if st := m.Run(100); st.Reason != StopPause || m.Time() != 0 {
		t.Fatalf("got %v at %d, want pause at 0", st.Reason, m.Time())
	}
	if st := m.Run(100); st.Reason != StopLimit || m.Time() != 100 {
		t.Fatalf("second Run: %v at %d, want limit at 100", st.Reason, m.Time())
	}
	m.Pause()
	m.ClearPause()
	if st := m.Run(200); st.Reason != StopLimit || m.Time() != 200 {
		t.Fatalf("after ClearPause: %v at %d, want limit at 200", st.Reason, m.Time())
	}
}
