package device

// StellarisBoard holds the identification registers of a Stellaris chip's
// system control block (DID0, DID1, DC0-DC4) and its USER0/USER1 words.
type StellarisBoard struct {
	DID0, DID1, DC0, DC1, DC2, DC3, DC4 uint32
	User0, User1                        uint32
}

// LM3S6965 is the lm3s6965evb's chip, as QEMU 7.2 reports it (USER0/1
// hold QEMU's default MAC address 52:54:00:12:34:56).
var LM3S6965 = StellarisBoard{
	DID0: 0x10010002, DID1: 0x1073402e,
	DC0: 0x00ff007f, DC1: 0x001133ff, DC2: 0x030f5317, DC3: 0x0f0f87ff, DC4: 0x5000007f,
	User0: 0x00005452, User1: 0x00563412,
}

// pllcfgFury is PLLCFG by RCC.XTAL on the Fury-class chips (QEMU's table).
var pllcfgFury = [16]uint32{
	0x3200, 0x1b20, 0x1900, 0xf42b, 0x37e3, 0x1b21, 0x0c80, 0x98ee,
	0xd5b4, 0x0a00, 0x4e27, 0x1902, 0xec1c, 0x1b23, 0x0640, 0xb11c,
}

// System control registers.
const (
	scRIS    = 0x050
	scIMC    = 0x054
	scMISC   = 0x058
	scRESC   = 0x05c
	scRCC    = 0x060
	scPLLCFG = 0x064
	scRCC2   = 0x070
	scPBOR   = 0x030
	scLDO    = 0x034
	scRCGC0  = 0x100
	scSize   = 0x1000

	scRCCPwrdn    = 1 << 13
	scRCC2Pwrdn   = 1 << 13
	scRCC2UseRCC2 = 1 << 31
	scPLLLock     = 1 << 6

	scResetRCC  = 0x078e3ac0
	scResetRCC2 = 0x07802810
)

// StellarisSysCtl is the system control block of the Stellaris (Fury
// class) chips at 0x400FE000, as QEMU 7.2 models it: identification
// registers, RCC/RCC2 and PLLCFG (by the crystal field), the PLL-lock
// interrupt status (RIS bit 6, set when RCC.PWRDN or RCC2.PWRDN2 is
// cleared, so firmware waiting for the PLL goes on at once), the clock
// gating registers and the rest stored as written. The system clock is
// QEMU's: 200 MHz divided by SYSDIV+1 from RCC, or by SYSDIV2+1 from RCC2
// when RCC2.USERCC2 is set (12.5 MHz at reset), whatever the oscillator
// and PLL settings; SysClockPeriod gives it to the core's SysTick, and the
// clock hook runs before a write changes it. Accesses to unknown offsets
// read 0 and are ignored.
type StellarisSysCtl struct {
	board   StellarisBoard
	onClock func()

	rcc, rcc2, pborctl, ldopctl uint32
	intStatus, intMask, resc    uint32
	clkvclr, ldoarst            uint32
	rcgc, scgc, dcgc            [3]uint32
}

// NewStellarisSysCtl returns the system control block of a chip.
func NewStellarisSysCtl(b StellarisBoard) *StellarisSysCtl {
	s := &StellarisSysCtl{board: b}
	s.Reset()
	return s
}

// Name implements Device.
func (s *StellarisSysCtl) Name() string { return "stellaris-sysctl" }

// SetClockHook sets the function called just before a write changes the
// system clock's period (the core brings SysTick up to date there).
func (s *StellarisSysCtl) SetClockHook(f func()) { s.onClock = f }

// SysClockPeriod is the system clock's period in nanoseconds.
func (s *StellarisSysCtl) SysClockPeriod() uint64 { return sysClockPeriod(s.rcc, s.rcc2) }

// sysClockPeriod is QEMU's ssys_calculate_system_clock: 5 ns (200 MHz)
// times the divider.
func sysClockPeriod(rcc, rcc2 uint32) uint64 {
	if rcc2&scRCC2UseRCC2 != 0 {
		return 5 * uint64(rcc2>>23&0x3f+1)
	}
	return 5 * uint64(rcc>>23&0xf+1)
}

// clockWrite is a write of RCC or RCC2: the hook runs first if the
// period changes.
func (s *StellarisSysCtl) clockWrite(rcc, rcc2 uint32) {
	if s.onClock != nil && sysClockPeriod(rcc, rcc2) != s.SysClockPeriod() {
		s.onClock()
	}
	s.rcc, s.rcc2 = rcc, rcc2
}

