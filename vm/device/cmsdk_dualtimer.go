package device

// CMSDK APB dual timer: two SP804-style counters, at 0x00 and 0x20.
const (
	dtLoad    = 0x00
	dtValue   = 0x04
	dtControl = 0x08
	dtIntClr  = 0x0c
	dtRIS     = 0x10
	dtMIS     = 0x14
	dtBGLoad  = 0x18
	dtStride  = 0x20
	dtITCR    = 0xf00

	dtOneShot  = 1 << 0
	dtSize32   = 1 << 1
	dtPrescale = 3 << 2
	dtIntEn    = 1 << 5
	dtPeriodic = 1 << 6
	dtEnable   = 1 << 7
	dtCtrlMask = 0xef
	dtCtrlInit = dtIntEn
)

// cmsdkDualTimerID is the dual timer's peripheral and component ID bytes.
var cmsdkDualTimerID = [12]uint8{0x04, 0, 0, 0, 0x23, 0xb8, 0x1b, 0, 0x0d, 0xf0, 0x05, 0xb1}

// dualHalf is one counter of the dual timer.
type dualHalf struct {
	control uint8
	load    uint32 // LOAD / BGLOAD
	ris     bool
	cnt     countdown
}

func (h *dualHalf) mask() uint32 {
	if h.control&dtSize32 != 0 {
		return 0xffffffff
	}
	return 0xffff
}

// div is the prescaler's divisor (3, undefined, acts as 256 as in QEMU).
func (h *dualHalf) div() uint64 {
	switch h.control & dtPrescale >> 2 {
	case 0:
		return 1
	case 1:
		return 16
	}
	return 256
}

// limit is the value the counter reloads: LOAD when periodic, the full
// range when free-running.
func (h *dualHalf) limit() uint32 {
	if h.control&dtPeriodic != 0 {
		return h.load & h.mask()
	}
	return h.mask()
}

// CMSDKDualTimer is the Arm CMSDK APB dual timer (QEMU 7.2's
// cmsdk-apb-dualtimer): each half counts down at the peripheral clock
// divided by its prescaler, 16 or 32 bits wide, free-running (wrapping
// through the full range), periodic (reloading LOAD) or one-shot.
// Writing LOAD loads the counter at once; BGLOAD takes effect at the next
// reload. Reaching 0 sets RIS; MIS is RIS and INTEN; the combined
// interrupt line is either half's MIS. Reset leaves CONTROL 0x20, VALUE
// 0xffffffff. Integration test registers read 0.
type CMSDKDualTimer struct {
	irq  IRQLine
	clk  Ticker
	hz   uint64
	half [2]dualHalf
}

// NewCMSDKDualTimer returns a dual timer clocked at hz ticks of clk,
// driving the combined interrupt irq.
func NewCMSDKDualTimer(irq IRQLine, clk Ticker, hz uint64) *CMSDKDualTimer {
	d := &CMSDKDualTimer{irq: irq, clk: clk, hz: hz}
	d.Reset()
	return d
}

// Name implements Device.
func (d *CMSDKDualTimer) Name() string { return "cmsdk-dualtimer" }

// Size implements Device.
func (d *CMSDKDualTimer) Size() uint32 { return cmsdkSize }

// now returns half h's current prescaled tick.
func (d *CMSDKDualTimer) now(h *dualHalf) uint64 { return d.clk.Ticks(d.hz) / h.div() }

// synced returns the halves with the crossings up to now applied.
func (d *CMSDKDualTimer) synced() [2]dualHalf {
	hs := d.half
	for i := range hs {
		h := &hs[i]
		if h.cnt.sync(d.now(h), h.limit(), h.control&dtOneShot != 0) {
			h.ris = true
		}
	}
	return hs
}

// Sync implements Timed: it drives the interrupt line for the current
// time; the stored state changes only with the guest's writes.
func (d *CMSDKDualTimer) Sync() {
	s := *d
	s.half = d.synced()
	s.update()
}

