package symbols

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// armGoldenDir holds gdb-multiarch's answers on qemu-system-arm for the
// ARM test program (testdata/symbols-arm/golden/gen.sh).
const armGoldenDir = "../testdata/symbols-arm/golden"

// armVariants are the ARM builds: Cortex-M3 soft-float and Cortex-M4
// hard-float at -O0, -Og and -O2 (DWARF 5), and two DWARF 4 builds.
var armVariants = []string{"m3-O0", "m3-Og", "m3-O2", "m4-O0", "m4-Og", "m4-O2", "m3-Og-dwarf4", "m4-O2-dwarf4"}

// loadARMStops reads the stops of an ARM variant; memory outside the
// recorded RAM comes from the ELF image.
func loadARMStops(t testing.TB, tab *Table, variant string) []*goldenStop {
	t.Helper()
	stops := loadStopsIn(t, armGoldenDir, variant, tab.Arch())
	for _, s := range stops {
		s.target.image = tab.ReadImage
	}
	return stops
}

// openARMVariant opens the ELF of an ARM build variant.
func openARMVariant(t testing.TB, variant string) *Table {
	t.Helper()
	tab, err := Open(filepath.Join("..", "testdata", "symbols-arm", "prog-"+variant+".elf"))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Arch().Name() != "armv7-m" {
		t.Fatalf("%s: architecture %s", variant, tab.Arch().Name())
	}
	return tab
}

// TestARMGoldenAgreement compares frames (exception frames included),
// callee-saved registers per frame, variables, values, types and gdb's
// print text with gdb's at every recorded stop of every ARM variant, and
// prints the agreement table.
func TestARMGoldenAgreement(t *testing.T) {
	table := []string{fmt.Sprintf("%-12s %6s %6s %7s %12s %9s %9s %9s %5s",
		"variant", "pairs", "equal", "share", "opt-out eq", "types", "frames", "print", "exc")}
	for _, variant := range armVariants {
		tab := openARMVariant(t, variant)
		var a agreement
		excFrames := 0
		for _, s := range loadARMStops(t, tab, variant) {
			compareStop(tab, s, &a)
			for _, f := range s.Frames {
				if f.Function == ExceptionFrameName {
					excFrames++
				}
			}
		}
		table = append(table, fmt.Sprintf("%-12s %6d %6d %6.1f%% %5d/%-6d %4d/%-4d %4d/%-4d %4d/%-4d %5d", variant,
			a.pairs, a.equal, 100*float64(a.equal)/float64(a.pairs), a.optOutEqual, a.optOut,
			a.typeEqual, a.typePairs, a.framesEqual, a.frames, a.textEqual, a.pairs, excFrames))
		for _, m := range a.mismatches {
			t.Errorf("%s: %s", variant, m)
		}
		for _, d := range a.textDiffs {
			t.Errorf("%s: print differs: %s", variant, d)
		}
		if excFrames == 0 {
			t.Errorf("%s: no exception frame in the goldens", variant)
		}
	}
	t.Log("agreement with gdb-multiarch on qemu-system-arm, (pc, variable) pairs:\n" + strings.Join(table, "\n"))
}

// TestARMRegistersAtStops checks the innermost frame's registers by name
// (r0–r12, sp, lr, pc and, on the M4, s0–s31) against gdb's.
func TestARMRegistersAtStops(t *testing.T) {
	for _, variant := range armVariants {
		tab := openARMVariant(t, variant)
		for _, s := range loadARMStops(t, tab, variant) {
			frames, err := tab.Unwind(s.target, UnwindOptions{})
			if err != nil || len(frames) == 0 {
				t.Fatalf("%s stop %d: %v", variant, s.Stop, err)
			}
			env := frames[0].Env()
			for name, want := range s.Regs {
				if name == "xpsr" {
					continue // not a DWARF register
				}
				v, ok := env.LookupRegister(name)
				if got := fmt.Sprintf("0x%x", v); !ok || got != want {
					t.Errorf("%s stop %d: $%s = %s (%v), gdb %s", variant, s.Stop, name, got, ok, want)
				}
			}
		}
	}
}

// TestARMBreakpointsMatchGDB checks "break func" and "break file:line"
// addresses (no Thumb bit) against gdb's.
func TestARMBreakpointsMatchGDB(t *testing.T) {
	for _, v := range armVariants {
		tab := openARMVariant(t, v)
		bps := loadBreakpointsIn(t, armGoldenDir, v)
		for name, locs := range bps.Functions {
			fn, ok := tab.FunctionByName(name)
			if !ok {
				t.Errorf("%s: no function %s", v, name)
				continue
			}
			if got := fmt.Sprintf("0x%x", tab.BreakpointAddr(fn)); got != locs[0].Addr {
				t.Errorf("%s: break %s at %s, gdb %s", v, name, got, locs[0].Addr)
			}
		}
		total, equal := 0, 0
		for spec, locs := range bps.Lines {
			file, lineStr, _ := strings.Cut(spec, ":")
			var line int
			fmt.Sscan(lineStr, &line)
			total++
			got, err := tab.LineToPCs(file, line)
			var gs, ws []string
			for _, b := range got {
				gs = append(gs, fmt.Sprintf("0x%x:%d", b.Addr, b.Line))
			}
			for _, l := range locs {
				ws = append(ws, fmt.Sprintf("%s:%d", l.Addr, l.Line))
			}
			if err == nil && strings.Join(gs, ",") == strings.Join(ws, ",") {
				equal++
				continue
			}
			t.Errorf("%s: break %s: got %v (%v), gdb %v", v, spec, gs, err, ws)
		}
		t.Logf("%s: %d/%d line breakpoints as gdb", v, equal, total)
	}
}