// Size implements Device.
func (s *StellarisSysCtl) Size() uint32 { return scSize }

// Read implements Device.
func (s *StellarisSysCtl) Read(off uint32, size int) uint64 { return s.Peek(off, size) }

// Peek implements Device.
func (s *StellarisSysCtl) Peek(off uint32, size int) uint64 {
	var v uint32
	b := &s.board
	switch off {
	case 0x000:
		v = b.DID0
	case 0x004:
		v = b.DID1
	case 0x008:
		v = b.DC0
	case 0x010:
		v = b.DC1
	case 0x014:
		v = b.DC2
	case 0x018:
		v = b.DC3
	case 0x01c:
		v = b.DC4
	case scRIS:
		v = s.intStatus
	case scIMC:
		v = s.intMask
	case scMISC:
		v = s.intStatus & s.intMask
	case scPLLCFG:
		v = pllcfgFury[s.rcc>>6&15]
	case 0x1e0:
		v = b.User0
	case 0x1e4:
		v = b.User1
	default:
		if p := s.reg(off); p != nil {
			v = *p
		}
	}
	return uint64(v) & sizeMask(size)
}

// reg returns the stored register at off, or nil.
func (s *StellarisSysCtl) reg(off uint32) *uint32 {
	switch off {
	case scPBOR:
		return &s.pborctl
	case scLDO:
		return &s.ldopctl
	case scRESC:
		return &s.resc
	case scRCC:
		return &s.rcc
	case scRCC2:
		return &s.rcc2
	case 0x150:
		return &s.clkvclr
	case 0x160:
		return &s.ldoarst
	}
	if off >= scRCGC0 && off < scRCGC0+0x30 && off%4 == 0 && (off-scRCGC0)%0x10 < 0xc {
		i := (off - scRCGC0) % 0x10 / 4
		return &[...]*[3]uint32{&s.rcgc, &s.scgc, &s.dcgc}[(off-scRCGC0)/0x10][i]
	}
	return nil
}

// Write implements Device.
func (s *StellarisSysCtl) Write(off uint32, size int, val uint64) {
	v := uint32(val & sizeMask(size))
	switch off {
	case scPBOR:
		s.pborctl = v & 0xffff
	case scLDO:
		s.ldopctl = v & 0x1f
	case scIMC:
		s.intMask = v & 0x7f
	case scMISC:
		s.intStatus &^= v
	case scRESC:
		s.resc = v & 0x3f
	case scRCC:
		if s.rcc&scRCCPwrdn != 0 && v&scRCCPwrdn == 0 {
			s.intStatus |= scPLLLock
		}
		s.clockWrite(v, s.rcc2)
	case scRCC2:
		if s.rcc2&scRCC2Pwrdn != 0 && v&scRCC2Pwrdn == 0 {
			s.intStatus |= scPLLLock
		}
		s.clockWrite(s.rcc, v)
	default:
		if p := s.reg(off); p != nil {
			*p = v
		}
	}
}

// Reset implements Device.
func (s *StellarisSysCtl) Reset() {
	*s = StellarisSysCtl{board: s.board, onClock: s.onClock, rcc: scResetRCC, rcc2: scResetRCC2, pborctl: 0x7ffd}
	s.rcgc[0], s.scgc[0], s.dcgc[0] = 1, 1, 1
}

const sysctlTag, sysctlVersion = "SSCT", 1

// fields lists the registers in snapshot order.
func (s *StellarisSysCtl) fields() []*uint32 {
	f := []*uint32{&s.rcc, &s.rcc2, &s.pborctl, &s.ldopctl, &s.intStatus, &s.intMask, &s.resc, &s.clkvclr, &s.ldoarst}
	for i := range 3 {
		f = append(f, &s.rcgc[i], &s.scgc[i], &s.dcgc[i])
	}
	return f
}

// SaveState implements Device.
func (s *StellarisSysCtl) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(sysctlTag, sysctlVersion)
	for _, p := range s.fields() {
		w.u32(*p)
	}
	return w.b
}

// RestoreState implements Device.
func (s *StellarisSysCtl) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(sysctlTag, sysctlVersion)
	n := StellarisSysCtl{board: s.board, onClock: s.onClock}
	for _, p := range n.fields() {
		*p = r.u32()
	}
	if n.pborctl > 0xffff || n.ldopctl > 0x1f || n.intMask > 0x7f || n.resc > 0x3f {
		r.fail("stellaris sysctl registers out of range")
	}
	if err := r.finish(); err != nil {
		return err
	}
	*s = n
	return nil
}
