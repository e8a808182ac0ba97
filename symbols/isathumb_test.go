package symbols

import (
	"testing"
)

// TestThumbFlow classifies the instructions stepping cares about.
func TestThumbFlow(t *testing.T) {
	cases := []struct {
		name string
		code []byte
		want FlowKind
	}{
		{"push {r7, lr}", []byte{0x80, 0xb5}, FlowNone},
		{"bl", []byte{0x00, 0xf0, 0x00, 0xf8}, FlowCall},
		{"blx r3", []byte{0x98, 0x47}, FlowCall},
		{"bx lr", []byte{0x70, 0x47}, FlowReturn},
		{"pop {r7, pc}", []byte{0x80, 0xbd}, FlowReturn},
		{"b.n .", []byte{0xfe, 0xe7}, FlowJump},
		{"beq.n .", []byte{0xfe, 0xd0}, FlowBranch},
		{"cbz r0", []byte{0x00, 0xb1}, FlowBranch},
		{"svc 0", []byte{0x00, 0xdf}, FlowTrap},
	}
	for _, c := range cases {
		f, err := thumbISA{}.Flow(c.code, 0x100)
		if err != nil || f.Kind != c.want || f.Len != len(c.code) {
			t.Errorf("%s: %+v %v, want kind %d", c.name, f, err, c.want)
		}
	}
	if _, err := (thumbISA{}).Decode([]byte{0x00}, 0x100, nil); err == nil {
		t.Error("a lone byte decoded")
	}
	in, err := thumbISA{}.Decode([]byte{0x80, 0xb5}, 0x100, nil)
	if err != nil || in.Text != "push\t{r7, lr}" || in.Len != 2 {
		t.Errorf("push: %+v %v", in, err)
	}
}
