package device

import "testing"

func TestCLINTRegisters(t *testing.T) {
	clk := &testClock{t: 0x0000000A_00000005}
	c := NewCLINT(2, clk)
	want := func(name string, hart int, msip bool, cmp uint64) step {
		return do(name, func(t *testing.T) {
			if c.MSIP(hart) != msip || c.MTimeCmp(hart) != cmp {
				t.Errorf("%s: hart %d MSIP %v MTimeCmp %#x, want %v %#x", name, hart,
					c.MSIP(hart), c.MTimeCmp(hart), msip, cmp)
			}
		})
	}
	runScript(t, c, []step{
		want("reset", 0, false, 0),
		want("reset hart 1", 1, false, 0),
		wr(0x0, 4, 0xFFFFFFFF),
		rd("msip keeps bit 0", 0x0, 4, 1),
		want("msip set", 0, true, 0),
		want("other hart untouched", 1, false, 0),
		wr(0x4, 4, 3),
		rd("hart 1 msip", 0x4, 4, 1),
		wr(0x0, 4, 2),
		rd("msip cleared by bit 0", 0x0, 4, 0),
		wr(0x0, 1, 1),
		rd("byte store ignored", 0x0, 4, 0),
		rd("absent hart reads 0", 0x8, 4, 0),
		wr(0x4000, 4, 0x89ABCDEF),
		wr(0x4004, 4, 0x01234567),
		want("mtimecmp from halves", 0, false, 0x01234567_89ABCDEF),
		rd("mtimecmp lo", 0x4000, 4, 0x89ABCDEF),
		rd("mtimecmp hi", 0x4004, 4, 0x01234567),
		rd("mtimecmp 64-bit", 0x4000, 8, 0x01234567_89ABCDEF),
		rd("mtimecmp hi as 64-bit", 0x4004, 8, 0x01234567),
		wr(0x4000, 4, 0),
		want("lo store keeps hi", 0, false, 0x01234567_00000000),
		wr(0x4004, 4, 0xFFFFFFFF),
		want("hi store keeps lo", 0, false, 0xFFFFFFFF_00000000),
		wr(0x4008, 8, 0x11111111_22222222),
		want("64-bit store, hart 1", 1, true, 0x11111111_22222222),
		wr(0x400C, 8, 5),
		want("64-bit store to hi ignored", 1, true, 0x11111111_22222222),
		wr(0x4000, 2, 0),
		want("16-bit store ignored", 0, false, 0xFFFFFFFF_00000000),
		rd("mtime lo", 0xBFF8, 4, 5),
		rd("mtime hi", 0xBFFC, 4, 0xA),
		rd("mtime 64-bit", 0xBFF8, 8, 0xA_00000005),
		wr(0xBFF8, 4, 7),
		rd("mtime lo store keeps hi", 0xBFF8, 8, 0xA_00000007),
		wr(0xBFFC, 4, 1),
		rd("mtime hi store keeps lo", 0xBFF8, 8, 0x1_00000007),
		wr(0xBFF8, 8, 42),
		rd("mtime 64-bit store", 0xBFF8, 8, 42),
		rd("unused timer offset", 0x8000, 4, 0),
	})
	if c.MSIP(-1) || c.MSIP(2) || c.MTimeCmp(2) != ^uint64(0) {
		t.Error("absent harts must have no MSIP and an mtimecmp that never fires")
	}
}

func TestCLINTValidAccess(t *testing.T) {
	c := NewCLINT(1, &testClock{})
	for _, tc := range []struct {
		off  uint32
		size int
		ok   bool
	}{
		{0x0, 4, true}, {0x0, 1, false}, {0x0, 2, false}, {0x0, 8, false}, {0x3FFC, 4, true},
		{0x4000, 4, true}, {0x4000, 8, true}, {0x4000, 2, false}, {0x4004, 8, false},
		{0xBFF8, 8, true}, {0xBFFC, 4, true}, {0x8000, 4, true}, {0xC000, 4, false}, {0xFFFC, 4, false},
	} {
		if got := c.ValidAccess(tc.off, tc.size, false); got != tc.ok {
			t.Errorf("ValidAccess(%#x, %d) = %v, want %v", tc.off, tc.size, got, tc.ok)
		}
	}
}

// TestManyHarts checks that absurd hart counts cannot reach past the
// register blocks.
func TestManyHarts(t *testing.T) {
	clk := &testClock{t: 77}
	c := NewCLINT(5000, clk)
	if got := c.Read(clintMTime, 8); got != 77 {
		t.Errorf("mtime with 5000 harts reads %d", got)
	}
	p := NewPLIC(5000)
	p.Write(plicContextBase+1023*plicContextStride, 4, 3)
	if got := p.Read(plicContextBase+1023*plicContextStride, 4); got != 3 {
		t.Errorf("last context threshold %d", got)
	}
	if got := p.Read(plicEnableBase+1023*plicEnableStride, 4); got != 0 {
		t.Errorf("enable of the last context %d", got)
	}
}
