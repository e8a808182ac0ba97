package symbols

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// agreement counts (pc, variable) pairs where our value equals gdb's.
type agreement struct {
	pairs, equal, optOut, optOutEqual int
	typePairs, typeEqual              int
	textEqual                         int
	textDiffs                         []string
	frames, framesEqual               int
	mismatches                        []string
}

// compareStop compares one stop's frames and variables with gdb's.
func compareStop(tab *Table, s *goldenStop, a *agreement) {
	frames, err := tab.Unwind(s.target, UnwindOptions{})
	if err != nil {
		a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d: unwind: %v", s.Stop, err))
		return
	}
	sub := compareFrameVars(tab, frames, s.Frames, s)
	a.add(sub)
	if len(frames) > 0 {
		for _, gv := range s.Globals {
			v, ok := frames[0].Global(gv.Name)
			ours := map[string]Variable{}
			if ok {
				ours[gv.Name] = v
			}
			compareVar(tab, frames[0], s, -1, gv, ours, a)
		}
	}
}

// add accumulates another agreement.
func (a *agreement) add(b agreement) {
	a.pairs += b.pairs
	a.equal += b.equal
	a.optOut += b.optOut
	a.optOutEqual += b.optOutEqual
	a.typePairs += b.typePairs
	a.typeEqual += b.typeEqual
	a.frames += b.frames
	a.framesEqual += b.framesEqual
	a.textEqual += b.textEqual
	a.textDiffs = append(a.textDiffs, b.textDiffs...)
	a.mismatches = append(a.mismatches, b.mismatches...)
}

// compareFrameVars compares frames and their variables with gdb's.
func compareFrameVars(tab *Table, frames []*Frame, gfs []goldenFrame, s *goldenStop) agreement {
	var a agreement
	for i, gf := range gfs {
		a.frames++
		if i >= len(frames) {
			a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d: frame %d (%s) missing", s.Stop, i, gf.Function))
			for _, gv := range gf.Vars {
				a.pairs++
				a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d frame %d: %s missing", s.Stop, i, gv.Name))
			}
			continue
		}
		f := frames[i]
		if d := frameDiff(f, gf); d != "" {
			a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d frame %d: %s", s.Stop, i, d))
		} else {
			a.framesEqual++
		}
		ours := map[string]Variable{}
		for _, v := range f.Variables() {
			ours[v.Name] = v
		}
		for _, gv := range gf.Vars {
			compareVar(tab, f, s, i, gv, ours, &a)
		}
	}
	return a
}

// compareVar compares one variable's leaves and type name.
func compareVar(tab *Table, f *Frame, s *goldenStop, fi int, gv goldenVar, ours map[string]Variable, a *agreement) {
	a.pairs++
	isOpt := gv.Leaves[gv.Name] == OptimizedOut
	if isOpt {
		a.optOut++
	}
	v, ok := ours[gv.Name]
	if !ok {
		a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d frame %d: no variable %s", s.Stop, fi, gv.Name))
		return
	}
	got := map[string]string{}
	leaves(tab, f.Env(), v.Value, gv.Name, got, 0)
	if reflect.DeepEqual(got, gv.Leaves) {
		a.equal++
		if isOpt {
			a.optOutEqual++
		}
	} else {
		a.mismatches = append(a.mismatches, fmt.Sprintf("stop %d (%s) frame %d %s: got %v want %v",
			s.Stop, s.Marker, fi, gv.Name, short(got), short(gv.Leaves)))
	}
	if text := tab.Format(v.Value, f.Env(), FormatOptions{}); text == gv.Text {
		a.textEqual++
	} else {
		a.textDiffs = append(a.textDiffs, fmt.Sprintf("%s: %s | gdb: %s", gv.Name, text, gv.Text))
	}
	if gv.Type != "" {
		a.typePairs++
		if TypeName(v.Type) == gv.Type {
			a.typeEqual++
		} else {
			a.mismatches = append(a.mismatches, fmt.Sprintf("type of %s: got %q want %q", gv.Name, TypeName(v.Type), gv.Type))
		}
	}
}

// short renders a leaf map compactly.
func short(m map[string]string) string {
	s := fmt.Sprint(m)
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// frameDiff describes how our frame differs from gdb's ("" if equal).
func frameDiff(f *Frame, gf goldenFrame) string {
	var d []string
	if f.Name != gf.Function {
		d = append(d, fmt.Sprintf("function %s, gdb %s", f.Name, gf.Function))
	}
	if fmt.Sprintf("0x%x", f.PC) != gf.PC {
		d = append(d, fmt.Sprintf("pc 0x%x, gdb %s", f.PC, gf.PC))
	}
	if f.Location.Line != gf.Line {
		d = append(d, fmt.Sprintf("line %d, gdb %d", f.Location.Line, gf.Line))
	}
	if f.Inlined != gf.Inline {
		d = append(d, fmt.Sprintf("inlined %v, gdb %v", f.Inlined, gf.Inline))
	}
	for name, want := range gf.Regs {
		if want == "<not saved>" {
			continue
		}
		n, _ := f.arch().RegisterNumber(name)
		v, ok := f.Register(n)
		if !ok || fmt.Sprintf("0x%x", v) != want {
			d = append(d, fmt.Sprintf("%s=0x%x(%v), gdb %s", name, v, ok, want))
		}
	}
	return strings.Join(d, "; ")
}

// TestGoldenAgreement compares our frames and values with gdb's at every
// recorded stop, prints the per-variant agreement table, and fails on any
// frame or value that differs from gdb.
func TestGoldenAgreement(t *testing.T) {
	var table []string
	table = append(table, fmt.Sprintf("%-10s %8s %8s %7s %12s %9s %9s %9s", "variant", "pairs", "equal", "share", "opt-out eq", "types", "frames", "print"))
	for _, variant := range variants {
		tab := openVariant(t, variant)
		var a agreement
		for _, s := range loadStops(t, variant) {
			compareStop(tab, s, &a)
		}
		table = append(table, fmt.Sprintf("%-10s %8d %8d %6.1f%% %5d/%-6d %4d/%-4d %4d/%-4d %4d/%-4d", variant,
			a.pairs, a.equal, 100*float64(a.equal)/float64(a.pairs), a.optOutEqual, a.optOut,
			a.typeEqual, a.typePairs, a.framesEqual, a.frames, a.textEqual, a.pairs))
		if testing.Verbose() && variant == "O0" {
			seen := map[string]bool{}
			for _, d := range a.textDiffs {
				if !seen[d] {
					seen[d] = true
					t.Logf("print differs: %s", d)
				}
			}
		}
		for _, m := range a.mismatches {
			t.Errorf("%s: %s", variant, m)
		}
	}
	t.Log("agreement with gdb-multiarch, (pc, variable) pairs:\n" + strings.Join(table, "\n"))
}
