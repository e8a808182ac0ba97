package vm

// slotCover marks the 2-byte instruction slots of a code page some block
// was built from (bit s: slot s), so that a store drops the page's blocks
// only when it writes one of them. RISC-V and Thumb pages keep one each.
type slotCover [slotsPerPage / 64]uint64

// set marks the slots of the n-byte instruction at page offset off.
func (c *slotCover) set(off, n uint32) {
	for s := off >> 1; s <= (off+n-1)>>1 && s < slotsPerPage; s++ {
		c[s>>6] |= 1 << (s & 63)
	}
}

// any reports whether a slot in [first, last] is marked.
func (c *slotCover) any(first, last uint32) bool {
	for s := first; s <= last; s++ {
		if s&63 == 0 && last-s >= 63 {
			if c[s>>6] != 0 {
				return true
			}
			s += 63
			continue
		}
		if c[s>>6]&(1<<(s&63)) != 0 {
			return true
		}
	}
	return false
}

// cover marks the slots of the n-byte instruction at page offset off as
// part of a block, so that a store to them drops the page's blocks.
func (cp *codePage) cover(off, n uint32) { cp.cov.set(off, n) }

// covered reports whether any slot in [first, last] is part of a block.
func (cp *codePage) covered(first, last uint32) bool {
	return cp.nblk != 0 && cp.cov.any(first, last)
}

// dropBlocks forgets every block of the page (its code changed, or the
// breakpoints did). Self-modifying code is rare, so the whole page goes:
// no block needs to know which others overlap it.
func (cp *codePage) dropBlocks() {
	if cp.nblk == 0 {
		return
	}
	for _, b := range cp.blk {
		if b != nil { // a block still linked or held must not run its code
			b.jit, b.jin, b.runs = 0, 0, rvjitNever
		}
	}
	cp.blk = [slotsPerPage]*block{}
	cp.cov = slotCover{}
	cp.nblk = 0
}

// syncBlocks drops the page's blocks when the breakpoints changed since
// they were built (fp is bpFingerprint of the current set): a block never
// holds a breakpoint slot, but one set later inside it would not be seen.
func (cp *codePage) syncBlocks(fp uint64) {
	if cp.bps != fp {
		cp.dropBlocks()
		cp.bps = fp
	}
}

// bpFingerprint summarizes a breakpoint set independently of map order.
func bpFingerprint(bps map[uint32]bool) uint64 {
	sum := uint64(len(bps))
	for a := range bps {
		z := uint64(a)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		sum += z ^ z>>31
	}
	return sum
}
