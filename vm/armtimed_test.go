package vm

import (
	"encoding/binary"
	"testing"

	"github.com/rewind-debugger/rewind/vm/device"
)

// fakeTimer raises its interrupt line at a fixed virtual time, like a
// CMSDK timer would, through the timedDevice interface.
type fakeTimer struct {
	at    uint64
	fired bool
	irq   device.IRQLine
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
func (f *fakeTimer) NextEvent() (uint64, bool) { return f.at, !f.fired }
func (f *fakeTimer) Advance(now uint64) {
	if !f.fired && now >= f.at {
		f.fired = true
		f.irq.SetLevel(true)
	}
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
		ft := &fakeTimer{at: 1000, irq: nvicLine{m, 3}}
		m.devs = append(m.devs, mapped{base: 0x40100000, size: 0x1000, dev: ft})
		// IRQ 3's vector points at the HardFault loop (0x200); enable it.
		var v [4]byte
		binary.LittleEndian.PutUint32(v[:], 0x201)
		if err := m.WriteMemory(4*(16+3), v[:]); err != nil {
			t.Fatal(err)
		}
		m.harts[0].arm.irqEnable[0] = 1 << 3
		m.Run(5000)
		a := &m.harts[0].arm
		if a.ipsr != 16+3 || !ft.fired {
			t.Fatalf("wfi %v: ipsr %d fired %v, want IRQ 3 taken", wfi, a.ipsr, ft.fired)
		}
		m2 := armTestMachine(t, "cortex-m3", code)
		ft2 := &fakeTimer{at: 1000, irq: nvicLine{m2, 3}}
		m2.devs = append(m2.devs, mapped{base: 0x40100000, size: 0x1000, dev: ft2})
		if err := m2.WriteMemory(4*(16+3), v[:]); err != nil {
			t.Fatal(err)
		}
		m2.harts[0].arm.irqEnable[0] = 1 << 3
		m2.Run(1000)
		if wfi {
			continue // the sleep skips time: the step count is not the event time
		}
		if m2.harts[0].arm.ipsr != 0 {
			t.Errorf("interrupt taken before the event time")
		}
		m2.Run(1001) // taken at the boundary at 1000, then one handler step
		if m2.harts[0].arm.ipsr != 16+3 {
			t.Errorf("interrupt not taken at the event time (time %d)", m2.Time())
		}
	}
}
