package vm

import "slices"

// span is a loaded part of the firmware image: one ELF segment's memory
// size (what QEMU's loader registers as a ROM blob, .bss included).
type span struct{ addr, size uint32 }

// heapRegion returns the RAM that SYS_HEAPINFO describes: the board's
// heap region, or its RAM.
func (b *Board) heapRegion() (base, size uint32) {
	if b.HeapSize != 0 {
		return b.HeapBase, b.HeapSize
	}
	return b.RAMBase, b.RAMSize
}

// shHeapInfo answers SYS_HEAPINFO as QEMU does: the heap is the largest
// gap between loaded image parts in the heap region, the stack grows down
// from its end. param holds the address of a four-word block that gets
// heap base, heap limit, stack base, stack limit.
func (m *Machine) shHeapInfo(param uint32) uint32 {
	a, ok := m.shArgs(param, 1)
	if !ok {
		return m.shErr(errnoEFAULT)
	}
	lo, hi := m.heapGap()
	if !m.shPutWords(a[0], lo, hi, hi, lo) {
		return m.shErr(errnoEFAULT)
	}
	return 0
}

// heapGap returns the largest free range [lo, hi) of the heap region.
func (m *Machine) heapGap() (lo, hi uint32) {
	base, size := m.board.heapRegion()
	end := uint64(base) + uint64(size)
	spans := slices.Clone(m.loaded)
	slices.SortFunc(spans, func(a, b span) int { return int(int64(a.addr) - int64(b.addr)) })
	start := uint64(base)
	var bestLo, bestHi uint64
	take := func(to uint64) {
		if to > start && to-start > bestHi-bestLo {
			bestLo, bestHi = start, to
		}
	}
	for _, s := range spans {
		sEnd := uint64(s.addr) + uint64(s.size)
		if sEnd < uint64(base) || uint64(s.addr) > end {
			continue
		}
		take(min(uint64(s.addr), end))
		start = max(start, sEnd)
	}
	take(end)
	return uint32(bestLo), uint32(min(bestHi, 1<<32-1))
}

// virtFDTReserve is the top of virt's RAM where QEMU places the device
// tree (its semihosting heap ends below it).
const virtFDTReserve = 2 << 20
