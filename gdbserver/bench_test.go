package gdbserver

import (
	"path/filepath"
	"testing"
)

// longrunAtDone returns the real engine stopped at done() in longrun.elf,
// 10^8 instructions after the one write of marker.
func longrunAtDone(b *testing.B) (*SessionTarget, map[string]uint32) {
	b.Helper()
	t := &testing.T{}
	a, sym := loadTarget(t, filepath.Join("testdata", "longrun.elf"), 1)
	a.SetBreakpoint(Breakpoint{Addr: sym["done"]})
	if ev, err := a.Resume(Action{}); err != nil || ev.Kind != EventBreakpoint {
		b.Fatalf("run to done: %+v, %v", ev, err)
	}
	a.ClearBreakpoint(sym["done"], false)
	return a, sym
}

// BenchmarkReverseStepi is one bs packet's work: one instruction back.
func BenchmarkReverseStepi(b *testing.B) {
	a, _ := longrunAtDone(b)
	b.ResetTimer()
	for range b.N {
		if ev, err := a.Resume(Action{Reverse: true, Step: true}); err != nil || ev.Kind != EventStep {
			b.Fatalf("bs: %+v, %v", ev, err)
		}
	}
}

// BenchmarkReverseContinueWatch is one bc packet's work: from done() back
// to the write of marker, 10^8 instructions earlier. Segment summaries
// rule out every segment that wrote no watched page.
func BenchmarkReverseContinueWatch(b *testing.B) {
	benchReverseContinue(b, false)
}

// BenchmarkReverseContinueWatchAndBreak is the same search with a
// breakpoint armed on the loop's code page too (gdb leaves one at done()),
// so no segment can be skipped: 10^8 instructions are replayed.
func BenchmarkReverseContinueWatchAndBreak(b *testing.B) {
	benchReverseContinue(b, true)
}

func benchReverseContinue(b *testing.B, withBreak bool) {
	a, sym := longrunAtDone(b)
	end := a.Now()
	a.SetWatchpoint(Watchpoint{Addr: sym["marker"], Len: 4, Kind: WatchWrite})
	if withBreak {
		a.SetBreakpoint(Breakpoint{Addr: sym["done"]})
	}
	b.ResetTimer()
	for range b.N {
		if err := a.Seek(end); err != nil {
			b.Fatal(err)
		}
		if ev, err := a.Resume(Action{Reverse: true}); err != nil || ev.Kind != EventWatchpoint {
			b.Fatalf("bc: %+v, %v", ev, err)
		}
	}
}

// BenchmarkPacketRoundTrip is the stub's cost of one m packet over an
// in-memory pipe, framing and dispatch included.
func BenchmarkPacketRoundTrip(b *testing.B) {
	t := &testing.T{}
	c := startSession(t, newFake(1))
	c.t = t
	b.ResetTimer()
	for range b.N {
		if r := c.rt("m80000000,40"); len(r) != 128 {
			b.Fatalf("m: %q", r)
		}
	}
}
