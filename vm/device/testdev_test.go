package device

import (
	"slices"
	"testing"
)

func TestTestDeviceCodes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		off   uint32
		size  int
		val   uint64
		exits []int
	}{
		{"pass", 0, 4, 0x5555, []int{0}},
		{"pass ignores the upper half", 0, 4, 0x7F5555, []int{0}},
		{"fail with code", 0, 4, 3<<16 | 0x3333, []int{3}},
		{"fail with a 16-bit code", 0, 4, 0x2345<<16 | 0x3333, []int{0x2345}},
		{"fail with code 0", 0, 4, 0x3333, []int{0}},
		{"reset exits 0", 0, 4, 0x7777, []int{0}},
		{"16-bit store", 0, 2, 0x5555, []int{0}},
		{"byte store ignored", 0, 1, 0x55, nil},
		{"other offset ignored", 4, 4, 0x5555, nil},
		{"unknown command ignored", 0, 4, 0x1234, nil},
	} {
		ex := &testExiter{}
		d := NewTestDevice(ex)
		d.Write(tc.off, tc.size, tc.val)
		if !slices.Equal(ex.codes, tc.exits) {
			t.Errorf("%s: exits %v, want %v", tc.name, ex.codes, tc.exits)
		}
		if d.Read(0, 4) != 0 || d.Peek(0, 4) != 0 {
			t.Errorf("%s: reads must return 0", tc.name)
		}
	}
	d := NewTestDevice(nil)
	d.Write(0, 4, 0x5555) // no exiter: ignored, no panic
	if d.ValidAccess(0, 1, true) || !d.ValidAccess(0, 2, true) || !d.ValidAccess(0, 4, false) || d.ValidAccess(0, 8, true) {
		t.Error("ValidAccess must accept exactly 16- and 32-bit accesses")
	}
}
