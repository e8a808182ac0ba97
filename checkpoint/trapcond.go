package checkpoint

import "slices"

// CauseRange is an inclusive range of trap causes, as the vm reports them
// in vm.Stop.Cause: the mcause value on RISC-V (bit 31 set for an
// interrupt), the exception number on Cortex-M (3 HardFault, 15 SysTick,
// 16+n IRQ n).
type CauseRange struct{ Lo, Hi uint32 }

// TrapFilter narrows the trap stops of Conditions (Traps) to the causes in
// its ranges. A nil filter, or one without ranges, selects every trap.
// Keeping the causes as data rather than inside a Predicate lets a reverse
// search rule out a segment from a summary of the causes taken there
// (MayHit) without replaying it.
type TrapFilter struct {
	Ranges []CauseRange
}

// Matches reports whether a trap with this cause is selected.
func (f *TrapFilter) Matches(cause uint32) bool {
	if f == nil || len(f.Ranges) == 0 {
		return true
	}
	for _, r := range f.Ranges {
		if r.Lo <= cause && cause <= r.Hi {
			return true
		}
	}
	return false
}

// MayHit reports whether a stretch of history that took traps with the
// causes in taken (sorted ascending) can hold a trap this filter selects:
// the test a per-segment summary of trap causes answers.
func (f *TrapFilter) MayHit(taken []uint32) bool {
	if f == nil || len(f.Ranges) == 0 {
		return len(taken) > 0
	}
	for _, r := range f.Ranges {
		i, _ := slices.BinarySearch(taken, r.Lo)
		if i < len(taken) && taken[i] <= r.Hi {
			return true
		}
	}
	return false
}

// Add appends the range [lo, hi] (empty ranges are dropped).
func (f *TrapFilter) Add(lo, hi uint32) {
	if lo <= hi {
		f.Ranges = append(f.Ranges, CauseRange{lo, hi})
	}
}
