package vm

import (
	"encoding/binary"
	"testing"

	"github.com/rewind-debugger/rewind/vm/device"
)

// fakeTimer raises its interrupt line at a fixed virtual nanosecond, like
// a CMSDK timer would, through the device.Timed interface.
type fakeTimer struct {
	at    uint64
	fired bool
	irq   device.IRQLine
	clk   device.Ticker
}

func (f *fakeTimer) Name() string                { return "fake-timer" }
func (f *fakeTimer) Size() uint32                { return 0x1000 }
func (f *fakeTimer) Read(uint32, int) uint64     { return 0 }
func (f *fakeTimer) Peek(uint32, int) uint64     { return 0 }
func (f *fakeTimer) Write(uint32, int, uint64)   {}
func (f *fakeTimer) Reset()                      {}
func (f *fakeTimer) SaveState(dst []byte) []byte { return append(dst, b2u8(f.fired)) }
func (f *fakeTimer) RestoreState(state []byte) error {
	f.fired = len(state) > 0 && state[0] != 0
	return nil
}
func (f *fakeTimer) NextEvent() (hz, tick uint64, ok bool) { return 1e9, f.at, !f.fired }
func (f *fakeTimer) Sync() {
	if !f.fired && f.clk.Ticks(1e9) >= f.at {
		f.fired = true
		f.irq.SetLevel(true)
	}
}

// addFakeTimer places a fake timer on IRQ 3 (whose vector points at the
// HardFault loop at 0x200) and enables the interrupt.
func addFakeTimer(t *testing.T, m *Machine) *fakeTimer {
	t.Helper()
	ft := &fakeTimer{at: 1000, irq: m.irqLine(3), clk: machineTicker{m}}
	m.devs = append(m.devs, mapped{base: 0x40100000, size: 0x1000, dev: m.addTimed(ft)})
	var v [4]byte
	binary.LittleEndian.PutUint32(v[:], 0x201)
	if err := m.WriteMemory(4*(16+3), v[:]); err != nil {
		t.Fatal(err)
	}
	m.harts[0].arm.irqEnable[0] = 1 << 3
	return ft
}

// TestARMTimedDevice checks that a timed device's interrupt is taken at its
// event time, also from WFI (time skips to the event).
func TestARMTimedDevice(t *testing.T) {
	for _, wfi := range []bool{false, true} {
		code := []uint16{0xe7fe} // b .
		if wfi {
			code = []uint16{0xbf30, 0xe7fe} // wfi; b .
		}
		m := armTestMachine(t, "cortex-m3", code)
		ft := addFakeTimer(t, m)
		m.Run(5000)
		a := &m.harts[0].arm
		if a.ipsr != 16+3 || !ft.fired {
			t.Fatalf("wfi %v: ipsr %d fired %v, want IRQ 3 taken", wfi, a.ipsr, ft.fired)
		}
		m2 := armTestMachine(t, "cortex-m3", code)
		addFakeTimer(t, m2)
		m2.Run(1000)
		if m2.harts[0].arm.ipsr != 0 {
			t.Errorf("wfi %v: interrupt taken before the event time", wfi)
		}
		m2.Run(1001) // taken at the boundary at 1000, then one handler step
		if m2.harts[0].arm.ipsr != 16+3 {
			t.Errorf("wfi %v: interrupt not taken at the event time (time %d)", wfi, m2.Time())
		}
	}
}
