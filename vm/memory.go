package vm

import "slices"

const (
	pageShift = 12
	pageSize  = 1 << pageShift
	pageMask  = pageSize - 1
)

// page is 4 KiB of guest RAM. gen is the snapshot generation that owns it:
// a page owned by an older generation is shared with a snapshot and is
// copied before the first store of the current generation.
type page struct {
	data [pageSize]byte
	gen  uint64
	wl   lineMarks // activity: lines stored to, valid while the page is flagged pfWritten
}

// Per-page flags.
const (
	pfWatchR  uint16 = 1 << iota // a read watchpoint covers part of the page
	pfWatchW                     // a write watchpoint covers part of the page
	pfResv                       // another hart may hold an LR reservation here
	pfWritten                    // activity: stored to since ResetActivity
	pfExec                       // activity: fetched from since ResetActivity
	pfKeep                       // scratch mark used while restoring a snapshot
	pfHole                       // not RAM: the board maps nothing here
	pfROM                        // read-only (ROM, flash): guest stores fault
	pfRead                       // activity: loaded from since ResetActivity
)

// memory is the guest RAM. pages is the state; fast holds the fast-path views
// (one slice, so the executor keeps a single base and length in registers):
// fast[i].rd is pages[i] unless the page is untouched or read-watched,
// fast[i].wr is pages[i] only when a store may go straight to it (owned by
// the current generation, no predecoded code, not write-watched, not
// reserved, already counted as written). Everything else takes the slow path.
type memory struct {
	base, size  uint32
	pages       []*page
	fast        []fastPage
	jt          *jitTables // fast for compiled code (jittab.go), nil until blocks are compiled
	wrSet       []uint32   // indices where fast[i].wr is set, to clear them quickly
	code        []*codePage
	acode       []*armPage // Thumb code pages (Cortex-M boards only, else nil)
	holes       bool       // some pages are not backed by RAM (pfHole)
	flags       []uint16
	gen         uint64
	written     []uint32 // activity lists
	exec        []uint32
	read        []uint32
	alloc       []uint32 // indices of allocated pages
	allocSorted bool
}

// sortAlloc sorts the allocated-page list (snapshots list pages in order).
func (mem *memory) sortAlloc() {
	if !mem.allocSorted {
		slices.Sort(mem.alloc)
		mem.allocSorted = true
	}
}

// fastPage is one page's fast-path views: rd for loads, wr for stores.
type fastPage struct{ rd, wr *page }

func newMemory(base, size uint32) *memory {
	n := size >> pageShift
	return &memory{
		base: base, size: size,
		pages: make([]*page, n), fast: make([]fastPage, n),
		code: make([]*codePage, n), flags: make([]uint16, n), gen: 1,
	}
}

// contains reports whether [addr, addr+n) lies in RAM.
func (mem *memory) contains(addr uint32, n uint32) bool {
	off := addr - mem.base
	if off >= mem.size || n > mem.size-off {
		return false
	}
	if mem.holes {
		return mem.backed(off, n)
	}
	return true
}

// backed reports whether no page of [off, off+n) is a hole.
func (mem *memory) backed(off, n uint32) bool {
	if n == 0 {
		return mem.flags[off>>pageShift]&pfHole == 0
	}
	for i := off >> pageShift; i <= (off+n-1)>>pageShift; i++ {
		if mem.flags[i]&pfHole != 0 {
			return false
		}
	}
	return true
}

// hasCode reports whether page i holds predecoded code of either kind.
func (mem *memory) hasCode(i uint32) bool {
	return mem.code[i] != nil || (mem.acode != nil && mem.acode[i] != nil)
}

// clearFastWrites drops every fast-write pointer.
func (mem *memory) clearFastWrites() {
	for _, i := range mem.wrSet {
		mem.setWr(i, nil)
	}
	mem.wrSet = mem.wrSet[:0]
}

// refreshRead recomputes fast[i].rd: loads take the slow path on a
// read-watched page and on the first load of a page in an activity period.
func (mem *memory) refreshRead(i uint32) {
	if mem.flags[i]&(pfWatchR|pfRead) != pfRead {
		mem.setRd(i, nil)
	} else {
		mem.setRd(i, mem.pages[i])
	}
}

