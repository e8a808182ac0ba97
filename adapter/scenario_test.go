package adapter

import (
	"path/filepath"
	"strings"
	"testing"
)

// demoEditions are the built-in demo's two builds: the same source lines
// for RISC-V (virt) and Cortex-M (mps2-an385).
var demoEditions = []struct{ name, elf, source string }{
	{"riscv", demoELF, demoC},
	{"cortex-m", filepath.Join("..", "testdata", "arm", "demo", "demo.elf"), filepath.Join("..", "testdata", "arm", "demo", "demo.c")},
}

// TestDemoScenario is the scenario: run to the failed check, watch
// sensor.calibration, reverse-continue to the write in record(), step
// back, reverse-continue with a conditional breakpoint, then forward
// again to the same moment; on both editions of the demo.
func TestDemoScenario(t *testing.T) {
	for _, d := range demoEditions {
		t.Run(d.name, func(t *testing.T) {
			src, err := filepath.Abs(d.source)
			if err != nil {
				t.Fatal(err)
			}
			demoScenario(t, d.elf, src)
		})
	}
}

func demoScenario(t *testing.T, elf, demoC string) {
	c := newClient(t)
	launchDemo(c, map[string]any{"program": elf})
	var bps struct {
		Breakpoints []struct {
			Verified bool
			Line, Id int
		}
	}
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": demoC},
		"breakpoints": []map[string]any{{"line": 103}}}, &bps)
	if len(bps.Breakpoints) != 1 || !bps.Breakpoints[0].Verified || bps.Breakpoints[0].Line != 103 {
		t.Fatalf("setBreakpoints: %+v", bps)
	}
	if st := c.configure(); st.Reason != "entry" {
		t.Fatalf("first stop %+v, want entry", st)
	}
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "breakpoint" {
		t.Fatalf("continue: %+v", st)
	}
	c.at("main", 103)
	if out := c.stdout(); !strings.Contains(out, "reading 42.1 C") {
		t.Fatalf("UART output so far: %q", out)
	}

	var info struct {
		DataId      string
		Description string
	}
	c.ok("dataBreakpointInfo", map[string]any{"name": "sensor.calibration", "frameId": c.top().ID}, &info)
	if info.DataId == "" {
		t.Fatalf("dataBreakpointInfo: %+v", info)
	}
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []map[string]any{{"dataId": info.DataId, "accessType": "write"}}}, nil)
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "data breakpoint" {
		t.Fatalf("reverseContinue: %+v", st)
	}
	c.at("record", 70)
	writeMoment := c.timeNow()

	c.ok("stepBack", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "step" {
		t.Fatalf("stepBack: %+v", st)
	}
	c.at("main", 94)

	// A conditional breakpoint on the loop's first line: step == 3.
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []any{}}, nil)
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": demoC},
		"breakpoints": []map[string]any{{"line": 103}, {"line": 93, "condition": "step == 3"}}}, nil)
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "breakpoint" {
		t.Fatalf("reverseContinue with a condition: %+v", st)
	}
	c.at("main", 93)
	var ev struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "step", "frameId": c.top().ID, "context": "watch"}, &ev)
	if ev.Result != "3" {
		t.Fatalf("step = %s at the conditional breakpoint, want 3", ev.Result)
	}

	// Forward again to the same moment: the write in record().
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": demoC}, "breakpoints": []any{}}, nil)
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []map[string]any{{"dataId": info.DataId, "accessType": "write"}}}, nil)
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "data breakpoint" {
		t.Fatalf("continue to the write: %+v", st)
	}
	if now := c.timeNow(); now != writeMoment+1 {
		t.Fatalf("forward stop at time %d, want just after the write at %d", now, writeMoment)
	}
	c.at("record", 71)
	var cal struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "sensor.calibration", "context": "hover"}, &cal)
	if cal.Result == "-15" {
		t.Fatalf("sensor.calibration after the write = %s, want the overwritten value", cal.Result)
	}
}

// timeNow asks the adapter for the current time.
func (c *client) timeNow() uint64 {
	c.t.Helper()
	var tl struct{ Now uint64 }
	c.ok("rewind/timeline", nil, &tl)
	return tl.Now
}
