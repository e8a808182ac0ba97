package symbols

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestARMHeuristicUnwind unwinds the ARM golden stops with no CFI (a
// stripped ELF: prologue analysis of push/sub sp/vpush, the Thumb bit on
// return addresses, exception frames) and compares the physical frames
// with gdb's.
func TestARMHeuristicUnwind(t *testing.T) {
	for _, v := range []string{"m3-O0", "m4-Og"} {
		tab, err := Open(filepath.Join("..", "testdata", "symbols-arm", "prog-"+v+"-nodebug.elf"))
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := tab.HasLines(); ok {
			t.Fatalf("%s-nodebug has lines", v)
		}
		total, equal := 0, 0
		for _, s := range loadARMStops(t, tab, v) {
			frames, err := tab.Unwind(s.target, UnwindOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want, got := physicalFrames(tab, s.Frames, frames)
			total++
			if strings.Join(got, " ") == strings.Join(want, " ") {
				equal++
			} else {
				t.Errorf("%s stop %d: got %v, gdb %v", v, s.Stop, got, want)
			}
		}
		t.Logf("%s without CFI: %d/%d stops unwound as gdb", v, equal, total)
	}
}

// physicalFrames spells gdb's physical frames and ours as name@pc. Names
// of aliases (one code range with several symbols, as libgcc's
// __aeabi_fmul and __mulsf3) count as equal: which one gdb shows depends
// on its unstable sort of minimal symbols.
func physicalFrames(tab *Table, gfs []goldenFrame, frames []*Frame) (want, got []string) {
	for _, gf := range gfs {
		if !gf.Inline {
			want = append(want, fmt.Sprintf("%s@%s", gf.Function, gf.PC))
		}
	}
	for i, f := range frames {
		name := f.Name
		if i < len(gfs) && f.Function != nil {
			if g, ok := tab.FunctionByName(gfs[i].Function); ok && g == f.Function {
				name = gfs[i].Function
			}
		}
		got = append(got, fmt.Sprintf("%s@0x%x", name, f.PC))
	}
	return want, got
}
