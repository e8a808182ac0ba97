package vm

import "testing"

// TestMPS2Devices builds the mps2 peripherals (around a PSRAM-sized RAM at
// 0x21000000): devices win over the background regions they sit in, the
// gaps read 0, and addresses outside every region stay unmapped.
func TestMPS2Devices(t *testing.T) {
	b := Board{Name: "mps2-peripherals", RAMBase: 0x21000000, RAMSize: 16 << 20, Devices: MPS2Devices()}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		addr uint32
		want uint32
	}{
		{0x40004fe0, 0x21}, // UART0 PID0
		{0x40009fe0, 0x21}, // UART4
		{0x40000fe0, 0x22}, // timer 0
		{0x40002fe0, 0x23}, // dual timer
		{0x40002008, 0x20}, // dual timer CONTROL at reset
		{0x40008000, 0},    // watchdog: not modelled
		{0x4002f000, 0},    // SCC: not modelled
		{0x40100000, 0},    // RESERVED 4
	} {
		if got := readWord(t, m, c.addr); got != c.want {
			t.Errorf("%#x reads %#x, want %#x", c.addr, got, c.want)
		}
	}
	var buf [4]byte
	if err := m.ReadMemory(0x50000000, buf[:]); err == nil {
		t.Error("0x50000000 is mapped")
	}
}
