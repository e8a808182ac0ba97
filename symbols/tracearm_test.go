package symbols

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestARMUnwindEveryInstruction unwinds at every instruction gdb single-
// stepped through on the ARM builds (build_list's epilogue, the return,
// the whole call of sum_list) with CFI, and without it on the stripped
// builds, and compares frames, callee-saved registers and variables with
// gdb's.
func TestARMUnwindEveryInstruction(t *testing.T) {
	for _, v := range armVariants {
		tab := openARMVariant(t, v)
		var stripped *Table
		if v == "m3-O0" || v == "m4-Og" {
			var err error
			if stripped, err = Open(filepath.Join("..", "testdata", "symbols-arm", "prog-"+v+"-nodebug.elf")); err != nil {
				t.Fatal(err)
			}
		}
		files, _ := filepath.Glob(filepath.Join(armGoldenDir, v, "trace", "step*.json"))
		sort.Strings(files)
		if len(files) < 10 {
			t.Fatalf("%s: only %d trace steps", v, len(files))
		}
		var a agreement
		heuristicBad := 0
		for _, fn := range files {
			var st traceStep
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
			tgt := traceTargetIn(t, &st, fn[:len(fn)-len(".json")]+".ram.gz", tab.Arch())
			tgt.image = tab.ReadImage
			frames, err := tab.Unwind(tgt, UnwindOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != len(st.Frames) {
				t.Errorf("%s step %d: %d frames, gdb %d", v, st.Step, len(frames), len(st.Frames))
			}
			a.add(compareFrameVars(tab, frames, st.Frames, &goldenStop{Stop: st.Step, Marker: "step"}))
			if stripped != nil && !sameFrames(stripped, tgt, st.Frames) {
				heuristicBad++
			}
		}
		for _, m := range a.mismatches {
			t.Errorf("%s trace: %s", v, m)
		}
		if heuristicBad > 0 {
			t.Errorf("%s: %d instructions unwound differently without CFI", v, heuristicBad)
		}
		t.Logf("%s: %d instructions, frames %d/%d, variables %d/%d as gdb", v, len(files),
			a.framesEqual, a.frames, a.equal, a.pairs)
	}
}

// sameFrames unwinds with tab (no CFI) and compares the physical frames
// with gdb's.
func sameFrames(tab *Table, tgt Target, gfs []goldenFrame) bool {
	frames, _ := tab.Unwind(tgt, UnwindOptions{})
	want, got := physicalFrames(tab, gfs, frames)
	return strings.Join(got, " ") == strings.Join(want, " ")
}