// NextEvent implements Timed: the earlier half's next zero crossing.
func (d *CMSDKDualTimer) NextEvent() (hz, tick uint64, ok bool) {
	hs := d.synced()
	for i := range hs {
		h := &hs[i]
		if at, found := h.cnt.next(h.limit(), h.control&dtOneShot != 0); found && (!ok || at*h.div() < tick) {
			tick, ok = at*h.div(), true
		}
	}
	return d.hz, tick, ok
}

func (d *CMSDKDualTimer) update() {
	if d.irq == nil {
		return
	}
	on := false
	for _, h := range d.half {
		on = on || (h.ris && h.control&dtIntEn != 0)
	}
	d.irq.SetLevel(on)
}

// Read implements Device.
func (d *CMSDKDualTimer) Read(off uint32, size int) uint64 { return d.Peek(off, size) }

// Peek implements Device.
func (d *CMSDKDualTimer) Peek(off uint32, size int) uint64 {
	hs := d.synced()
	var v uint32
	if off < 2*dtStride {
		h := &hs[off/dtStride]
		switch off % dtStride {
		case dtLoad, dtBGLoad:
			v = h.load
		case dtValue:
			v = h.cnt.value(d.now(h), h.limit())
		case dtControl:
			v = uint32(h.control)
		case dtRIS:
			v = uint32(b2u8(h.ris))
		case dtMIS:
			v = uint32(b2u8(h.ris && h.control&dtIntEn != 0))
		}
	} else {
		v = cmsdkID(cmsdkDualTimerID, off)
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device.
func (d *CMSDKDualTimer) Write(off uint32, size int, val uint64) {
	d.half = d.synced()
	if off >= 2*dtStride {
		return
	}
	v := uint32(val & sizeMask(size))
	h := &d.half[off/dtStride]
	switch off % dtStride {
	case dtLoad: // loads the whole value, even in 16-bit mode (as QEMU shows)
		h.load = v
		h.cnt.set(d.now(h), v, h.control&dtEnable != 0)
	case dtBGLoad:
		h.load = v
	case dtControl:
		d.writeControl(h, uint8(v)&dtCtrlMask)
	case dtIntClr:
		h.ris = false
	}
	d.update()
}

// writeControl changes a half's mode, width, prescaler and enable,
// keeping the current count (truncated to 16 bits when narrowing).
func (d *CMSDKDualTimer) writeControl(h *dualHalf, c uint8) {
	cur := h.cnt.value(d.now(h), h.limit())
	h.control = c
	h.cnt.set(d.now(h), cur&h.mask(), c&dtEnable != 0)
}

// Reset implements Device.
func (d *CMSDKDualTimer) Reset() {
	for i := range d.half {
		d.half[i] = dualHalf{control: dtCtrlInit, cnt: countdown{val: 0xffffffff}}
	}
	d.update()
}

const dualTimerTag, dualTimerVersion = "CDTI", 1

// SaveState implements Device.
func (d *CMSDKDualTimer) SaveState(dst []byte) []byte {
	w := stateWriter{b: dst}
	w.header(dualTimerTag, dualTimerVersion)
	for _, h := range d.half {
		w.u8(h.control)
		w.u32(h.load)
		w.bool(h.ris)
		h.cnt.save(&w)
	}
	return w.b
}

// RestoreState implements Device and drives the interrupt line.
func (d *CMSDKDualTimer) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(dualTimerTag, dualTimerVersion)
	var hs [2]dualHalf
	for i := range hs {
		h := &hs[i]
		h.control, h.load, h.ris = r.u8(), r.u32(), r.bool()
		h.cnt.restore(&r)
		if h.control&^dtCtrlMask != 0 {
			r.fail("dual timer CONTROL %#x", h.control)
		}
	}
	if err := r.finish(); err != nil {
		return err
	}
	d.half = hs
	d.update()
	return nil
}
