package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// splitCase is a breakpoint whose hits a test compares with a straight run.
type splitCase struct {
	name string
	fw   firmware
	bp   Breakpoint
	end  uint64
}

var splitCases = []splitCase{
	// trap_handler: entered by timer interrupts, taken at a split point.
	{"timer interrupt", firmware{name: "timer", path: "../testdata/firmware/timer.elf", harts: 1},
		Breakpoint{Addr: 0x800000c8, Hart: -1}, 150_000},
	{"loop", firmware{name: "loop", path: loopELF, harts: 1}, Breakpoint{Addr: 0x80000038, Hart: -1}, 20_000},
	{"two harts, hart 1", firmware{name: "atomic", path: "../testdata/firmware/atomic.elf", harts: 2},
		Breakpoint{Addr: 0x8000014e, Hart: 1}, 60_000},
	{"two harts, any", firmware{name: "atomic", path: "../testdata/firmware/atomic.elf", harts: 2},
		Breakpoint{Addr: 0x8000014e, Hart: -1}, 60_000},
}

// straightHits lists the times of the breakpoint's hits before end in one
// straight machine run.
func straightHits(t *testing.T, c splitCase) []uint64 {
	t.Helper()
	m := boot(t, c.fw)
	m.SetBreakpoint(c.bp.Addr)
	var hits []uint64
	for {
		st := m.Run(c.end)
		if st.Reason != vm.StopBreakpoint {
			return hits
		}
		if c.bp.Hart < 0 || st.Hart == c.bp.Hart {
			hits = append(hits, st.Time)
		}
	}
}

// timelineHits runs the timeline forward from Now to end with the
// breakpoint set and lists the hits.
func timelineHits(t *testing.T, tl *Timeline, c splitCase) []uint64 {
	t.Helper()
	tl.SetConditions(Conditions{Breakpoints: []Breakpoint{c.bp}})
	defer tl.SetConditions(Conditions{})
	var hits []uint64
	for {
		st := tl.Run(c.end)
		if st.Reason != vm.StopBreakpoint {
			return hits
		}
		if st.Time != tl.Now() {
			t.Fatalf("breakpoint stop at %d, but Now is %d", st.Time, tl.Now())
		}
		hits = append(hits, st.Time)
	}
}

func sameHits(t *testing.T, what string, got, want []uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits %v, want %d %v", what, len(got), got[:min(len(got), 8)], len(want), want[:min(len(want), 8)])
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: hit %d at %d, want %d", what, i, got[i], want[i])
		}
	}
}

// TestBreakpointAtCheckpoint places checkpoints exactly at breakpoint hits
// (Interval = a hit's time): the forward run at the frontier and the replay
// through history report every hit exactly.
func TestBreakpointAtCheckpoint(t *testing.T) {
	for _, c := range splitCases {
		t.Run(c.name, func(t *testing.T) {
			want := straightHits(t, c)
			if len(want) < 2 {
				t.Fatalf("only %d hits", len(want))
			}
			for _, k := range []int{0, 1, len(want) / 2} {
				if want[k] == 0 {
					continue
				}
				tl := New(boot(t, c.fw), Options{Interval: want[k], Dense: 64})
				sameHits(t, "frontier", timelineHits(t, tl, c), want)
				if err := tl.Seek(0); err != nil {
					t.Fatal(err)
				}
				sameHits(t, "replay", timelineHits(t, tl, c), want)
			}
		})
	}
}

// TestBreakpointAtInput places an input event (and, at first, the end of
// history) exactly at a breakpoint hit: the replay reports every hit.
func TestBreakpointAtInput(t *testing.T) {
	for _, c := range splitCases {
		t.Run(c.name, func(t *testing.T) {
			want := straightHits(t, c)
			if len(want) < 2 {
				t.Fatalf("only %d hits", len(want))
			}
			at := want[1]
			tl := New(boot(t, c.fw), Options{})
			if st := tl.Run(at); st.Reason != vm.StopLimit || tl.Now() != at {
				t.Fatalf("run to %d: %v at %d", at, st.Reason, tl.Now())
			}
			// An edit that changes nothing the firmware reads: the last RAM word.
			if _, err := tl.WriteMemory(vm.DefaultRAMBase+vm.DefaultRAMSize-4, []byte{0, 0, 0, 0}); err != nil {
				t.Fatal(err)
			}
			if err := tl.Seek(0); err != nil {
				t.Fatal(err)
			}
			sameHits(t, "through input and end of history", timelineHits(t, tl, c), want)
			if err := tl.Seek(0); err != nil {
				t.Fatal(err)
			}
			sameHits(t, "through input", timelineHits(t, tl, c), want)
		})
	}
}
