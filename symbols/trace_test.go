package symbols

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// traceStep is one instruction of golden/<variant>/trace (gdb stepi).
type traceStep struct {
	Step    int               `json:"step"`
	Regs    map[string]string `json:"regs"`
	RAMBase string            `json:"ram_base"`
	Frames  []goldenFrame     `json:"frames"`
}

// TestUnwindEveryInstruction unwinds at every instruction gdb single-
// stepped through (a function's epilogue, the return, a whole call with
// its entry, prologue and epilogue) and compares frames and callee-saved
// registers with gdb's.
func TestUnwindEveryInstruction(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		files, _ := filepath.Glob(filepath.Join(goldenDir, v, "trace", "step*.json"))
		sort.Strings(files)
		if len(files) < 10 {
			t.Fatalf("%s: only %d trace steps", v, len(files))
		}
		bad, pairs, equal := 0, 0, 0
		for _, fn := range files {
			var st traceStep
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
			tgt := traceTarget(t, &st, fn[:len(fn)-len(".json")]+".ram.gz")
			frames, err := tab.Unwind(tgt, UnwindOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != len(st.Frames) {
				bad++
				t.Errorf("%s step %d: %d frames, gdb %d", v, st.Step, len(frames), len(st.Frames))
				continue
			}
			for i, gf := range st.Frames {
				if d := frameDiff(frames[i], gf); d != "" {
					bad++
					t.Errorf("%s step %d frame %d: %s", v, st.Step, i, d)
				}
			}
			a := compareFrameVars(tab, frames, st.Frames, &goldenStop{Stop: st.Step, Marker: "step"})
			pairs += a.pairs
			equal += a.equal
			for _, m := range a.mismatches {
				t.Errorf("%s trace: %s", v, m)
			}
		}
		t.Logf("%s: %d instructions unwound, %d frame differences; variables equal to gdb's: %d/%d",
			v, len(files), bad, equal, pairs)
	}
}

// traceTarget builds a target holding the RAM of a step.
func traceTarget(t *testing.T, st *traceStep, stackFile string) *fakeTarget {
	t.Helper()
	return traceTargetIn(t, st, stackFile, riscv32Arch)
}

// traceTargetIn builds a target holding the RAM of a step whose register
// names are arch's.
func traceTargetIn(t *testing.T, st *traceStep, stackFile string, arch *Arch) *fakeTarget {
	t.Helper()
	gz, err := os.ReadFile(stackFile)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	mem, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	ft := &fakeTarget{base: mustHex(t, st.RAMBase), ram: mem, pc: mustHex(t, st.Regs["pc"])}
	for name, v := range st.Regs {
		if n, ok := arch.RegisterNumber(name); ok {
			ft.regs[n] = mustHex(t, v)
		}
	}
	return ft
}

// TestHeuristicUnwindEveryInstruction unwinds the single-stepped trace
// with no CFI (stripped ELFs) and compares the physical frames with gdb's.
func TestHeuristicUnwindEveryInstruction(t *testing.T) {
	for _, v := range []string{"O0", "Og"} {
		tab := openVariant(t, v+"-nodebug")
		files, _ := filepath.Glob(filepath.Join(goldenDir, v, "trace", "step*.json"))
		sort.Strings(files)
		bad := 0
		for _, fn := range files {
			var st traceStep
			data, err := os.ReadFile(fn)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &st); err != nil {
				t.Fatal(err)
			}
			frames, _ := tab.Unwind(traceTarget(t, &st, fn[:len(fn)-len(".json")]+".ram.gz"), UnwindOptions{})
			var got, want []string
			for _, gf := range st.Frames {
				if !gf.Inline {
					want = append(want, gf.Function+"@"+gf.PC)
				}
			}
			for _, f := range frames {
				got = append(got, f.Name+"@"+fmt.Sprintf("0x%x", f.PC))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				bad++
				t.Logf("%s step %d: got %v, gdb %v", v, st.Step, got, want)
			}
		}
		t.Logf("%s without CFI: %d/%d instructions unwound as gdb", v, len(files)-bad, len(files))
		if bad > 0 {
			t.Errorf("%s: %d instructions unwound differently without CFI", v, bad)
		}
	}
}
