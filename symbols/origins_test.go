package symbols

import (
	"debug/dwarf"
	"testing"
)

// die builds a variable DIE at off with the given attributes.
func die(off dwarf.Offset, fields ...dwarf.Field) *dwarf.Entry {
	return &dwarf.Entry{Offset: off, Tag: dwarf.TagVariable, Field: fields}
}

// ref is a reference attribute.
func ref(a dwarf.Attr, off dwarf.Offset) dwarf.Field {
	return dwarf.Field{Attr: a, Val: off, Class: dwarf.ClassReference}
}

// TestWithOriginsBounded follows specification and origin chains: a
// definition takes its declaration's name, a cycle stops (godwarf's
// walk never ends on one), a long chain stops at maxOriginChain links.
func TestWithOriginsBounded(t *testing.T) {
	name := dwarf.Field{Attr: dwarf.AttrName, Val: "g", Class: dwarf.ClassString}
	dies := map[dwarf.Offset]*dwarf.Entry{
		// definition 0x10 -> declaration 0x20 (has the name)
		0x10: die(0x10, ref(dwarf.AttrSpecification, 0x20)),
		0x20: die(0x20, name),
		// 0x30 -> 0x40 -> 0x50 -> 0x40: a cycle not through the start
		0x30: die(0x30, ref(dwarf.AttrAbstractOrigin, 0x40)),
		0x40: die(0x40, ref(dwarf.AttrAbstractOrigin, 0x50)),
		0x50: die(0x50, ref(dwarf.AttrAbstractOrigin, 0x40)),
	}
	// 0x1000 -> 0x1001 -> ... without end
	for i := dwarf.Offset(0x1000); i < 0x1100; i++ {
		dies[i] = die(i, ref(dwarf.AttrAbstractOrigin, i+1))
	}
	reads := 0
	read := func(off dwarf.Offset) *dwarf.Entry { reads++; return dies[off] }
	if got := withOrigins(dies[0x10], read).Val(dwarf.AttrName); got != "g" {
		t.Errorf("definition's name = %v, want g from its declaration", got)
	}
	if c, ok := withOrigins(dies[0x30], read).(entryChain); !ok || len(c) != 3 {
		t.Errorf("cycle: chain %v, want the three DIEs once each", c)
	}
	reads = 0
	if c, ok := withOrigins(dies[0x1000], read).(entryChain); !ok || len(c) != maxOriginChain+1 || reads != maxOriginChain {
		t.Errorf("long chain: %d DIEs after %d reads, want %d after %d", len(c), reads, maxOriginChain+1, maxOriginChain)
	}
	if e := withOrigins(dies[0x20], read); e != dies[0x20] {
		t.Errorf("a DIE without origin came back as %v", e)
	}
}
