package thumb

import (
	"encoding/binary"
	"errors"
	"testing"
)

// code assembles halfwords into little-endian bytes.
func code(hws ...uint16) []byte {
	var b []byte
	for _, h := range hws {
		b = binary.LittleEndian.AppendUint16(b, h)
	}
	return b
}

func TestDecodeClassification(t *testing.T) {
	sym := func(a uint32) (string, bool) {
		if a == 0x8000040 {
			return "f", true
		}
		return "", false
	}
	tests := []struct {
		hws          []uint16
		text         string
		call, ret    bool
		branch       bool
		target       uint32
		hasTarget    bool
		undefined    bool
		length       int
		itIn, itNext ITState
	}{
		{hws: []uint16{0x4770}, text: "bx\tlr", ret: true, length: 2},
		{hws: []uint16{0xbd10}, text: "pop\t{r4, pc}", ret: true, length: 2},
		{hws: []uint16{0xe8bd, 0x8ff0}, text: "ldmia.w\tsp!, {r4, r5, r6, r7, r8, r9, sl, fp, pc}", ret: true, length: 4},
		{hws: []uint16{0xf85d, 0xfb04}, text: "ldr.w\tpc, [sp], #4", ret: true, length: 4},
		{hws: []uint16{0x46f7}, text: "mov\tpc, lr", ret: true, length: 2},
		{hws: []uint16{0xf3de, 0x8f00}, text: "subs\tpc, lr, #0", ret: true, length: 4},
		{hws: []uint16{0xf000, 0xf81c}, text: "bl\t8000040 <f>", call: true, target: 0x8000040, hasTarget: true, length: 4},
		{hws: []uint16{0x4798}, text: "blx\tr3", call: true, length: 2},
		{hws: []uint16{0xd01c}, text: "beq.n\t8000040 <f>", branch: true, target: 0x8000040, hasTarget: true, length: 2},
		{hws: []uint16{0xb1e0}, text: "cbz\tr0, 8000040 <f>", branch: true, target: 0x8000040, hasTarget: true, length: 2},
		{hws: []uint16{0xe8df, 0xf000}, text: "tbb\t[pc, r0]", branch: true, length: 4},
		{hws: []uint16{0x4687}, text: "mov\tpc, r0", branch: true, length: 2},
		{hws: []uint16{0xf8df, 0xf004}, text: "ldr.w\tpc, [pc, #4]\t@ 0x800000c", branch: true, length: 4},
		{hws: []uint16{0x4908}, text: "ldr\tr1, [pc, #32]\t@ (0x8000028)", length: 2},
		{hws: []uint16{0xde00}, text: "udf\t#0", undefined: true, length: 2},
		{hws: []uint16{0xb800}, text: "\t\t@ <UNDEFINED> instruction: 0xb800", undefined: true, length: 2},
		// IT blocks: the instruction takes the block's condition and
		// a 16-bit flag-setting form loses its "s".
		{hws: []uint16{0xbf08}, text: "it\teq", length: 2, itNext: 0x08},
		{hws: []uint16{0x2001}, text: "moveq\tr0, #1", length: 2, itIn: 0x08},
		{hws: []uint16{0x2001}, text: "movs\tr0, #1", length: 2},
		{hws: []uint16{0xbf14}, text: "ite\tne", length: 2, itNext: 0x14},
		{hws: []uint16{0x1888}, text: "addne\tr0, r1, r2", length: 2, itIn: 0x14, itNext: 0x08},
		{hws: []uint16{0xf000, 0xf81c}, text: "bleq\t8000040 <f>", call: true, target: 0x8000040, hasTarget: true, length: 4, itIn: 0x08},
	}
	for _, tc := range tests {
		in, next, err := Decode(code(tc.hws...), 0x8000004, tc.itIn, sym)
		if err != nil {
			t.Errorf("%04x: %v", tc.hws, err)
			continue
		}
		if in.Text != tc.text || in.Len != tc.length || in.Call != tc.call || in.Return != tc.ret ||
			in.Branch != tc.branch || in.HasTarget != tc.hasTarget || in.Target != tc.target ||
			in.Undefined != tc.undefined || next != tc.itNext {
			t.Errorf("%04x in IT %#x: got %+v next %#x", tc.hws, tc.itIn, in, next)
		}
	}
}

func TestITStateSequence(t *testing.T) {
	// itete gt: gt, le, gt, le, then outside the block.
	s := ITState(0xcb)
	var conds []int
	for s.InBlock() {
		conds = append(conds, s.Cond())
		s = s.Next()
	}
	want := []int{12, 13, 12, 13}
	if len(conds) != len(want) {
		t.Fatalf("conditions %v, want %v", conds, want)
	}
	for i := range want {
		if conds[i] != want[i] {
			t.Fatalf("conditions %v, want %v", conds, want)
		}
	}
}

func TestDecodeAllTracksIT(t *testing.T) {
	// ite ne; addne r0, r1, r2; subeq r0, #1; movs r0, #1
	got := DecodeAll(code(0xbf14, 0x1888, 0x3801, 0x2001), 0x100, nil)
	want := []string{"ite\tne", "addne\tr0, r1, r2", "subeq\tr0, #1", "movs\tr0, #1"}
	if len(got) != len(want) {
		t.Fatalf("got %d instructions", len(got))
	}
	for i, in := range got {
		if in.Text != want[i] {
			t.Errorf("%d: %q, want %q", i, in.Text, want[i])
		}
	}
}

func TestDecodeShort(t *testing.T) {
	if _, _, err := Decode(nil, 0, 0, nil); !errors.Is(err, ErrShort) {
		t.Errorf("empty: %v", err)
	}
	in, _, err := Decode(code(0xf000), 0, 0, nil)
	if !errors.Is(err, ErrShort) || in.Len != 2 || in.Text != ".short\t0xf000" {
		t.Errorf("half of a 32-bit instruction: %+v %v", in, err)
	}
	if n := len(DecodeAll(code(0x4770, 0xf000), 0, nil)); n != 1 {
		t.Errorf("DecodeAll kept %d instructions of a truncated range", n)
	}
}

func TestITStateFromXPSR(t *testing.T) {
	// ITSTATE 0xcb (itete gt, first instruction): IT[7:2]=0x32, IT[1:0]=3.
	xpsr := uint32(0x32)<<10 | 3<<25 | 1<<24
	if got := ITStateFromXPSR(xpsr); got != 0xcb {
		t.Errorf("ITStateFromXPSR(%#x) = %#x, want 0xcb", xpsr, got)
	}
	got := DecodeFrom(code(0x4608, 0x4610), 0, ITStateFromXPSR(xpsr), nil)
	if len(got) != 2 || got[0].Text != "movgt\tr0, r1" || got[1].Text != "movle\tr0, r2" {
		t.Errorf("DecodeFrom inside an IT block: %+v", got)
	}
}
