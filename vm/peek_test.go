package vm

import "testing"

// TestPeekIO reads device registers at their own width without side
// effects: a PLIC priority (word-only, so byte-wise ReadMemory sees 0),
// the UART receive register twice (the byte stays queued), RAM, and the
// errors for holes, refused widths and bad sizes.
func TestPeekIO(t *testing.T) {
	m := newTestMachine(t, Config{}, []uint32{0xdeadbeef})
	m.plic.Write(10*4, 4, 5) // what a guest store to priority[10] does
	m.UARTInput([]byte("ab"))

	tests := []struct {
		name string
		addr uint32
		size int
		want uint64
		err  bool
	}{
		{"plic priority 10", 0x0c000000 + 40, 4, 5, false},
		{"uart rbr", 0x10000000, 1, 'a', false},
		{"uart rbr again", 0x10000000, 1, 'a', false},
		{"uart lsr data ready", 0x10000005, 1, 0x61, false},
		{"ram word", ramBase, 4, 0xdeadbeef, false},
		{"ram half", ramBase + 2, 2, 0xdead, false},
		{"hole", 0x40000000, 4, 0, true},
		{"test finisher refuses bytes", 0x00100000, 1, 0, true},
		{"bad size", ramBase, 3, 0, true},
	}
	for _, tt := range tests {
		got, err := m.PeekIO(tt.addr, tt.size)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("%s: PeekIO(%#x, %d) = %#x, %v; want %#x, error %v", tt.name, tt.addr, tt.size, got, err, tt.want, tt.err)
		}
	}
}

// TestReadMemoryWordDevice: the debugger's byte-wise ReadMemory sees a
// word-only device register (PLIC priority, CLINT mtimecmp) as PeekIO does,
// and still reads the UART's byte registers one by one without popping.
func TestReadMemoryWordDevice(t *testing.T) {
	m := newTestMachine(t, Config{}, []uint32{0xdeadbeef})
	m.plic.Write(10*4, 4, 0x05)
	m.clint.Write(0x4000, 4, 0x12345678) // mtimecmp of hart 0, low word
	m.UARTInput([]byte("ab"))
	buf := make([]byte, 4)
	if err := m.ReadMemory(0x0c000000+40, buf); err != nil || buf[0] != 5 || buf[1]|buf[2]|buf[3] != 0 {
		t.Fatalf("PLIC priority[10] through ReadMemory: % x, %v; want 05 00 00 00", buf, err)
	}
	if err := m.ReadMemory(0x02004000, buf); err != nil || buf[0] != 0x78 || buf[1] != 0x56 || buf[2] != 0x34 || buf[3] != 0x12 {
		t.Fatalf("CLINT mtimecmp through ReadMemory: % x, %v; want 78 56 34 12", buf, err)
	}
	if err := m.ReadMemory(0x02004001, buf[:2]); err != nil || buf[0] != 0x56 || buf[1] != 0x34 {
		t.Fatalf("unaligned bytes of mtimecmp: % x, %v; want 56 34", buf[:2], err)
	}
	for i := 0; i < 2; i++ {
		if err := m.ReadMemory(0x10000000, buf[:1]); err != nil || buf[0] != 'a' {
			t.Fatalf("UART RBR read %d: %q, %v", i+1, buf[0], err)
		}
	}
}
