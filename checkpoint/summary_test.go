package checkpoint

import (
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestSummaryMerge: merging keeps every line, page, device access and
// trap of both segments, and an unknown segment makes the merge unknown.
func TestSummaryMerge(t *testing.T) {
	s := summary{known: true, exec: lineSet{{Page: 1, Lines: 1}, {Page: 5, Lines: 2}},
		write: lineSet{{Page: 7, Lines: 4}}, read: []uint32{3},
		devices: []vm.DeviceAccess{{Addr: 0x10000000, Size: 1, Access: vm.AccessWrite}},
		traps:   []vm.TrapNote{{Hart: 0, Cause: 7 | 1<<31, Count: 2}}}
	s.merge(summary{known: true, exec: lineSet{{Page: 2, Lines: 1}, {Page: 5, Lines: 8}},
		write: lineSet{{Page: 9, Lines: 1}}, read: []uint32{2, 3},
		devices: []vm.DeviceAccess{{Addr: 0x10000005, Size: 1, Access: vm.AccessRead}},
		traps:   []vm.TrapNote{{Hart: 0, Cause: 11, Count: 1}, {Hart: 0, Cause: 7 | 1<<31, Count: 3}}})
	wantExec := lineSet{{Page: 1, Lines: 1}, {Page: 2, Lines: 1}, {Page: 5, Lines: 10}}
	wantTraps := []vm.TrapNote{{Hart: 0, Cause: 11, Count: 1}, {Hart: 0, Cause: 7 | 1<<31, Count: 5}}
	if !slices.Equal(s.exec, wantExec) || len(s.write) != 2 || !slices.Equal(s.read, []uint32{2, 3}) ||
		len(s.devices) != 2 || !slices.Equal(s.traps, wantTraps) {
		t.Fatalf("merge: %+v", s)
	}
	s.merge(summary{})
	n := needs{}
	if s.known || !s.mayHit(&n) {
		t.Fatal("an unknown segment must never be skipped")
	}
}

// TestSummaryMayHit: each kind of condition maps to the part of a summary
// that can rule it out, at line granularity for code and stores.
func TestSummaryMayHit(t *testing.T) {
	const ram, size = 0x80000000, 1 << 20
	s := summary{known: true,
		exec:    lineSet{}.addRange(ram+0x100, ram+0x140),   // line 4 of page 0
		write:   lineSet{}.addRange(ram+0x2000, ram+0x2001), // line 0 of page 2
		read:    []uint32{ram>>pageShift + 3},               // page 3
		devices: []vm.DeviceAccess{{Addr: 0x10000000, Size: 1, Access: vm.AccessRead}},
		traps:   []vm.TrapNote{{Hart: 1, Cause: 1<<31 | 7, Count: 4}}}
	bp := func(a uint32) Conditions { return Conditions{Breakpoints: []Breakpoint{{Addr: a, Hart: -1}}} }
	watch := func(a, n uint32, acc vm.Access) Conditions {
		return Conditions{Watchpoints: []Watchpoint{{Addr: a, Size: n, Access: acc}}}
	}
	traps := func(f func(int, uint32) bool) Conditions { return Conditions{Traps: true, TrapFilter: f} }
	for _, tt := range []struct {
		name string
		c    Conditions
		may  bool
	}{
		{"breakpoint in an executed line", bp(ram + 0x13e), true},
		{"breakpoint in the next line of the same page", bp(ram + 0x140), false},
		{"breakpoint outside RAM", bp(0x1000), true},
		{"write watch on a written line", watch(ram+0x2030, 4, vm.AccessWrite), true},
		{"write watch just after a store's reach", watch(ram+0x2040+vm.StoreReach-1, 4, vm.AccessWrite), false},
		{"write watch a store starting in a written line reaches", watch(ram+0x2040, 1, vm.AccessWrite), true},
		{"write watch on the same page, far line", watch(ram+0x2800, 4, vm.AccessWrite), false},
		{"read watch on a read page", watch(ram+0x3ffc, 4, vm.AccessRead), true},
		{"read watch on a page only written", watch(ram+0x2000, 4, vm.AccessRead), false},
		{"read watch on a device register read", watch(0x10000000, 1, vm.AccessRead), true},
		{"write watch on a device register only read", watch(0x10000000, 1, vm.AccessWrite), false},
		{"watch on another device", watch(0x10001000, 4, vm.AccessRW), false},
		{"any trap", traps(nil), true},
		{"the timer interrupt on hart 1", traps(func(h int, c uint32) bool { return h == 1 && c == 1<<31|7 }), true},
		{"an exception", traps(func(_ int, c uint32) bool { return c&(1<<31) == 0 }), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n := tt.c.needs(ram, size)
			if got := s.mayHit(&n); got != tt.may {
				t.Fatalf("mayHit = %v, want %v (needs %+v)", got, tt.may, n)
			}
		})
	}
}
