package checkpoint

import (
	"slices"

	"github.com/rewind-debugger/rewind/vm"
)

// needs is what a segment must have done to hold a hit of some conditions,
// in the terms of its summary: executed one of the breakpoint lines, stored
// into a line a store reaching a write watch starts in, loaded from a page
// of a read watch, accessed a watched device range, taken a selected trap.
type needs struct {
	always    bool // some condition no summary can rule out
	exec      lineSet
	write     lineSet
	read      []uint32
	devices   []deviceRange
	traps     bool
	trapMatch func(hart int, cause uint32) bool
}

// deviceRange is a watched address range [lo, hi) outside RAM.
type deviceRange struct {
	lo, hi uint64
	access vm.Access
}

// needs maps the conditions to what a summary must show (RAM is
// [ramBase, ramBase+ramSize)).
func (c *Conditions) needs(ramBase, ramSize uint32) needs {
	var n needs
	ramLo, ramHi := uint64(ramBase), uint64(ramBase)+uint64(ramSize)
	for _, b := range c.Breakpoints {
		if uint64(b.Addr) < ramLo || uint64(b.Addr) >= ramHi {
			n.always = true // code outside RAM is not tracked
			continue
		}
		n.exec = n.exec.addRange(uint64(b.Addr), uint64(b.Addr)+1)
	}
	for _, w := range c.Watchpoints {
		if w.Size == 0 {
			continue
		}
		lo, hi := uint64(w.Addr), uint64(w.Addr)+uint64(w.Size)
		if lo < ramLo || hi > ramHi {
			n.devices = append(n.devices, deviceRange{lo: lo, hi: hi, access: w.Access})
		}
		// A store is marked at its first byte: one starting up to
		// StoreReach-1 bytes before the range reaches into it.
		wlo, whi := max(lo, ramLo+vm.StoreReach-1)-(vm.StoreReach-1), min(hi, ramHi)
		if wlo < whi && w.Access&vm.AccessWrite != 0 {
			n.write = n.write.addRange(wlo, whi)
		}
		rlo := max(lo, ramLo)
		if rlo < whi && w.Access&vm.AccessRead != 0 {
			for p := rlo >> pageShift; p <= (whi-1)>>pageShift; p++ {
				n.read = append(n.read, uint32(p))
			}
		}
	}
	slices.Sort(n.read)
	n.read = slices.Compact(n.read)
	n.traps, n.trapMatch = c.Traps, c.TrapFilter
	return n
}
