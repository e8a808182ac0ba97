package vm

import (
	"fmt"
	"slices"
)

// MemAlias is a second address range for memory the board already has:
// [Base, Base+Size) shows the bytes of [Of, Of+Size), which lie inside one
// RAM, flash or ROM region (an MPS2 board's SSRAM1 mirror at 0x00400000,
// an STM32's flash at 0). Both ranges are the same storage: a store
// through one is seen through the other, in snapshots too. The alias is
// on the bus as a device (it has no state of its own), so the CPU does
// not fetch instructions from it: code runs at the region's own address.
type MemAlias struct {
	Base uint32 `json:"base"`
	Size uint32 `json:"size"`
	Of   uint32 `json:"of"`
}

// checkAliases checks each alias is page aligned, shows memory of one
// region, and lies apart from the regions.
func (b *Board) checkAliases() error {
	rs := b.regions()
	for _, a := range b.MemAliases {
		if err := b.checkAlias(a, rs); err != nil {
			return fmt.Errorf("board %q: alias at %#x: %w", b.Name, a.Base, err)
		}
	}
	return nil
}

// checkAlias checks one alias against the memory regions rs.
func (b *Board) checkAlias(a MemAlias, rs []Region) error {
	end := uint64(a.Base) + uint64(a.Size)
	switch {
	case a.Base%pageSize != 0 || a.Size%pageSize != 0 || a.Size == 0 || end > 1<<32:
		return fmt.Errorf("%#x+%#x is not a non-empty page-aligned range below 4 GiB", a.Base, a.Size)
	case a.Of%pageSize != 0:
		return fmt.Errorf("the aliased address %#x is not a multiple of 4 KiB", a.Of)
	case !slices.ContainsFunc(rs, func(r Region) bool {
		return a.Of >= r.Base && uint64(a.Of)+uint64(a.Size) <= uint64(r.Base)+uint64(r.Size)
	}):
		return fmt.Errorf("%#x+%#x is not inside one memory region", a.Of, a.Size)
	}
	for _, r := range rs {
		if uint64(a.Base) < uint64(r.Base)+uint64(r.Size) && uint64(r.Base) < end {
			return fmt.Errorf("it overlaps the memory region at %#x", r.Base)
		}
	}
	return nil
}

// buildAliases places the board's aliases on the bus.
func (m *Machine) buildAliases() {
	for _, a := range m.board.MemAliases {
		d := &aliasDev{m: m, size: a.Size, of: a.Of}
		m.devs = append(m.devs, mapped{base: a.Base, size: a.Size, dev: d, chk: d})
	}
}

// aliasDev serves an alias's accesses from the memory it shows, through
// the machine's ordinary memory paths: copy-on-write pages, activity,
// predecoded code invalidation, and watchpoints on the aliased addresses
// (the bus checks those on the alias's own).
type aliasDev struct {
	m        *Machine
	size, of uint32
}

// Name implements device.Device.
func (a *aliasDev) Name() string { return "alias" }

// Size implements device.Device.
func (a *aliasDev) Size() uint32 { return a.size }

// ValidAccess implements device.AccessChecker: a store through an alias of
// flash or ROM faults as one to the region does.
func (a *aliasDev) ValidAccess(off uint32, size int, write bool) bool {
	return !write || !a.m.mem.readOnly(a.of+off, uint32(size))
}

// Read implements device.Device.
func (a *aliasDev) Read(off uint32, size int) uint64 {
	t := a.of + off
	a.watch(t, size, AccessRead)
	a.m.mem.noteRead(t-a.m.mem.base, uint32(size))
	return a.Peek(off, size)
}

// Peek implements device.Device.
func (a *aliasDev) Peek(off uint32, size int) uint64 {
	mem := a.m.mem
	var v uint64
	for k := size - 1; k >= 0; k-- {
		v = v<<8 | uint64(mem.readByte(a.of+off+uint32(k)-mem.base))
	}
	return v
}

// Write implements device.Device.
func (a *aliasDev) Write(off uint32, size int, val uint64) {
	t := a.of + off
	a.watch(t, size, AccessWrite)
	mem := a.m.mem
	o := t - mem.base
	if mem.flags[o>>pageShift]&pfResv != 0 || mem.flags[(o+uint32(size)-1)>>pageShift]&pfResv != 0 {
		a.m.breakReservations(a.m.harts[a.m.cur], t, size)
	}
	for k := 0; k < size; k += 4 {
		n := min(size-k, 4)
		mem.writeRAM(o+uint32(k), n, uint32(val>>(8*k)))
	}
}

// watch checks the watchpoints on the aliased bytes for the running hart.
func (a *aliasDev) watch(addr uint32, size int, acc Access) {
	if m := a.m; len(m.watches) > 0 && m.cur < len(m.harts) {
		m.checkWatch(m.harts[m.cur], addr, size, acc)
	}
}

// Reset implements device.Device: the memory resets with the machine.
func (a *aliasDev) Reset() {}

// SaveState implements device.Device: an alias has no state.
func (a *aliasDev) SaveState(dst []byte) []byte { return append(dst, "ALIA"...) }

// RestoreState implements device.Device.
func (a *aliasDev) RestoreState(state []byte) error {
	if string(state) != "ALIA" {
		return errSnapshot
	}
	return nil
}

// aliasTarget returns the address in the aliased memory that n bytes at
// addr show, when they lie inside one alias: the debugger reads and writes
// there directly (a debugger write is no guest store: it checks no
// watchpoint, may patch flash, and takes any length).
func (m *Machine) aliasTarget(addr uint32, n int) (uint32, bool) {
	d := m.findDev(addr, n)
	if d == nil {
		return 0, false
	}
	a, ok := d.dev.(*aliasDev)
	if !ok {
		return 0, false
	}
	return a.of + (addr - d.base), true
}
