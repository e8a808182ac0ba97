package thumb

import "testing"

// FuzzDecode checks that any halfword pair decodes without a panic, to an
// instruction of the size its first halfword announces, with registers in
// range.
func FuzzDecode(f *testing.F) {
	for _, s := range [][2]uint16{{0xbf00, 0}, {0xf000, 0xf800}, {0xe8bd, 0x8ff0}, {0xfb90, 0xf0f1}, {0xdf2a, 0}, {0xee00, 0x0a10}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, hw1, hw2 uint16) {
		in := Decode(hw1, hw2)
		want := uint8(2)
		if Is32(hw1) {
			want = 4
		}
		if in.Size != want {
			t.Fatalf("%04x %04x: size %d, want %d", hw1, hw2, in.Size, want)
		}
		if in.Op == OpUndecoded || in.Op == OpBreak || int(in.Op) >= NumOps {
			t.Fatalf("%04x %04x: op %d", hw1, hw2, in.Op)
		}
		if in.Rd > 15 || in.Rn > 15 || in.Rm > 15 || in.Ra > 15 {
			t.Fatalf("%04x %04x: register out of range: %+v", hw1, hw2, in)
		}
	})
}

// TestDecodeAll decodes every 16-bit instruction and every 32-bit first
// halfword with a spread of second halfwords.
func TestDecodeAll(t *testing.T) {
	for hw1 := 0; hw1 < 1<<16; hw1++ {
		for _, hw2 := range []uint16{0, 0xffff, 0x8000, 0x0f00, 0xf0f0, 0x1234, 0xa5a5} {
			in := Decode(uint16(hw1), hw2)
			if in.Rd > 15 || in.Rn > 15 || in.Rm > 15 || in.Ra > 15 || in.Op == OpUndecoded {
				t.Fatalf("%04x %04x: %+v", hw1, hw2, in)
			}
		}
	}
}
