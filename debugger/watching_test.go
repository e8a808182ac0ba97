package debugger

import (
	"testing"
)

// watching matches accesses against ranges that end at the top of the
// address space without wrapping.
func TestWatchingRangeAtTop(t *testing.T) {
	top := &Breakpoint{Kind: KindData, Verified: true, Addr: 0xfffffff0, Size: 16, Access: AccessWrite}
	bs := breakpoints{list: []*Breakpoint{top}, dirty: true}
	tests := []struct {
		addr uint32
		size int
		want bool
	}{
		{0xfffffff0, 4, true},
		{0xfffffffc, 4, true},
		{0xffffffff, 1, true},
		{0xffffffec, 4, false},
		{0xffffffee, 4, true},
		{0, 4, false},
	}
	for _, tt := range tests {
		got := len(bs.watching(tt.addr, tt.size, AccessWrite)) == 1
		if got != tt.want {
			t.Errorf("write of %d bytes at %#x: matched %v, want %v", tt.size, tt.addr, got, tt.want)
		}
	}
}
