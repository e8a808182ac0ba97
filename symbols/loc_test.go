package symbols

import (
	"errors"
	"testing"
)

// testCtx is an expression context over fixed registers and memory.
func testCtx(entry func([]byte) (uint32, error)) *exprContext {
	mem := map[uint32]byte{0x80001000: 0xfe, 0x80001001: 0xff, 0x80001002: 0x12, 0x80001003: 0x80}
	return &exprContext{
		reg: func(n int) (uint32, bool) {
			if n == 11 {
				return 0, false // a caller-saved register lost in an outer frame
			}
			return 0x80001000 + uint32(n), true
		},
		mem: func(addr uint32, buf []byte) error {
			for i := range buf {
				v, ok := mem[addr+uint32(i)]
				if !ok {
					return errors.New("unmapped")
				}
				buf[i] = v
			}
			return nil
		},
		frameBase: func() (uint32, error) { return 0x80002000, nil },
		cfa:       func() (uint32, bool) { return 0x80003000, true },
		entry:     entry,
	}
}

// TestLocationExpressions covers the operations GCC emits, including the
// gaps in delve's evaluator (deref_size 1, entry values, 32-bit masking,
// empty pieces).
func TestLocationExpressions(t *testing.T) {
	entryA0 := func(sub []byte) (uint32, error) {
		if len(sub) == 1 && sub[0] == 0x5a {
			return 42, nil
		}
		return 0, errOptimizedOut
	}
	cases := []struct {
		name  string
		expr  []byte
		entry func([]byte) (uint32, error)
		want  piece
		err   error
		n     int
	}{
		{"addr", []byte{0x03, 0x10, 0x20, 0x00, 0x80}, nil, piece{kind: pieceMem, addr: 0x80002010}, nil, 1},
		{"fbreg -20", []byte{0x91, 0x6c}, nil, piece{kind: pieceMem, addr: 0x80001fec}, nil, 1},
		{"call_frame_cfa", []byte{0x9c}, nil, piece{kind: pieceMem, addr: 0x80003000}, nil, 1},
		{"reg10", []byte{0x5a}, nil, piece{kind: pieceReg, reg: 10}, nil, 1},
		{"breg8 +4", []byte{0x78, 0x04}, nil, piece{kind: pieceMem, addr: 0x8000100c}, nil, 1},
		{"deref_size 1", []byte{0x03, 0x00, 0x10, 0x00, 0x80, 0x94, 0x01, 0x9f}, nil, piece{kind: pieceValue, val: 0xfe}, nil, 1},
		{"deref", []byte{0x03, 0x00, 0x10, 0x00, 0x80, 0x06, 0x9f}, nil, piece{kind: pieceValue, val: 0x8012fffe}, nil, 1},
		{"32-bit wrap", []byte{0x0c, 0xff, 0xff, 0xff, 0xff, 0x23, 0x02, 0x9f}, nil, piece{kind: pieceValue, val: 1}, nil, 1},
		{"const1u and plus_uconst", []byte{0x78, 0x00, 0x08, 0xff, 0x1a, 0x23, 0x04, 0x9f}, nil, piece{kind: pieceValue, val: 0x0c}, nil, 1},
		{"neg masked", []byte{0x31, 0x1f, 0x9f}, nil, piece{kind: pieceValue, val: 0xffffffff}, nil, 1},
		{"entry_value unknown", []byte{0xa3, 0x01, 0x5a, 0x9f}, nil, piece{}, errOptimizedOut, 0},
		{"entry_value known", []byte{0xa3, 0x01, 0x5a, 0x9f}, entryA0, piece{kind: pieceValue, val: 42}, nil, 1},
		{"lost register", []byte{0x7b, 0x00}, nil, piece{}, errOptimizedOut, 0},
		{"empty", nil, nil, piece{kind: pieceOptOut}, nil, 1},
		{"bra loop bounded", []byte{0x31, 0x28, 0xfc, 0xff}, nil, piece{}, nil, -1},
	}
	for _, c := range cases {
		ps, err := evalLocation(c.expr, testCtx(c.entry))
		if c.n == -1 {
			if err == nil {
				t.Errorf("%s: want an error", c.name)
			}
			continue
		}
		if !errors.Is(err, c.err) || (c.err == nil && err != nil) {
			t.Errorf("%s: err %v, want %v", c.name, err, c.err)
			continue
		}
		if len(ps) != c.n || (c.n == 1 && (ps[0].kind != c.want.kind || ps[0].addr != c.want.addr ||
			ps[0].reg != c.want.reg || ps[0].val != c.want.val)) {
			t.Errorf("%s: got %+v, want %+v", c.name, ps, c.want)
		}
	}
}

// TestEmptyPieceIsOptimizedOut checks quirk 7 (DWARF-QUIRKS.md): a piece with no location is
// unavailable, never zero.
func TestEmptyPieceIsOptimizedOut(t *testing.T) {
	// a0 for bytes 0-3, nothing for bytes 4-7 (a 64-bit value half gone).
	ps, err := evalLocation([]byte{0x5a, 0x93, 0x04, 0x93, 0x04}, testCtx(nil))
	if err != nil || len(ps) != 2 || ps[0].kind != pieceReg || ps[1].kind != pieceOptOut || ps[1].size != 4 {
		t.Fatalf("pieces %+v, %v", ps, err)
	}
	f := &Frame{}
	f.known[10], f.regs[10] = true, 7
	v, err := f.piecesToValue(ps, nil)
	if err != nil || !v.OptimizedOut {
		t.Errorf("value %+v, %v: want optimized out", v, err)
	}
}

// TestLocationLists checks both list formats and the "no entry covers the
// pc" case.
func TestLocationLists(t *testing.T) {
	// DWARF 5: offset_pair [0x10,0x20) -> reg10; base_address; start_length.
	l5 := []byte{lleOffsetPair, 0x10, 0x20, 1, 0x5a,
		lleBaseAddress, 0x00, 0x00, 0x00, 0x90,
		lleStartLength, 0x00, 0x01, 0x00, 0x90, 0x08, 1, 0x5b,
		lleEndOfList}
	if e, err := loclists5(l5, 0, 0x80000000, 0x80000018); err != nil || len(e) != 1 || e[0] != 0x5a {
		t.Errorf("v5 pair: %x %v", e, err)
	}
	if e, err := loclists5(l5, 0, 0x80000000, 0x90000104); err != nil || e[0] != 0x5b {
		t.Errorf("v5 start_length: %x %v", e, err)
	}
	if _, err := loclists5(l5, 0, 0x80000000, 0x80000030); !errors.Is(err, errNoLocEntry) {
		t.Errorf("v5 gap: %v", err)
	}
	// DWARF 4: [0x10,0x20) relative to the unit base.
	l4 := []byte{0x10, 0, 0, 0, 0x20, 0, 0, 0, 1, 0, 0x5c, 0, 0, 0, 0, 0, 0, 0, 0}
	if e, err := loclists4(l4, 0, 0x80000000, 0x8000001f); err != nil || e[0] != 0x5c {
		t.Errorf("v4: %x %v", e, err)
	}
	if _, err := loclists4(l4, 0, 0x80000000, 0x80000020); !errors.Is(err, errNoLocEntry) {
		t.Errorf("v4 end: %v", err)
	}
	if _, err := loclists4(l4[:5], 0, 0, 0); err == nil {
		t.Error("truncated v4 list accepted")
	}
}
