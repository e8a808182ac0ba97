package vm

// scsRead reads the System Control Space register at off (a load of size
// bytes; narrower loads read a lane of the word).
func (m *Machine) scsRead(h *Hart, off, size uint32) uint32 {
	a := &h.arm
	switch {
	case off >= 0x400 && off < 0x400+armMaxIRQ: // IPR, byte lanes
		var v uint32
		for k := uint32(0); k < size; k++ {
			if i := off - 0x400 + k; i < uint32(m.armCfg.numIRQ) {
				v |= uint32(a.irqPrio[i]) << (8 * k)
			}
		}
		return v
	case off >= 0xd18 && off < 0xd24: // SHPR1-3, byte lanes
		var v uint32
		for k := uint32(0); k < size && off-0xd18+k < 12; k++ {
			v |= uint32(a.shpr[off-0xd18+k]) << (8 * k)
		}
		return v
	}
	w := m.scsReadWord(h, off&^3)
	return w >> (8 * (off & 3)) & sizeMask(size)
}

func sizeMask(size uint32) uint32 {
	if size >= 4 {
		return ^uint32(0)
	}
	return 1<<(8*size) - 1
}

// scsReadWord reads one word register of the SCS.
func (m *Machine) scsReadWord(h *Hart, off uint32) uint32 {
	a := &h.arm
	cfg := &m.armCfg
	switch {
	case off == 0x004: // ICTR
		return uint32(cfg.numIRQ+31)/32 - 1
	case off >= 0x010 && off < 0x020:
		return m.sysTickRead(a, off, true)
	case off >= 0x100 && off < 0x100+4*armIRQWords:
		return a.irqEnable[(off-0x100)/4] & m.irqMask((off-0x100)/4)
	case off >= 0x180 && off < 0x180+4*armIRQWords:
		return a.irqEnable[(off-0x180)/4] & m.irqMask((off-0x180)/4)
	case off >= 0x200 && off < 0x200+4*armIRQWords:
		return a.irqPending[(off-0x200)/4] & m.irqMask((off-0x200)/4)
	case off >= 0x280 && off < 0x280+4*armIRQWords:
		return a.irqPending[(off-0x280)/4] & m.irqMask((off-0x280)/4)
	case off >= 0x300 && off < 0x300+4*armIRQWords:
		return a.irqActive[(off-0x300)/4] & m.irqMask((off-0x300)/4)
	}
	switch off {
	case 0xd00:
		return cfg.cpuid
	case 0xd04:
		return m.icsrRead(a)
	case 0xd08:
		return a.vtor
	case 0xd0c:
		return 0xfa050000 | a.prigroup<<8
	case 0xd10:
		return a.scr
	case 0xd14:
		return a.ccr
	case 0xd24:
		return m.shcsrRead(a)
	case 0xd28:
		return a.cfsr
	case 0xd2c:
		return a.hfsr
	case 0xd34:
		return a.mmfar
	case 0xd38:
		return a.bfar
	case 0xd88:
		return a.cpacr
	}
	if m.armCfg.fpu {
		switch off {
		case 0xf34:
			return a.fpccr
		case 0xf38:
			return a.fpcar
		case 0xf3c:
			return a.fpdscr
		case 0xf40, 0xf44, 0xf48: // MVFR0-2
			return m.armCfg.mvfr[(off-0xf40)/4]
		}
	}
	return 0
}

// irqMask is the implemented-interrupt mask of NVIC word w.
func (m *Machine) irqMask(w uint32) uint32 {
	n := m.armCfg.numIRQ - 32*int(w)
	switch {
	case n >= 32:
		return ^uint32(0)
	case n <= 0:
		return 0
	}
	return 1<<n - 1
}

func (m *Machine) icsrRead(a *armState) uint32 {
	v := uint32(a.ipsr)
	best, _ := a.bestPending()
	v |= uint32(best) << 12
	if a.irqPending[0]|a.irqPending[1] != 0 {
		v |= 1 << 22
	}
	if a.activeCount() <= 1 {
		v |= 1 << 11 // RETTOBASE
	}
	if a.sysPending&(1<<excSysTick) != 0 {
		v |= 1 << 26
	}
	if a.sysPending&(1<<excPendSV) != 0 {
		v |= 1 << 28
	}
	if a.sysPending&(1<<excNMI) != 0 {
		v |= 1 << 31
	}
	return v
}

