package vm

import "fmt"

// MMIOAccess describes a guest access to an address with no device model
// behind it, in an "unimplemented" region of the board: it reads 0 or is
// ignored. (Accesses that fault, at unmapped addresses or in such a region
// on a board with StrictMMIO, are not reported here: the trap is.)
type MMIOAccess struct {
	Addr  uint32
	Size  int
	Write bool
	Time  uint64 // the step that made the access
}

// SetMMIOReport sets the function told about accesses to unknown MMIO,
// once per address (the first access only). It is not part of the
// machine's state: a replay reports nothing already reported.
func (m *Machine) SetMMIOReport(f func(MMIOAccess)) { m.mmioReport = f }

// reportMMIO tells the report function about an access, once per address.
func (m *Machine) reportMMIO(addr uint32, size int, write bool) {
	if m.mmioReport == nil || m.mmioSeen[addr] {
		return
	}
	if m.mmioSeen == nil {
		m.mmioSeen = map[uint32]bool{}
	}
	m.mmioSeen[addr] = true
	m.mmioReport(MMIOAccess{Addr: addr, Size: size, Write: write, Time: m.time + m.inflight})
}

// unimplemented is a region QEMU maps as "unimplemented-device": reads
// return 0, writes are ignored, and each first access to an address is
// reported. With Board.StrictMMIO every access faults instead.
type unimplemented struct {
	m    *Machine
	base uint32
	size uint32
}

func newUnimplemented(m *Machine, base, size uint32) *unimplemented {
	return &unimplemented{m: m, base: base, size: size}
}

// Name implements device.Device.
func (u *unimplemented) Name() string { return KindUnimplemented }

// Size implements device.Device.
func (u *unimplemented) Size() uint32 { return u.size }

// Read implements device.Device.
func (u *unimplemented) Read(off uint32, size int) uint64 {
	u.m.reportMMIO(u.base+off, size, false)
	return 0
}

// Peek implements device.Device.
func (u *unimplemented) Peek(off uint32, size int) uint64 { return 0 }

// Write implements device.Device.
func (u *unimplemented) Write(off uint32, size int, val uint64) {
	u.m.reportMMIO(u.base+off, size, true)
}

// ValidAccess implements device.AccessChecker: every access faults on a
// board with StrictMMIO.
func (u *unimplemented) ValidAccess(off uint32, size int, write bool) bool {
	return !u.m.board.StrictMMIO
}

// Reset implements device.Device.
func (u *unimplemented) Reset() {}

// SaveState implements device.Device: the region has no state.
func (u *unimplemented) SaveState(dst []byte) []byte { return append(dst, "UNIM"...) }

// RestoreState implements device.Device.
func (u *unimplemented) RestoreState(state []byte) error {
	if string(state) != "UNIM" {
		return errSnapshot
	}
	return nil
}

// String describes the access for a user: "unknown MMIO write of 4 bytes
// at 0x40010000 (ignored)".
func (a MMIOAccess) String() string {
	dir, what := "read", "reads 0"
	if a.Write {
		dir, what = "write", "ignored"
	}
	return fmt.Sprintf("unknown MMIO %s of %d bytes at %#08x (%s; reported once per address)", dir, a.Size, a.Addr, what)
}
