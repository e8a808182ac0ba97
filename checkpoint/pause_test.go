package checkpoint

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/vm"
)

func TestPauseRun(t *testing.T) {
	tl := New(boot(t, firmware{path: loopELF, harts: 1}), Options{})
	go func() {
		time.Sleep(20 * time.Millisecond)
		tl.Pause()
	}()
	st := tl.Run(Forever)
	if st.Reason != vm.StopPause || tl.End() != tl.Now() {
		t.Fatalf("%v at %d, end %d", st.Reason, tl.Now(), tl.End())
	}
	// A stale pause does not stop the next operation.
	tl.Pause()
	if st := tl.Run(tl.Now() + 1000); st.Reason != vm.StopLimit {
		t.Fatalf("after a stale pause: %v", st.Reason)
	}
}

// TestPauseReverseSearch: Pause stops a reverse search that scans every
// segment (a breakpoint in the loop whose predicate never holds), one
// segment at a time or several at once, and the timeline stays at Now.
func TestPauseReverseSearch(t *testing.T) {
	never := func(*vm.Machine, vm.Stop) bool { return false }
	for _, scanners := range []int{1, 2} {
		t.Run(fmt.Sprintf("scanners=%d", scanners), func(t *testing.T) {
			tl := newLoop(t, Options{}, 50_000_000)
			tl.scanN = scanners
			tl.SetConditions(Conditions{Breakpoints: []Breakpoint{{Addr: symbol(t, loopELF, "hot"), Hart: -1}},
				Predicate: never, Concurrent: true})
			tl.opt.Progress = func(done, total uint64) {
				if done > total/4 {
					tl.Pause()
				}
			}
			_, found, err := tl.ReverseContinue()
			if !errors.Is(err, ErrPaused) || found || tl.Now() != 50_000_000 {
				t.Fatalf("found=%v err=%v now=%d", found, err, tl.Now())
			}
		})
	}
}

// TestReverseTrap: the fault firmware takes a load access fault; a reverse
// trap stop lands before the faulting instruction.
func TestReverseTrap(t *testing.T) {
	fw := firmware{name: "fault", path: "../testdata/firmware/fault.elf", harts: 1}
	tl := New(boot(t, fw), Options{Interval: 256})
	if st := tl.Run(Forever); st.Reason != vm.StopExit {
		t.Fatalf("fault: %v", st.Reason)
	}
	tl.SetConditions(Conditions{Traps: true})
	st, found, err := tl.ReverseContinue()
	if err != nil || !found || st.Reason != vm.StopTrap || st.Cause != 5 {
		t.Fatalf("%+v found=%v err=%v", st, found, err)
	}
	if tl.Now() != st.Time || tl.Machine().Hart(0).PC() != st.PC {
		t.Fatalf("at %d pc %#x, want %d pc %#x", tl.Now(), tl.Machine().Hart(0).PC(), st.Time, st.PC)
	}
	// Forward from there stops after trap entry at the handler.
	if st2 := tl.Run(Forever); st2.Reason != vm.StopTrap || st2.Time != st.Time || tl.Now() != st.Time+1 {
		t.Fatalf("forward: %+v now %d", st2, tl.Now())
	}
}

// TestPauseHitsIn: Pause stops a forward scan of every segment on one or
// several machines.
func TestPauseHitsIn(t *testing.T) {
	for _, scanners := range []int{1, 2} {
		t.Run(fmt.Sprintf("scanners=%d", scanners), func(t *testing.T) {
			tl := newLoop(t, Options{}, 50_000_000)
			tl.scanN = scanners
			c := Conditions{Breakpoints: []Breakpoint{{Addr: symbol(t, loopELF, "hot"), Hart: -1}},
				Predicate: func(*vm.Machine, vm.Stop) bool { return false }, Concurrent: true}
			timer := time.AfterFunc(20*time.Millisecond, tl.Pause)
			defer timer.Stop()
			if _, err := tl.HitsIn(c, 0, tl.End()); !errors.Is(err, ErrPaused) {
				t.Fatalf("HitsIn: %v, want a pause", err)
			}
		})
	}
}

// TestSplitSpans: consecutive runs of about equal length, in order.
func TestSplitSpans(t *testing.T) {
	sp := func(lo, hi uint64) span { return span{lo: lo, hi: hi} }
	for _, tt := range []struct {
		spans []span
		n     int
		sizes []int
	}{
		{[]span{sp(0, 10), sp(10, 20), sp(20, 30), sp(30, 40)}, 2, []int{2, 2}},
		{[]span{sp(0, 10), sp(10, 20), sp(20, 30)}, 4, []int{1, 1, 1}},
		{[]span{sp(0, 100), sp(100, 110), sp(110, 120)}, 2, []int{1, 2}},
		{[]span{sp(0, 10)}, 1, []int{1}},
	} {
		groups := splitSpans(tt.spans, tt.n)
		var sizes []int
		var all []span
		for _, g := range groups {
			sizes = append(sizes, len(g))
			all = append(all, g...)
		}
		if !slices.Equal(sizes, tt.sizes) || !slices.Equal(all, tt.spans) {
			t.Errorf("splitSpans(%v, %d): sizes %v", tt.spans, tt.n, sizes)
		}
	}
}
