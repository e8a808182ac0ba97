package symbols

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gdbBreakpoints is golden/<variant>/breakpoints.json.
type gdbBreakpoints struct {
	Functions map[string][]gdbLoc `json:"functions"`
	Lines     map[string][]gdbLoc `json:"lines"`
}

type gdbLoc struct {
	Addr string `json:"addr"`
	Line int    `json:"line"`
}

func loadBreakpoints(t *testing.T, variant string) gdbBreakpoints {
	t.Helper()
	return loadBreakpointsIn(t, goldenDir, variant)
}

// loadBreakpointsIn reads the breakpoint goldens of a variant in dir.
func loadBreakpointsIn(t *testing.T, dir, variant string) gdbBreakpoints {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, variant, "breakpoints.json"))
	if err != nil {
		t.Fatal(err)
	}
	var b gdbBreakpoints
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPostPrologueMatchesGDB checks "break func" addresses.
func TestPostPrologueMatchesGDB(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		for name, locs := range loadBreakpoints(t, v).Functions {
			fn, ok := tab.FunctionByName(name)
			if !ok {
				// Inlined-only functions (span) have no out-of-line copy.
				continue
			}
			got := fmt.Sprintf("0x%x", tab.BreakpointAddr(fn))
			if got != locs[0].Addr {
				t.Errorf("%s: break %s at %s, gdb %s", v, name, got, locs[0].Addr)
			}
		}
	}
}

// TestLineBreakpointsMatchGDB checks "break file:line" for every line.
func TestLineBreakpointsMatchGDB(t *testing.T) {
	for _, v := range variants {
		tab := openVariant(t, v)
		total, equal := 0, 0
		for spec, locs := range loadBreakpoints(t, v).Lines {
			file, lineStr, _ := strings.Cut(spec, ":")
			var line int
			fmt.Sscan(lineStr, &line)
			total++
			bps, err := tab.LineToPCs(file, line)
			var got, want []string
			for _, b := range bps {
				got = append(got, fmt.Sprintf("0x%x:%d", b.Addr, b.Line))
			}
			for _, l := range locs {
				want = append(want, fmt.Sprintf("%s:%d", l.Addr, l.Line))
			}
			if err == nil && strings.Join(got, ",") == strings.Join(want, ",") {
				equal++
				continue
			}
			t.Errorf("%s: break %s: got %v (%v), gdb %v", v, spec, got, err, want)
		}
		t.Logf("%s: %d/%d line breakpoints as gdb", v, equal, total)
	}
}
