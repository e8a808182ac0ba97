package thumb

import "testing"

// FuzzDecode checks that any bytes in any IT state decode without
// panicking, to a 2- or 4-byte instruction with text, the same way twice.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{0x70, 0x47}, uint8(0), uint32(0x8000000))
	f.Add([]byte{0x2d, 0xe9, 0xf0, 0x4f}, uint8(0x08), uint32(0x100))
	f.Add([]byte{0xb7, 0xee, 0x00, 0x0a}, uint8(0x14), uint32(2))
	f.Add([]byte{0xff, 0xf7, 0xfe, 0xff}, uint8(0xcb), uint32(0xfffffffe))
	sym := func(a uint32) (string, bool) { return "s", a&1 == 0 }
	f.Fuzz(func(t *testing.T, b []byte, it uint8, addr uint32) {
		in, next, err := Decode(b, addr, ITState(it), sym)
		again, next2, err2 := Decode(b, addr, ITState(it), sym)
		if in != again || next != next2 || (err == nil) != (err2 == nil) {
			t.Fatalf("not deterministic: %+v / %+v", in, again)
		}
		if err != nil {
			return
		}
		if in.Len != 2 && in.Len != 4 || in.Text == "" {
			t.Fatalf("bad instruction %+v", in)
		}
		for _, x := range DecodeAll(b, addr, sym) {
			if x.Text == "" {
				t.Fatalf("empty text at %#x", x.Addr)
			}
		}
	})
}