// activeCount counts the active exceptions.
func (a *armState) activeCount() int {
	n := 0
	for v := uint32(a.sysActive); v != 0; v &= v - 1 {
		n++
	}
	for _, w := range a.irqActive {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

// shcsrBits maps SHCSR active and pending bits to exception numbers.
var shcsrBits = [...]struct {
	bit     uint32
	exc     int
	pending bool
}{
	{0, excMemManage, false}, {1, excBusFault, false}, {3, excUsageFault, false},
	{7, excSVCall, false}, {8, excDebugMon, false}, {10, excPendSV, false}, {11, excSysTick, false},
	{12, excUsageFault, true}, {13, excMemManage, true}, {14, excBusFault, true}, {15, excSVCall, true},
}

func (m *Machine) shcsrRead(a *armState) uint32 {
	v := a.shcsr & (7 << 16)
	for _, b := range shcsrBits {
		set := a.sysActive&(1<<b.exc) != 0
		if b.pending {
			set = a.sysPending&(1<<b.exc) != 0
		}
		if set {
			v |= 1 << b.bit
		}
	}
	return v
}

// scsWrite writes the SCS register at off.
func (m *Machine) scsWrite(h *Hart, off, size, v uint32) {
	a := &h.arm
	switch {
	case off >= 0x400 && off < 0x400+armMaxIRQ:
		for k := uint32(0); k < size; k++ {
			if i := off - 0x400 + k; i < uint32(m.armCfg.numIRQ) {
				a.irqPrio[i] = uint8(v>>(8*k)) & m.prioMask()
			}
		}
		return
	case off >= 0xd18 && off < 0xd24:
		for k := uint32(0); k < size && off-0xd18+k < 12; k++ {
			if i := off - 0xd18 + k; shprImplemented(i) && !(m.armCfg.v6m && i < 3) {
				a.shpr[i] = uint8(v>>(8*k)) & m.prioMask()
			}
		}
		return
	case off >= 0xd28 && off < 0xd2c: // CFSR lanes: write one to clear
		a.cfsr &^= (v & sizeMask(size)) << (8 * (off & 3))
		return
	}
	if size != 4 {
		v <<= 8 * (off & 3)
	}
	m.scsWriteWord(h, off&^3, v)
}

// prioMask keeps the implemented priority bits: all 8 on ARMv7-M (as
// QEMU 7.2 does), the top 2 on ARMv6-M.
func (m *Machine) prioMask() uint8 {
	if m.armCfg.v6m {
		return 0xc0
	}
	return 0xff
}

// shprImplemented reports whether SHPR byte i (exception 4+i) exists.
func shprImplemented(i uint32) bool {
	switch i + 4 {
	case excMemManage, excBusFault, excUsageFault, excSVCall, excDebugMon, excPendSV, excSysTick:
		return true
	}
	return false
}

func (m *Machine) scsWriteWord(h *Hart, off, v uint32) {
	a := &h.arm
	switch {
	case off >= 0x010 && off < 0x020:
		m.sysTickWrite(a, off, v)
		return
	case off >= 0x100 && off < 0x100+4*armIRQWords:
		a.irqEnable[(off-0x100)/4] |= v & m.irqMask((off-0x100)/4)
		return
	case off >= 0x180 && off < 0x180+4*armIRQWords:
		a.irqEnable[(off-0x180)/4] &^= v
		return
	case off >= 0x200 && off < 0x200+4*armIRQWords:
		a.irqPending[(off-0x200)/4] |= v & m.irqMask((off-0x200)/4)
		return
	case off >= 0x280 && off < 0x280+4*armIRQWords:
		a.irqPending[(off-0x280)/4] &^= v
		return
	}
	switch off {
	case 0xd04:
		m.icsrWrite(a, v)
	case 0xd08:
		a.vtor = v &^ 0x7f
	case 0xd0c:
		if v>>16 != 0x05fa {
			return
		}
		a.prigroup = v >> 8 & 7
		if v&4 != 0 {
			m.armResetReq = true
		}
	case 0xd10:
		a.scr = v & 0x16
	case 0xd14:
		if !m.armCfg.v6m {
			a.ccr = v & (1 | 2 | 8 | 16 | 256 | 512)
		}
	case 0xd24:
		a.shcsr = v & (7 << 16)
		for _, b := range shcsrBits {
			on := v&(1<<b.bit) != 0
			if b.pending {
				a.setPending(b.exc, on)
			} else {
				a.setActive(b.exc, on)
			}
		}
	case 0xd2c:
		a.hfsr &^= v
	case 0xd34:
		a.mmfar = v
	case 0xd38:
		a.bfar = v
	case 0xd88:
		if m.armCfg.fpu {
			a.cpacr = v & (0xf << 20)
		}
	case 0xf34:
		if m.armCfg.fpu {
			a.fpccr = a.fpccr&^(fpccrASPEN|fpccrLSPEN|0x17b) | v&(fpccrASPEN|fpccrLSPEN|0x17b)
		}
	case 0xf38:
		if m.armCfg.fpu {
			a.fpcar = v &^ 7
		}
	case 0xf3c:
		if m.armCfg.fpu {
			a.fpdscr = v & 0x07c00000
		}
	case 0xf00: // STIR
		if i := int(v & 0x1ff); i < m.armCfg.numIRQ {
			a.setPending(excIRQ0+i, true)
		}
	}
}

func (m *Machine) icsrWrite(a *armState, v uint32) {
	if v&(1<<31) != 0 {
		a.setPending(excNMI, true)
	}
	switch {
	case v&(1<<28) != 0:
		a.setPending(excPendSV, true)
	case v&(1<<27) != 0:
		a.setPending(excPendSV, false)
	}
	switch {
	case v&(1<<26) != 0:
		a.setPending(excSysTick, true)
	case v&(1<<25) != 0:
		a.setPending(excSysTick, false)
	}
}

// armReadSpecial is MRS.
func (m *Machine) armReadSpecial(a *armState, sysm uint32) uint32 {
	switch {
	case sysm <= 7: // xPSR views
		var v uint32
		if sysm&1 != 0 {
			v |= uint32(a.ipsr)
		}
		if sysm&4 == 0 {
			v |= a.xpsr() & 0xf8000000
			if m.armCfg.dsp {
				v |= uint32(a.ge) << 16
			}
		}
		return v
	case sysm == 8:
		return a.msp()
	case sysm == 9:
		return a.psp()
	}
	if !a.privileged() {
		if sysm == 20 {
			return uint32(a.control)
		}
		return 0
	}
	switch sysm {
	case 16:
		return b2u(a.primask)
	case 17, 18:
		return uint32(a.basepri)
	case 19:
		return b2u(a.faultmask)
	case 20:
		return uint32(a.control)
	}
	return 0
}

// armWriteSpecial is MSR; unprivileged code may only write the APSR.
func (m *Machine) armWriteSpecial(a *armState, imm, v uint32) {
	sysm := imm & 0xff
	if sysm <= 7 {
		if sysm&4 == 0 {
			ge := a.ge
			if imm>>8&2 != 0 {
				a.setAPSR(v)
				a.ge = ge
			}
			if imm>>8&1 != 0 && m.armCfg.dsp {
				a.ge = uint8(v >> 16 & 15)
			}
		}
		return
	}
	if !a.privileged() {
		return
	}
	if m.armCfg.v6m {
		switch sysm {
		case 17, 18, 19:
			return // no BASEPRI or FAULTMASK
		case 20:
			v &= 2 // SPSEL only
		}
	}
	switch sysm {
	case 8:
		a.setMSP(v &^ 3)
	case 9:
		a.setPSP(v &^ 3)
	case 16:
		a.primask = v&1 != 0
	case 17:
		a.basepri = uint8(v)
	case 18:
		if b := uint8(v); b != 0 && (a.basepri == 0 || b < a.basepri) {
			a.basepri = b
		}
	case 19:
		if a.ipsr != excNMI {
			a.faultmask = v&1 != 0 && a.execPriority(true) > -1
		}
	case 20:
		ctl := a.control&^3 | uint8(v&1)
		if m.armCfg.fpu {
			ctl = ctl&^controlFPCA | uint8(v&controlFPCA)
		}
		if a.ipsr == 0 {
			ctl |= uint8(v & 2)
		} else {
			ctl |= a.control & 2
		}
		a.switchStack(a.ipsr, ctl)
	}
}
