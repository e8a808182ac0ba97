package device

// CLINT register layout on QEMU's virt machine (an ACLINT: software
// interrupts at 0x0000, the machine timer from 0x4000).
const (
	clintMSIP     = 0x0000 // 4 bytes per hart, bit 0
	clintMTimeCmp = 0x4000 // 8 bytes per hart
	clintMTime    = 0xBFF8 // 8 bytes
	clintSize     = 0x10000
	clintMaxHarts = (clintMTime - clintMTimeCmp) / 8
)

// CLINT is the core-local interruptor: per-hart software interrupt bits
// (msip), per-hart timer compare registers (mtimecmp) and the machine timer
// (mtime), which belongs to the machine and is reached through a Clock.
//
// The machine derives each hart's MSIP and MTIP bits from MSIP(h) and
// MTimeCmp(h) <= Clock.MTime(); the CLINT itself signals nothing.
//
// As on QEMU 7.2: msip is accessed with 32-bit loads and stores only;
// mtimecmp and mtime with 32-bit accesses to either half or a 64-bit access
// to the low half (a 64-bit access to the high half reads the high word and
// ignores a write). Other offsets in the window read 0 and ignore writes;
// accesses QEMU rejects with an access fault are reported by ValidAccess
// (Read and Write treat them as reads of 0 and ignored writes). mtimecmp resets to 0, as
// in QEMU: firmware writes it before enabling the timer interrupt.
type CLINT struct {
	clk      Clock
	msip     []bool
	mtimecmp []uint64
}

// NewCLINT returns a CLINT for harts harts (at least 1) reading time from clk.
func NewCLINT(harts int, clk Clock) *CLINT {
	if harts < 1 {
		harts = 1
	}
	return &CLINT{clk: clk, msip: make([]bool, harts), mtimecmp: make([]uint64, harts)}
}

// Name implements Device.
func (c *CLINT) Name() string { return "clint" }

// Size implements Device.
func (c *CLINT) Size() uint32 { return clintSize }

// MSIP reports hart's machine software interrupt bit (false for a hart
// that does not exist).
func (c *CLINT) MSIP(hart int) bool {
	return hart >= 0 && hart < len(c.msip) && c.msip[hart]
}

// MTimeCmp returns hart's timer compare value (all ones for a hart that
// does not exist, so it never fires).
func (c *CLINT) MTimeCmp(hart int) uint64 {
	if hart < 0 || hart >= len(c.mtimecmp) {
		return ^uint64(0)
	}
	return c.mtimecmp[hart]
}

// Read implements Device; CLINT reads have no side effects.
func (c *CLINT) Read(off uint32, size int) uint64 { return c.Peek(off, size) }

// Peek implements Device.
func (c *CLINT) Peek(off uint32, size int) uint64 {
	switch {
	case off < clintMTimeCmp:
		h := int(off / 4)
		if size != 4 || off%4 != 0 || h >= len(c.msip) || !c.msip[h] {
			return 0
		}
		return 1
	case off < c.mtimecmpEnd():
		h := int((off - clintMTimeCmp) / 8)
		return read64Half(c.mtimecmp[h], off%8, size)
	case off == clintMTime || off == clintMTime+4:
		return read64Half(c.clk.MTime(), off%8, size)
	}
	return 0
}

// mtimecmpEnd is the end of the mapped mtimecmp registers. QEMU's ACLINT
// takes at most 4095 harts, whose registers end just below mtime.
func (c *CLINT) mtimecmpEnd() uint32 {
	return clintMTimeCmp + 8*uint32(min(len(c.mtimecmp), clintMaxHarts))
}

// read64Half is a read of a 64-bit register pair at byte offset half (0 or
// 4) with the given access size, as QEMU's ACLINT timer decodes it.
func read64Half(v uint64, half uint32, size int) uint64 {
	switch {
	case size != 4 && size != 8:
		return 0
	case half == 0 && size == 8:
		return v
	case half == 0:
		return v & 0xFFFFFFFF
	case half == 4:
		return v >> 32
	}
	return 0
}

// write64Half returns the 64-bit register value after a store of val at
// byte offset half with the given size, and whether the store is valid.
func write64Half(old uint64, half uint32, size int, val uint64) (uint64, bool) {
	switch {
	case half == 0 && size == 8:
		return val, true
	case half == 0 && size == 4:
		return old&^0xFFFFFFFF | val&0xFFFFFFFF, true
	case half == 4 && size == 4:
		return val<<32 | old&0xFFFFFFFF, true
	}
	return old, false
}

// ValidAccess reports whether QEMU accepts the access: msip takes aligned
// 32-bit accesses, the timer block (0x4000-0xBFFF) aligned 32- or 64-bit
// ones, and nothing is mapped from 0xC000. The machine raises an access
// fault otherwise.
func (c *CLINT) ValidAccess(off uint32, size int, write bool) bool {
	switch {
	case off%uint32(max(size, 1)) != 0:
		return false
	case off < clintMTimeCmp:
		return size == 4
	case off < clintMTime+8:
		return size == 4 || size == 8
	}
	return false
}

// Write implements Device.
func (c *CLINT) Write(off uint32, size int, val uint64) {
	switch {
	case off < clintMTimeCmp:
		h := int(off / 4)
		if size == 4 && off%4 == 0 && h < len(c.msip) {
			c.msip[h] = val&1 != 0
		}
	case off < c.mtimecmpEnd():
		h := int((off - clintMTimeCmp) / 8)
		if v, ok := write64Half(c.mtimecmp[h], off%8, size, val); ok {
			c.mtimecmp[h] = v
		}
	case off == clintMTime || off == clintMTime+4:
		if v, ok := write64Half(c.clk.MTime(), off%8, size, val); ok {
			c.clk.SetMTime(v)
		}
	}
}

// Reset implements Device: msip and mtimecmp are cleared. mtime belongs to
// the machine's clock and is left alone.
func (c *CLINT) Reset() {
	clear(c.msip)
	clear(c.mtimecmp)
}

const clintTag, clintVersion = "CLNT", 1

// SaveState implements Device.
func (c *CLINT) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(clintTag, clintVersion)
	w.u32(uint32(len(c.msip)))
	for h := range c.msip {
		w.bool(c.msip[h])
		w.u64(c.mtimecmp[h])
	}
	return w.b
}

// RestoreState implements Device. The hart count must match.
func (c *CLINT) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(clintTag, clintVersion)
	if n := r.u32(); r.err == nil && n != uint32(len(c.msip)) {
		r.fail("clint has %d harts, state has %d", len(c.msip), n)
	}
	msip := make([]bool, len(c.msip))
	cmp := make([]uint64, len(c.mtimecmp))
	for h := range msip {
		msip[h] = r.bool()
		cmp[h] = r.u64()
	}
	if err := r.finish(); err != nil {
		return err
	}
	copy(c.msip, msip)
	copy(c.mtimecmp, cmp)
	return nil
}
