package symbols

import (
	"encoding/binary"
	"testing"
)

// TestArangesPreferred checks quirk 15 (DWARF-QUIRKS.md): when DW_AT_ranges of two units
// overlap (an assembler unit measured before relaxation), the unit named
// by .debug_aranges wins.
func TestArangesPreferred(t *testing.T) {
	le := binary.LittleEndian
	set := func(info uint32, lo, n uint32) []byte {
		b := make([]byte, 0, 32)
		b = le.AppendUint32(b, 28)
		b = le.AppendUint16(b, 2)
		b = le.AppendUint32(b, info)
		b = append(b, 4, 0, 0, 0, 0, 0)
		b = le.AppendUint32(b, lo)
		b = le.AppendUint32(b, n)
		return append(b, 0, 0, 0, 0, 0, 0, 0, 0)
	}
	data := append(set(0, 0x80000000, 0x20), set(0x100, 0x80000020, 0x40)...)
	ar := parseAranges(data)
	if len(ar) != 2 || ar[1].lo != 0x80000020 || ar[1].info != 0x100 {
		t.Fatalf("aranges %+v", ar)
	}
	asm := &compUnit{off: 0xb, ranges: []addrRange{{0x80000000, 0x80000030}}}
	c := &compUnit{off: 0x10b, ranges: []addrRange{{0x80000020, 0x80000060}}}
	tab := &Table{units: []*compUnit{asm, c}, aranges: ar}
	if got := tab.unitAt(0x80000024); got != c {
		t.Errorf("unitAt(0x80000024) = %+v, want the C unit", got)
	}
	if got := tab.unitAt(0x80000004); got != asm {
		t.Errorf("unitAt(0x80000004) = %+v, want the assembly unit", got)
	}
	if parseAranges(data[:20]) != nil {
		t.Error("truncated aranges parsed")
	}
}

// TestLineBoundsAndStatements checks the stepping helpers on real code.
func TestLineBoundsAndStatements(t *testing.T) {
	tab := openVariant(t, "O0")
	fn, _ := tab.FunctionByName("factorial")
	stmts := tab.StatementsIn(fn.Low, fn.High)
	if len(stmts) < 4 || stmts[0] != fn.Low {
		t.Fatalf("statements %x", stmts)
	}
	for i, pc := range stmts[:len(stmts)-1] {
		lo, hi, ok := tab.LineBounds(pc)
		if !ok || lo > pc || hi <= pc || hi > fn.High {
			t.Errorf("LineBounds(0x%x) = 0x%x-0x%x %v", pc, lo, hi, ok)
		}
		if !tab.IsStatement(pc) {
			t.Errorf("statement %d at 0x%x not reported", i, pc)
		}
		if l1, _ := tab.PCToLine(pc); hi < fn.High {
			if l2, _ := tab.PCToLine(hi); l2.Line == l1.Line {
				t.Errorf("line %d continues past its bounds at 0x%x", l1.Line, hi)
			}
		}
	}
}
