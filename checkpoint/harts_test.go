package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestReverseTwoHarts compares reverse-continue on the two-hart atomic
// firmware with the hits of a straight run, for a breakpoint on one hart
// and a write watchpoint.
func TestReverseTwoHarts(t *testing.T) {
	fw := firmware{name: "atomic", path: "../testdata/firmware/atomic.elf", harts: 2}
	counter := symbol(t, fw.path, "amo_counter")
	const end = 400_000
	tests := []struct {
		name string
		cond Conditions
		arm  func(m *vm.Machine)
	}{
		{"breakpoint hart 1", Conditions{Breakpoints: []Breakpoint{{Addr: 0x8000014e, Hart: 1}}},
			func(m *vm.Machine) { m.SetBreakpoint(0x8000014e) }},
		{"write watchpoint", Conditions{Watchpoints: []Watchpoint{{Addr: counter, Size: 4, Access: vm.AccessWrite}}},
			func(m *vm.Machine) { m.SetWatchpoint(counter, 4, vm.AccessWrite) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := boot(t, fw)
			tt.arm(m)
			var hits []uint64
			for m.Time() < end {
				st := m.Run(end)
				if st.Reason == vm.StopLimit {
					break
				}
				if st.Reason == vm.StopBreakpoint && st.Hart != 1 {
					continue
				}
				hits = append(hits, st.Time)
			}
			tl := New(boot(t, fw), Options{Interval: 1 << 12, Dense: 2})
			if st := tl.Run(end); st.Reason != vm.StopLimit {
				t.Fatal(st.Reason)
			}
			tl.SetConditions(tt.cond)
			for k := len(hits) - 1; k >= 0 && k >= len(hits)-40; k-- {
				st, found, err := tl.ReverseContinue()
				if err != nil || !found || st.Time != hits[k] {
					t.Fatalf("hit %d: got %d (found %v, err %v), want %d", k, st.Time, found, err, hits[k])
				}
			}
		})
	}
}

// TestForwardHitsAcrossBoundaries: a forward run split at many checkpoint
// boundaries reports exactly the hits of one straight machine run.
func TestForwardHitsAcrossBoundaries(t *testing.T) {
	tests := []struct {
		fw firmware
		pc uint32
	}{
		{firmware{name: "loop", path: loopELF, harts: 1}, 0x80000038},
		{firmware{name: "atomic", path: "../testdata/firmware/atomic.elf", harts: 2}, 0x8000014e},
	}
	for _, tt := range tests {
		t.Run(tt.fw.name, func(t *testing.T) {
			const end = 300_000
			m := boot(t, tt.fw)
			m.SetBreakpoint(tt.pc)
			var want []uint64
			for {
				st := m.Run(end)
				if st.Reason != vm.StopBreakpoint {
					break
				}
				want = append(want, st.Time)
			}
			tl := New(boot(t, tt.fw), Options{Interval: 150, Dense: 2})
			tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: tt.pc, Hart: -1}}})
			var got []uint64
			for {
				st := tl.Run(end)
				if st.Reason != vm.StopBreakpoint {
					break
				}
				got = append(got, st.Time)
			}
			if len(got) != len(want) {
				t.Fatalf("%d hits, want %d", len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("hit %d at %d, want %d", i, got[i], want[i])
				}
			}
		})
	}
}
