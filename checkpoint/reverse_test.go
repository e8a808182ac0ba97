package checkpoint

import (
	"encoding/binary"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

const loopELF = "testdata/loop.elf"

// hitTimes runs a fresh machine to end with a breakpoint at pc and returns
// the times it was hit (the reference for reverse searches).
func hitTimes(t *testing.T, pc uint32, end uint64) []uint64 {
	m := boot(t, firmware{path: loopELF, harts: 1})
	m.SetBreakpoint(pc)
	var hits []uint64
	for m.Time() < end {
		st := m.Run(end)
		if st.Reason == vm.StopBreakpoint {
			hits = append(hits, st.Time)
		} else if st.Reason != vm.StopLimit {
			t.Fatalf("reference run stopped: %v", st.Reason)
		}
	}
	return hits
}

func newLoop(t *testing.T, opt Options, end uint64) *Timeline {
	tl := New(boot(t, firmware{path: loopELF, harts: 1}), opt)
	if st := tl.Run(end); st.Reason != vm.StopLimit {
		t.Fatalf("run: %v", st.Reason)
	}
	return tl
}

func TestReverseContinueBreakpoint(t *testing.T) {
	const end = 3_000_000
	hot := symbol(t, loopELF, "hot")
	hits := hitTimes(t, hot, end)
	tl := newLoop(t, Options{Interval: 1 << 16, Dense: 4}, end)
	tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: hot, Hart: -1}}})
	// From the end, then from each hit: each reverse-continue finds the
	// previous hit, never the current position.
	for k := len(hits) - 1; k >= len(hits)-30; k-- {
		st, found, err := tl.ReverseContinue()
		if err != nil || !found {
			t.Fatalf("reverse-continue %d: found=%v err=%v", k, found, err)
		}
		if st.Time != hits[k] || tl.Now() != hits[k] || tl.Machine().Hart(0).PC() != hot {
			t.Fatalf("reverse-continue landed at %d (pc %#x), want hit %d at %d", tl.Now(), tl.Machine().Hart(0).PC(), k, hits[k])
		}
	}
	// Forward continue from a hit reports the next one.
	st := tl.Run(Forever)
	if k := len(hits) - 29; st.Reason != vm.StopBreakpoint || st.Time != hits[k] {
		t.Fatalf("forward continue: %v at %d, want %d", st.Reason, st.Time, hits[k])
	}
}

func TestReverseContinueOnce(t *testing.T) {
	const end = 5_000_000
	once := symbol(t, loopELF, "once")
	hits := hitTimes(t, once, end)
	if len(hits) != 1 {
		t.Fatalf("once executed %d times", len(hits))
	}
	var searched uint64
	tl := newLoop(t, Options{Interval: 1 << 16, Dense: 4, Progress: func(done, total uint64) { searched = done }}, end)
	tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: once, Hart: -1}}})
	st, found, err := tl.ReverseContinue()
	if err != nil || !found || st.Time != hits[0] || tl.Now() != hits[0] {
		t.Fatalf("got %v found=%v err=%v now %d, want %d", st, found, err, tl.Now(), hits[0])
	}
	if searched == 0 {
		t.Error("no progress reported")
	}
	// Nothing before: back to the start, found=false.
	if _, found, err := tl.ReverseContinue(); found || err != nil || tl.Now() != tl.Start() {
		t.Fatalf("second reverse-continue: found=%v err=%v now=%d", found, err, tl.Now())
	}
}

// TestReverseWatchpoint: a reverse data stop lands before the store, with
// the old value visible; one step forward performs it.
func TestReverseWatchpoint(t *testing.T) {
	const end = 2_000_000
	rare := symbol(t, loopELF, "rare")
	tl := newLoop(t, Options{Interval: 1 << 16, Dense: 4}, end)
	tl.SetConditions(Conditions{Watchpoints: []Watchpoint{{Addr: rare, Size: 4, Access: vm.AccessWrite}}})
	read := func() uint32 {
		var b [4]byte
		if err := tl.Machine().ReadMemory(rare, b[:]); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint32(b[:])
	}
	final := read()
	for want := final; want >= final-2*1024 && want > 0; want -= 1024 {
		st, found, err := tl.ReverseContinue()
		if err != nil || !found {
			t.Fatalf("found=%v err=%v", found, err)
		}
		if st.Reason != vm.StopWatchpoint || tl.Now() != st.Time || read() != want-1024 {
			t.Fatalf("stop %v at %d, rare=%d, want old value %d", st.Reason, tl.Now(), read(), want-1024)
		}
		if tl.Machine().Hart(0).PC() != st.PC {
			t.Fatalf("pc %#x, want the storing instruction %#x", tl.Machine().Hart(0).PC(), st.PC)
		}
		if err := tl.Seek(tl.Now() + 1); err != nil {
			t.Fatal(err)
		}
		if read() != want {
			t.Fatalf("after one step rare=%d, want %d", read(), want)
		}
		if err := tl.Seek(st.Time); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPredicate: hit counts and conditions come from the caller.
func TestPredicate(t *testing.T) {
	const end = 1_000_000
	hot := symbol(t, loopELF, "hot")
	counter := symbol(t, loopELF, "counter")
	tl := newLoop(t, Options{Interval: 1 << 16}, end)
	m := tl.Machine()
	tl.SetConditions(Conditions{
		Breakpoints: []Breakpoint{{Addr: hot, Hart: -1}},
		Predicate: func(m *vm.Machine, st vm.Stop) bool {
			var b [4]byte
			m.ReadMemory(counter, b[:])
			return binary.LittleEndian.Uint32(b[:])%500 == 0
		},
	})
	if _, found, err := tl.ReverseContinue(); !found || err != nil {
		t.Fatalf("found=%v err=%v", found, err)
	}
	var b [4]byte
	m.ReadMemory(counter, b[:])
	if n := binary.LittleEndian.Uint32(b[:]); n%500 != 0 || m.Hart(0).PC() != hot {
		t.Fatalf("stopped with counter %d at pc %#x", n, m.Hart(0).PC())
	}
}

func TestReverseRunFloor(t *testing.T) {
	once := symbol(t, loopELF, "once")
	tl := newLoop(t, Options{Interval: 1 << 14}, 1_000_000)
	tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: once, Hart: -1}}})
	st, found, err := tl.ReverseRun(400_000)
	if found || err != nil || st.Reason != vm.StopLimit || tl.Now() != 400_000 {
		t.Fatalf("%+v found=%v err=%v now=%d", st, found, err, tl.Now())
	}
	if _, _, err := tl.ReverseRun(500_000); err == nil {
		t.Fatal("reverse run to a later time accepted")
	}
	if _, found, _ := tl.ReverseRun(0); !found {
		t.Fatal("once not found")
	}
}
