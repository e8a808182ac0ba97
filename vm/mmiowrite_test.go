package vm

import "testing"

// TestWriteMemoryDevice writes device registers through the debugger's
// WriteMemory: each write is the register's own write, side effects
// included (the UART transmits, a past mtimecmp raises the timer
// interrupt), and the errors name what was refused.
func TestWriteMemoryDevice(t *testing.T) {
	m := newTestMachine(t, Config{}, []uint32{0})
	var sent []byte
	m.SetUARTOutput(func(b byte) { sent = append(sent, b) })

	if err := m.WriteMemory(0x0c000000+40, []byte{3, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if v, err := m.PeekIO(0x0c000000+40, 4); err != nil || v != 3 {
		t.Errorf("PLIC priority[10] after the write: %#x, %v; want 3", v, err)
	}
	if err := m.WriteMemory(0x10000000, []byte{'Z'}); err != nil || string(sent) != "Z" {
		t.Errorf("UART THR write sent %q, %v; want \"Z\"", sent, err)
	}
	mip := func() uint32 { v, _ := m.Hart(0).ReadCSR(0x344); return v }
	if err := m.WriteMemory(0x02004000, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}); err != nil || mip()&mipMTIP != 0 {
		t.Fatalf("timer interrupt pending with mtimecmp at its maximum (%v)", err)
	}
	if err := m.WriteMemory(0x02004000, make([]byte, 8)); err != nil {
		t.Fatal(err)
	}
	if mip()&mipMTIP == 0 {
		t.Error("mtimecmp = 0 written by the debugger did not raise the timer interrupt")
	}
	for _, tt := range []struct {
		name string
		addr uint32
		n    int
	}{
		{"three bytes", 0x0c000000, 3},
		{"finisher refuses a byte", 0x00100000, 1},
		{"hole", 0x40000000, 4},
	} {
		if err := m.WriteMemory(tt.addr, make([]byte, tt.n)); err == nil {
			t.Errorf("%s: writing %d bytes at %#x gave no error", tt.name, tt.n, tt.addr)
		}
	}
}
