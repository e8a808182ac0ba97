package vm

import (
	"cmp"
	"slices"
)

// Activity tracking: what the guest did since the last ResetActivity, kept
// cheap enough to run all the time. Code fetched and RAM stored to are kept
// per 64-byte line (a 64-bit mask per 4 KiB page); RAM loaded from per page
// (a page's first load in a period takes the slow path once); device
// accesses by address; traps by hart and cause.

// LineShift is log2 of the size of an activity line (64 bytes).
const LineShift = 6

// maxDeviceNotes bounds the distinct device accesses one period keeps;
// beyond it the period reports DevicesAll.
const maxDeviceNotes = 128

// PageLines is one RAM page of an activity set: Page is the address >> 12,
// bit k of Lines is set when bytes [k*64, k*64+64) of the page were touched.
type PageLines struct {
	Page  uint32
	Lines uint64
}

// DeviceAccess is one distinct device access of an activity period.
type DeviceAccess struct {
	Addr   uint32
	Size   int
	Access Access
}

// TrapNote counts the traps a hart took with one cause (mcause on RISC-V,
// the exception number on Cortex-M).
type TrapNote struct {
	Hart  int
	Cause uint32
	Count uint64
}

// ActivitySets is what the guest did since ResetActivity. Exec and Written
// are ascending by page; Exec lines hold the first byte of every executed
// instruction, Written lines the first byte of every store (a store of n
// bytes at a touches [a, a+n); see StoreReach). Read lists the pages loaded
// from (not instruction fetches). Devices lists the distinct device
// accesses unless DevicesAll says there were too many to list (then any
// device access may have happened). Traps are ascending by hart and cause.
type ActivitySets struct {
	Exec, Written []PageLines
	Read          []uint32
	Devices       []DeviceAccess
	DevicesAll    bool
	Traps         []TrapNote
}

// StoreReach is the widest store the guest makes, in bytes: a store whose
// first byte is in a line can touch bytes up to StoreReach-1 beyond it.
const StoreReach = 8

// activity is the per-machine tracking state not kept in the memory pages.
type activity struct {
	devices    []DeviceAccess
	devicesAll bool
	traps      []TrapNote
}

// lineMarks marks the lines of a page: byte k is non-zero when line k was
// touched. The executor marks a line with one byte store (no load, so no
// chain of dependencies from one instruction to the next).
type lineMarks [pageSize >> LineShift]byte

// set marks the lines holding page offsets [o, o+n), n > 0, within one page.
func (l *lineMarks) set(o, n uint32) {
	for k := o >> LineShift; k <= (o+n-1)>>LineShift && k < uint32(len(l)); k++ {
		l[k] = 1
	}
}

// mask is the marks as a bit mask (bit k: line k).
func (l *lineMarks) mask() uint64 {
	var m uint64
	for k, v := range l {
		if v != 0 {
			m |= 1 << k
		}
	}
	return m
}

// noteExec records that code in page offsets [lo, hi) of the page at
// codeBase was executed (a basic block, say). hi > lo.
func (mem *memory) noteExec(codeBase, lo, hi uint32) {
	i := (codeBase - mem.base) >> pageShift
	mem.markExec(i)
	if cp := mem.code[i]; cp != nil {
		cp.lines.set(lo, hi-lo)
	}
}

// noteRead records a load from RAM offsets [off, off+n) and lets later
// loads from those pages take the fast path.
func (mem *memory) noteRead(off, n uint32) {
	for i := off >> pageShift; i <= (off+n-1)>>pageShift; i++ {
		if mem.flags[i]&pfRead == 0 {
			mem.flags[i] |= pfRead
			mem.read = append(mem.read, i)
			mem.refreshRead(i)
		}
	}
}

// noteDevice records a device access.
func (m *Machine) noteDevice(addr uint32, size int, a Access) {
	act := &m.act
	if act.devicesAll {
		return
	}
	d := DeviceAccess{Addr: addr, Size: size, Access: a}
	for k := len(act.devices) - 1; k >= 0; k-- {
		if act.devices[k] == d {
			return
		}
	}
	if len(act.devices) == maxDeviceNotes {
		act.devicesAll = true
		return
	}
	act.devices = append(act.devices, d)
}

// noteTrap records that hart h took a trap with this cause.
func (m *Machine) noteTrap(h *Hart, cause uint32) {
	act := &m.act
	for k := range act.traps {
		if t := &act.traps[k]; t.Hart == h.id && t.Cause == cause {
			t.Count++
			return
		}
	}
	act.traps = append(act.traps, TrapNote{Hart: h.id, Cause: cause, Count: 1})
}

// execLines returns the executed lines of page i (all when its predecoded
// page was dropped since it was marked).
func (mem *memory) execLines(i uint32) uint64 {
	switch {
	case mem.code[i] != nil:
		return mem.code[i].lines.mask() | mem.code[i].blkLines
	case mem.acode != nil && mem.acode[i] != nil:
		return mem.acode[i].lines.mask()
	}
	return ^uint64(0)
}

// ActivitySince returns what the guest did since ResetActivity.
func (m *Machine) ActivitySince() ActivitySets {
	mem := m.mem
	pageOf := func(i uint32) uint32 { return mem.base>>pageShift + i }
	var s ActivitySets
	for _, i := range mem.exec {
		s.Exec = append(s.Exec, PageLines{Page: pageOf(i), Lines: mem.execLines(i)})
	}
	for _, i := range mem.written {
		lines := ^uint64(0) // all of a page a restore dropped since
		if p := mem.pages[i]; p != nil {
			lines = p.wl.mask()
		}
		s.Written = append(s.Written, PageLines{Page: pageOf(i), Lines: lines})
	}
	for _, i := range mem.read {
		s.Read = append(s.Read, pageOf(i))
	}
	byPage := func(a, b PageLines) int { return cmp.Compare(a.Page, b.Page) }
	slices.SortFunc(s.Exec, byPage)
	slices.SortFunc(s.Written, byPage)
	slices.Sort(s.Read)
	s.Devices = slices.Clone(m.act.devices)
	s.DevicesAll = m.act.devicesAll
	s.Traps = slices.Clone(m.act.traps)
	slices.SortFunc(s.Traps, func(a, b TrapNote) int {
		if a.Hart != b.Hart {
			return a.Hart - b.Hart
		}
		return cmp.Compare(a.Cause, b.Cause)
	})
	return s
}
