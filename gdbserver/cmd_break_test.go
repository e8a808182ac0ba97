package gdbserver

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseConditions: the condition list of a Z0/Z1 packet, as gdb sends
// it (several X items back to back after one ';'), as gdbserver also
// accepts it (';' between items), and malformed.
func TestParseConditions(t *testing.T) {
	tests := []struct {
		in   string
		n    int // conditions parsed; -1: rejected
		code []string
	}{
		{"", 0, nil},
		{"X3,220127", 1, []string{"220127"}},
		{"X3,220127X2,2227", 2, []string{"220127", "2227"}},
		{"X3,220127;X2,2227", 2, []string{"220127", "2227"}},
		{"X1,27X1,27X1,27", 3, []string{"27", "27", "27"}},
		{"X3,220127;cmds:0,X3,220127", 1, []string{"220127"}},
		{"X3,220127X2,2227;cmds:1,X1,27", 2, []string{"220127", "2227"}},
		{"X0,", 1, []string{""}},
		{"X3,2201", -1, nil},
		{"X3,220127X", -1, nil},
		{"X3,220127X2", -1, nil},
		{"X3,220127X2,22", -1, nil},
		{"X3,2201zz", -1, nil},
		{"Xzz,00", -1, nil},
		{"Y3,220127", -1, nil},
		{"X3,220127Y", -1, nil},
		{"X-1,00", -1, nil},
	}
	for _, tt := range tests {
		conds, ok := parseConditions(tt.in)
		if tt.n < 0 {
			if ok {
				t.Errorf("%q: accepted (%d conditions), want rejected", tt.in, len(conds))
			}
			continue
		}
		if !ok || len(conds) != tt.n {
			t.Errorf("%q: %d conditions, ok=%v; want %d", tt.in, len(conds), ok, tt.n)
			continue
		}
		for i, c := range conds {
			if got := encodeHex(c.code); got != tt.code[i] {
				t.Errorf("%q: condition %d is %s, want %s", tt.in, i, got, tt.code[i])
			}
		}
	}
}

// countEquals is gdb's bytecode for "*(int *)addr == n".
func countEquals(addr uint32, n byte) string {
	code := []byte{axConst32, 0, 0, 0, 0, axRef32, axConst8, n, axEqual, axEnd}
	binary.BigEndian.PutUint32(code[1:5], addr)
	return fmt.Sprintf("X%x,%s", len(code), encodeHex(code))
}

// TestTwoConditionsOneBreakpoint: a breakpoint with two conditions (gdb's
// form for two breakpoints at one address) stops where either holds,
// forwards and backwards, and nowhere else.
func TestTwoConditionsOneBreakpoint(t *testing.T) {
	a, sym := loadTarget(t, filepath.Join("..", "testdata", "firmware", "demo.elf"), 1)
	count := sym["sensor"] + 40
	c := startSession(t, a)
	z := fmt.Sprintf("Z0,%x,2;%s%s", sym["record"], countEquals(count, 3), countEquals(count, 5))
	if r := c.rt(z); r != "OK" {
		t.Fatalf("%s: %q", z, r)
	}
	for _, want := range []int32{3, 5} {
		if r := c.rt("c"); !strings.HasPrefix(r, "T05") || !strings.Contains(r, "swbreak") {
			t.Fatalf("continue: %q", r)
		}
		if got := a.word(t, count); got != want {
			t.Fatalf("stopped with count %d, want %d", got, want)
		}
	}
	if r := c.rt("bc"); !strings.Contains(r, "swbreak") || a.word(t, count) != 3 {
		t.Fatalf("reverse-continue: %q with count %d, want a stop with count 3", r, a.word(t, count))
	}
	if r := c.rt("c"); !strings.Contains(r, "swbreak") || a.word(t, count) != 5 {
		t.Fatalf("continue again: %q with count %d, want 5", r, a.word(t, count))
	}
	if r := c.rt("c"); strings.Contains(r, "swbreak") {
		t.Fatalf("a third stop: %q with count %d", r, a.word(t, count))
	}
}
