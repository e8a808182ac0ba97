package symbols

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestNoDebugInfo loads a stripped ELF: symbols work, lines do not, and
// the reason is given.
func TestNoDebugInfo(t *testing.T) {
	tab := openVariant(t, "O0-nodebug")
	ok, why := tab.HasLines()
	if ok || !strings.Contains(why, "no DWARF") {
		t.Errorf("HasLines = %v, %q", ok, why)
	}
	if _, err := tab.LineToPCs("main.c", 24); err == nil {
		t.Error("LineToPCs without lines succeeded")
	}
	main, ok := tab.FunctionByName("main")
	if !ok || main.HasDebugInfo() {
		t.Fatalf("main = %+v, %v", main, ok)
	}
	if f := tab.FunctionAt(main.Low + 4); f == nil || f.Name != "main" {
		t.Errorf("FunctionAt(main+4) = %v", f)
	}
	if name, ok := tab.SymbolAt(main.Low + 6); !ok || name != "main+6" {
		t.Errorf("SymbolAt = %q %v", name, ok)
	}
	if name, _ := tab.SymbolAt(0x80001064); name != "nodes+4" {
		t.Errorf("SymbolAt(nodes+4) = %q", name)
	}
}

// TestHeuristicUnwind unwinds the golden stops with no CFI at all (a
// stripped ELF) and compares the physical frames with gdb's.
func TestHeuristicUnwind(t *testing.T) {
	for _, v := range []string{"O0", "Og"} {
		tab := openVariant(t, v+"-nodebug")
		total, equal := 0, 0
		for _, s := range loadStops(t, v) {
			frames, err := tab.Unwind(s.target, UnwindOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var want, got []string
			for _, gf := range s.Frames {
				if !gf.Inline {
					want = append(want, fmt.Sprintf("%s@%s", gf.Function, gf.PC))
				}
			}
			for _, f := range frames {
				got = append(got, fmt.Sprintf("%s@0x%x", f.Name, f.PC))
			}
			total++
			if strings.Join(got, " ") == strings.Join(want, " ") {
				equal++
			} else {
				t.Logf("%s stop %d: got %v, gdb %v", v, s.Stop, got, want)
			}
		}
		t.Logf("%s without CFI: %d/%d stops unwound as gdb", v, equal, total)
		if equal < total*3/4 {
			t.Errorf("%s: heuristic unwinding matched only %d/%d stops", v, equal, total)
		}
	}
}

// TestUnwindPastMain follows main's return address into crt0 (no CFI
// there) and stops cleanly at _start.
func TestUnwindPastMain(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		s := loadStops(t, v)[0]
		frames, err := tab.Unwind(s.target, UnwindOptions{PastMain: true})
		if err != nil {
			t.Fatal(err)
		}
		last := frames[len(frames)-1]
		if last.Name != "_start" || frames[len(frames)-2].Name != "main" {
			var names []string
			for _, f := range frames {
				names = append(names, f.Name)
			}
			t.Errorf("%s: frames %v, want ... main _start", v, names)
		}
	}
}

// brokenTarget fails every memory access.
type brokenTarget struct{ fakeTarget }

func (b *brokenTarget) ReadMemory(uint32, []byte) error  { return errors.New("bus error") }
func (b *brokenTarget) WriteMemory(uint32, []byte) error { return errors.New("bus error") }

// TestUnreadableMemory: with no readable memory, nothing panics and no
// value is made up.
func TestUnreadableMemory(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		s := loadStops(t, v)[3]
		bt := &brokenTarget{*s.target}
		frames, err := tab.Unwind(bt, UnwindOptions{})
		if err != nil || len(frames) == 0 {
			t.Fatalf("%s: %v", v, err)
		}
		for _, f := range frames {
			for _, vw := range f.Views(FormatOptions{}) {
				if vw.Val.HasAddr && !strings.Contains(vw.Value, "<error") {
					t.Errorf("%s: %s = %s from unreadable memory", v, vw.Name, vw.Value)
				}
			}
		}
		for _, g := range frames[0].Globals() {
			if s := tab.Format(g.Value, frames[0].Env(), FormatOptions{}); !strings.Contains(s, "<error") && s != OptimizedOut {
				t.Errorf("%s: global %s = %s from unreadable memory", v, g.Name, s)
			}
		}
	}
}

// TestEpilogueTail checks the no-CFI unwinder's epilogue detection: only
// the instructions after the stack is released count as the tail.
func TestEpilogueTail(t *testing.T) {
	tab := openVariant(t, "O0-nodebug")
	lines, err := tab.DisassembleFunction("checkpoint", nil, false)
	if err != nil {
		t.Fatal(err)
	}
	last := lines[len(lines)-1]
	if last.Text != "ret" {
		t.Fatalf("checkpoint ends with %q", last.Text)
	}
	release := lines[len(lines)-2]
	if !strings.HasPrefix(release.Text, "addi sp, sp, ") {
		t.Fatalf("no stack release before ret: %q", release.Text)
	}
	tail := func(pc uint32) bool { return tab.arch.prologue.inEpilogueTail(tab.ReadImage, pc) }
	if !tail(last.Addr) || tail(release.Addr) || tail(lines[0].Addr) {
		t.Errorf("epilogue tail detection wrong: ret %v, release %v, entry %v",
			tail(last.Addr), tail(release.Addr), tail(lines[0].Addr))
	}
}