// writable returns page i ready for a store in the current generation,
// allocating or copying it, recording activity and invalidating predecoded
// code in [o, o+n). It re-enables the fast path when nothing forbids it.
func (mem *memory) writable(i uint32, o, n uint32) *page {
	p := mem.pages[i]
	if p == nil {
		p = &page{gen: mem.gen}
		mem.pages[i] = p
		mem.refreshRead(i)
		mem.alloc = append(mem.alloc, i)
		mem.allocSorted = false
	} else if p.gen != mem.gen {
		np := &page{data: p.data, gen: mem.gen, wl: p.wl}
		p = np
		mem.pages[i] = p
		mem.refreshRead(i)
	}
	if cp := mem.code[i]; cp != nil {
		cp.invalidate(o, n)
	}
	if mem.acode != nil {
		if ap := mem.acode[i]; ap != nil {
			ap.invalidate(o, n)
		}
	}
	f := mem.flags[i]
	if f&pfWritten == 0 {
		mem.flags[i] = f | pfWritten
		mem.written = append(mem.written, i)
		p.wl = lineMarks{}
	}
	p.wl.set(o, max(n, 1))
	if !mem.hasCode(i) && f&(pfWatchW|pfResv|pfROM) == 0 && mem.fast[i].wr == nil {
		mem.setWr(i, p)
		mem.wrSet = append(mem.wrSet, i)
	}
	return p
}

// readByte reads one RAM byte at offset off (no side effects).
func (mem *memory) readByte(off uint32) byte {
	p := mem.pages[off>>pageShift]
	if p == nil {
		return 0
	}
	return p.data[off&pageMask]
}

// readRAM reads n bytes (n <= 4) little-endian at offset off; off+n within RAM.
func (mem *memory) readRAM(off uint32, n int) uint32 {
	if o := off & pageMask; o <= pageSize-uint32(n) {
		p := mem.pages[off>>pageShift]
		if p == nil {
			return 0
		}
		var v uint32
		for k := n - 1; k >= 0; k-- {
			v = v<<8 | uint32(p.data[o+uint32(k)])
		}
		return v
	}
	var v uint32
	for k := n - 1; k >= 0; k-- {
		v = v<<8 | uint32(mem.readByte(off+uint32(k)))
	}
	return v
}

// writeRAM stores n bytes little-endian at offset off; off+n within RAM.
func (mem *memory) writeRAM(off uint32, n int, v uint32) {
	for k := 0; k < n; {
		i := (off + uint32(k)) >> pageShift
		o := (off + uint32(k)) & pageMask
		chunk := min(n-k, int(pageSize-o))
		p := mem.writable(i, o, uint32(chunk))
		for j := 0; j < chunk; j++ {
			p.data[o+uint32(j)] = byte(v >> (8 * (k + j)))
		}
		k += chunk
	}
}

// markExec records that code was fetched from page i.
func (mem *memory) markExec(i uint32) {
	if mem.flags[i]&pfExec == 0 {
		mem.flags[i] |= pfExec
		mem.exec = append(mem.exec, i)
	}
}

// resetActivity clears the activity lists.
func (mem *memory) resetActivity() {
	for _, i := range mem.written {
		mem.flags[i] &^= pfWritten
	}
	for _, i := range mem.exec {
		mem.flags[i] &^= pfExec
		if cp := mem.code[i]; cp != nil {
			cp.lines, cp.blkLines = lineMarks{}, 0
		}
		if mem.acode != nil && mem.acode[i] != nil {
			mem.acode[i].lines = lineMarks{}
		}
	}
	for _, i := range mem.read {
		mem.flags[i] &^= pfRead
		mem.setRd(i, nil)
	}
	mem.written = mem.written[:0]
	mem.exec = mem.exec[:0]
	mem.read = mem.read[:0]
	mem.clearFastWrites()
}

// dropCode forgets the predecoded code of page i, and its blocks' compiled
// code (jitFlush no longer sees the page).
func (mem *memory) dropCode(i uint32) {
	if cp := mem.code[i]; cp != nil {
		cp.dropBlocks()
	}
	mem.code[i] = nil
	if mem.acode != nil {
		if ap := mem.acode[i]; ap != nil {
			ap.dropBlocks()
		}
		mem.acode[i] = nil
	}
}
