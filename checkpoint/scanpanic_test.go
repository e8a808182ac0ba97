package checkpoint

import (
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestScanPanicOnTwin: a condition that panics while a twin machine scans
// fails the search with an error instead of killing the process, and the
// next search (with a sane condition) still finds its hit on both
// machines.
func TestScanPanicOnTwin(t *testing.T) {
	tl := newLoop(t, Options{}, 20_000_000)
	tl.scanN = 2
	main := tl.Machine()
	bp := []Breakpoint{{Addr: symbol(t, loopELF, "hot"), Hart: -1}}
	tl.SetConditions(Conditions{Breakpoints: bp, Concurrent: true,
		Predicate: func(m *vm.Machine, _ vm.Stop) bool {
			if m != main {
				panic("condition failed on a twin")
			}
			return false
		}})
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("the panic reached the caller: %v", r)
			}
		}()
		if _, found, err := tl.ReverseContinue(); err == nil || found {
			t.Fatalf("found=%v err=%v, want the twin's panic as an error", found, err)
		}
	}()
	tl.SetConditions(Conditions{Breakpoints: bp, Concurrent: true,
		Predicate: func(*vm.Machine, vm.Stop) bool { return true }})
	if st, found, err := tl.ReverseContinue(); err != nil || !found || st.Reason != vm.StopBreakpoint {
		t.Fatalf("after the panic: %+v found=%v err=%v", st, found, err)
	}
}
