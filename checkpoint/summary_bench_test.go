package checkpoint

import (
	"fmt"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// sharedELF has a function called once on the same code page as the hot
// loop, and a variable stored to once on the same data page as the
// counters the loop stores to (testdata/shared.S).
const sharedELF = "testdata/shared.elf"

// clintMtimecmp is the device register shared.elf writes once.
const clintMtimecmp = 0x02004000

// BenchmarkSharedPage measures reverse-continue from the end of histories
// of each depth to the one hit of a breakpoint whose code shares its page
// with hot code, and of a write watchpoint on a location written once whose
// page is written all the time: the summaries' lines let the search skip
// every segment but the first; and of a watch on a device register written
// once while another register of the device is read all the time.
//
//	REWIND_BENCH_DEPTH=1e9 go test -run '^$' -bench SharedPage -benchtime 5x ./checkpoint
func BenchmarkSharedPage(b *testing.B) {
	once := symbol(b, sharedELF, "once")
	onceval := symbol(b, sharedELF, "onceval")
	for _, depth := range depths() {
		tl := New(boot(b, firmware{path: sharedELF, harts: 1}), Options{})
		if st := tl.Run(depth); st.Reason != vm.StopLimit {
			b.Fatal(st.Reason)
		}
		name := fmt.Sprintf("depth=%.0e", float64(depth))
		for _, bc := range []struct {
			name string
			c    Conditions
		}{
			{"reverse-once-break", Conditions{Breakpoints: []Breakpoint{{Addr: once, Hart: -1}}}},
			{"reverse-once-watch", Conditions{Watchpoints: []Watchpoint{{Addr: onceval, Size: 4, Access: vm.AccessWrite}}}},
			{"reverse-once-device", Conditions{Watchpoints: []Watchpoint{{Addr: clintMtimecmp, Size: 4, Access: vm.AccessWrite}}}},
		} {
			b.Run(name+"/"+bc.name, func(b *testing.B) {
				tl.SetConditions(bc.c)
				defer tl.SetConditions(Conditions{})
				lat := measure(b, func(int) { seekUntimed(b, tl, depth) }, func() {
					st, found, err := tl.ReverseContinue()
					if !found || err != nil || st.Time > 100 {
						b.Fatalf("found=%v err=%v at %d", found, err, st.Time)
					}
				})
				reportLatency(b, lat)
			})
		}
	}
}
