package device

// CMSDK APB timer registers and bits.
const (
	ctCtrl    = 0x00
	ctValue   = 0x04
	ctReload  = 0x08
	ctIntStat = 0x0c // read: INTSTATUS; write: INTCLEAR

	ctEnable = 1 << 0
	ctIntEn  = 1 << 3
	ctMask   = 0x0f
)

// cmsdkTimerID is the timer's peripheral and component ID bytes.
var cmsdkTimerID = [12]uint8{0x04, 0, 0, 0, 0x22, 0xb8, 0x1b, 0, 0x0d, 0xf0, 0x05, 0xb1}

// CMSDKTimer is the Arm CMSDK APB timer: a 32-bit down-counter at the
// peripheral clock. Writing RELOAD also loads VALUE. The counter runs while
// CTRL.ENABLE is set; each time it counts down to 0 it sets INTSTATUS
// (cleared by writing 1 to INTCLEAR), and the interrupt line is INTSTATUS
// and CTRL.INTEN. The external input bits of CTRL are stored and ignored
// (nothing drives them on the MPS2 boards, as in QEMU).
type CMSDKTimer struct {
	irq IRQLine
	clk Ticker
	hz  uint64

	ctrl   uint8
	reload uint32
	fired  bool // INTSTATUS
	cnt    countdown
}

// NewCMSDKTimer returns a timer counting at hz ticks of clk.
func NewCMSDKTimer(irq IRQLine, clk Ticker, hz uint64) *CMSDKTimer {
	return &CMSDKTimer{irq: irq, clk: clk, hz: hz}
}

// Name implements Device.
func (t *CMSDKTimer) Name() string { return "cmsdk-timer" }

// Size implements Device.
func (t *CMSDKTimer) Size() uint32 { return cmsdkSize }

func (t *CMSDKTimer) now() uint64 { return t.clk.Ticks(t.hz) }

// Sync implements Timed: it drives the interrupt line for the current
// time. The stored state changes only with the guest's writes (which
// apply the zero crossings first), so its bytes never depend on when the
// machine synchronised.
func (t *CMSDKTimer) Sync() {
	s := t.synced()
	s.update()
}

// synced returns a copy with the zero crossings up to now applied.
func (t *CMSDKTimer) synced() *CMSDKTimer {
	s := *t
	if s.cnt.sync(s.now(), s.reload, false) {
		s.fired = true
	}
	return &s
}

// NextEvent implements Timed.
func (t *CMSDKTimer) NextEvent() (hz, tick uint64, ok bool) {
	s := t.synced()
	at, ok := s.cnt.next(s.reload, false)
	return t.hz, at, ok
}

func (t *CMSDKTimer) update() {
	if t.irq != nil {
		t.irq.SetLevel(t.fired && t.ctrl&ctIntEn != 0)
	}
}

// Read implements Device.
func (t *CMSDKTimer) Read(off uint32, size int) uint64 { return t.Peek(off, size) }

// Peek implements Device.
func (t *CMSDKTimer) Peek(off uint32, size int) uint64 {
	s := t.synced()
	var v uint32
	switch off {
	case ctCtrl:
		v = uint32(s.ctrl)
	case ctValue:
		v = s.cnt.value(s.now(), s.reload)
	case ctReload:
		v = s.reload
	case ctIntStat:
		v = uint32(b2u8(s.fired))
	default:
		v = cmsdkID(cmsdkTimerID, off)
	}
	return uint64(v) & sizeMask(size)
}

// Write implements Device.
func (t *CMSDKTimer) Write(off uint32, size int, val uint64) {
	*t = *t.synced()
	v := uint32(val & sizeMask(size))
	now := t.now()
	switch off {
	case ctCtrl:
		cur := t.cnt.value(now, t.reload)
		t.ctrl = uint8(v) & ctMask
		if run := t.ctrl&ctEnable != 0; run != t.cnt.run {
			t.cnt.set(now, cur, run)
		}
	case ctValue:
		t.cnt.set(now, v, t.ctrl&ctEnable != 0)
	case ctReload:
		t.reload = v
		t.cnt.set(now, v, t.ctrl&ctEnable != 0)
	case ctIntStat:
		if v&1 != 0 {
			t.fired = false
		}
	}
	t.update()
}

// Reset implements Device.
func (t *CMSDKTimer) Reset() {
	t.ctrl, t.reload, t.fired, t.cnt = 0, 0, false, countdown{}
	t.update()
}

const cmsdkTimerTag, cmsdkTimerVersion = "CTIM", 1

// SaveState implements Device.
func (t *CMSDKTimer) SaveState(dst []byte) []byte {
	s := t
	w := stateWriter{b: dst}
	w.header(cmsdkTimerTag, cmsdkTimerVersion)
	w.u8(s.ctrl)
	w.u32(s.reload)
	w.bool(s.fired)
	s.cnt.save(&w)
	return w.b
}

// RestoreState implements Device and drives the interrupt line.
func (t *CMSDKTimer) RestoreState(state []byte) error {
	r := stateReader{b: state}
	r.header(cmsdkTimerTag, cmsdkTimerVersion)
	ctrl, reload, fired := r.u8(), r.u32(), r.bool()
	var c countdown
	c.restore(&r)
	if ctrl&^ctMask != 0 {
		r.fail("cmsdk timer CTRL %#x", ctrl)
	}
	if c.run != (ctrl&ctEnable != 0) && !(c == countdown{}) {
		r.fail("cmsdk timer counter state disagrees with CTRL")
	}
	if err := r.finish(); err != nil {
		return err
	}
	t.ctrl, t.reload, t.fired, t.cnt = ctrl, reload, fired, c
	t.update()
	return nil
}

// b2u8 converts a bool to 0 or 1.
func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
