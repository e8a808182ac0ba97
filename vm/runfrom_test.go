package vm

import (
	"os"
	"testing"
)

// bootELF builds a virt machine with a firmware of testdata/firmware.
func bootELF(t testing.TB, name string, harts int) *Machine {
	t.Helper()
	data, err := os.ReadFile("../testdata/firmware/" + name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewVirt(Config{Harts: harts, FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	return m
}

// breakpointHits runs to end and lists the breakpoint stops (time, hart).
// With split > 0 the run is cut into RunFrom calls every split steps, each
// reporting a breakpoint at its first step unless it resumes from one.
func breakpointHits(m *Machine, end, split uint64) []Stop {
	var hits []Stop
	skip := true
	for m.Time() < end {
		until := end
		if split > 0 {
			until = min(end, m.Time()+split)
		}
		st := m.RunFrom(until, skip)
		switch st.Reason {
		case StopLimit:
			skip = false
			continue
		case StopBreakpoint:
			hits = append(hits, Stop{Reason: st.Reason, Hart: st.Hart, PC: st.PC, Time: st.Time})
			skip = true
			continue
		}
		break
	}
	return hits
}

// TestRunFromSplitPoints: a run cut into RunFrom calls at every split
// point reports exactly the breakpoint hits of one uncut run, also when the
// breakpoint is a trap handler entered by an interrupt at a split point and
// with two harts sharing the breakpoint.
func TestRunFromSplitPoints(t *testing.T) {
	tests := []struct {
		elf   string
		harts int
		pc    uint32
		end   uint64
	}{
		{"timer.elf", 1, 0x800000c8, 200_000}, // trap_handler: timer interrupts
		{"timer.elf", 1, 0x800002d6, 200_000}, // after wfi in main
		{"atomic.elf", 2, 0x80000110, 100_000},
		{"atomic.elf", 2, 0x8000014e, 100_000},
	}
	for _, tt := range tests {
		m := bootELF(t, tt.elf, tt.harts)
		m.SetBreakpoint(tt.pc)
		want := breakpointHits(m, tt.end, 0)
		if len(want) == 0 {
			t.Fatalf("%s %#x: no hits in the uncut run", tt.elf, tt.pc)
		}
		t.Logf("%s %#x: %d hits", tt.elf, tt.pc, len(want))
		for _, split := range []uint64{1, 3, 7, 1000} {
			m := bootELF(t, tt.elf, tt.harts)
			m.SetBreakpoint(tt.pc)
			got := breakpointHits(m, tt.end, split)
			if len(got) != len(want) {
				t.Fatalf("%s %#x split %d: %d hits, want %d", tt.elf, tt.pc, split, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s %#x split %d: hit %d = %+v, want %+v", tt.elf, tt.pc, split, i, got[i], want[i])
				}
			}
		}
	}
}

// TestRunFromFirstStep: Run skips a breakpoint at the first step, RunFrom
// with skipFirst false reports it without executing anything.
func TestRunFromFirstStep(t *testing.T) {
	m := newTestMachine(t, Config{}, prog(addi(5, 0, 1), addi(5, 5, 1), jal(0, -4)))
	m.SetBreakpoint(ramBase)
	st := m.RunFrom(10, false)
	if st.Reason != StopBreakpoint || st.Time != 0 || st.PC != ramBase || m.Time() != 0 {
		t.Fatalf("RunFrom(false) = %+v at time %d, want breakpoint at 0", st, m.Time())
	}
	if st := m.Run(10); st.Reason != StopLimit || m.Hart(0).Reg(5) != 6 {
		t.Fatalf("Run = %+v, x5 = %d, want limit and x5 = 6", st, m.Hart(0).Reg(5))
	}
}
