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
