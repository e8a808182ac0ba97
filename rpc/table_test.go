package rpc

import (
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestBreakpointTable amends, disables, lists and clears breakpoints by
// their stable ids; watch stops carry the value before and after the
// write; history counts every change however few it lists.
func TestBreakpointTable(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	rec := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "record", "condition": "raw > 1000"})
	end := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "demo.c:102"})
	if st := call[Stop](t, c, "run", nil); len(st.Breakpoints) != 1 || st.Breakpoints[0] != end.ID {
		t.Fatalf("run past the false condition: %+v", st)
	}
	call[Stop](t, c, "seek", map[string]any{"time": 0})
	am := call[Breakpoint](t, c, "breakpoint.amend", map[string]any{"id": rec.ID, "condition": "", "hitCondition": "== 2"})
	if am.ID != rec.ID || am.Condition != "" || am.HitCondition != "== 2" || !am.Enabled {
		t.Fatalf("amend: %+v", am)
	}
	if st := call[Stop](t, c, "run", nil); len(st.Breakpoints) != 1 || st.Breakpoints[0] != rec.ID {
		t.Fatalf("run to the second record: %+v", st)
	}
	call[Breakpoint](t, c, "breakpoint.amend", map[string]any{"id": rec.ID, "enabled": false})
	list := call[[]Breakpoint](t, c, "breakpoint.list", nil)
	if len(list) != 2 || list[0].ID != rec.ID || list[0].Enabled || list[0].Hits != 1 || list[0].HitCondition != "== 2" {
		t.Fatalf("list: %+v", list)
	}
	callErr(t, c, "breakpoint.amend", map[string]any{"id": 99}, CodeFailed)
	callErr(t, c, "breakpoint.amend", map[string]any{"id": rec.ID, "hitCondition": "=="}, CodeFailed)
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": end.ID})
	call[Breakpoint](t, c, "watch.set", map[string]any{"expression": "sensor.calibration"})
	st := call[Stop](t, c, "run", nil)
	if st.Reason != "data breakpoint" || st.OldValue != "-15" || st.NewValue != "211" {
		t.Fatalf("watch stop: %+v", st)
	}
	h := call[History](t, c, "history", map[string]any{"expression": "sensor.calibration", "limit": 1, "last": true})
	if h.Count != 2 || len(h.Changes) != 1 || !h.Truncated || !h.Last || h.Changes[0].New != "211" {
		t.Fatalf("history: %+v", h)
	}
}

// TestStepInstructionOverCalls: granularity instruction steps over a call
// as gdb's nexti does; instruction-in enters it; out is refused in main.
func TestStepInstructionOverCalls(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "demo.c:94"})
	call[Stop](t, c, "run", nil)
	msg := callErr(t, c, "step", map[string]any{"granularity": "out"}, CodeFailed)
	if !strings.Contains(msg, "outermost frame") {
		t.Fatalf("step out of main: %q", msg)
	}
	var entered, over bool
	for range 20 {
		at := call[Stop](t, c, "step", map[string]any{"granularity": "instruction"})
		if at.Function != "main" {
			t.Fatalf("instruction step left main: %+v", at)
		}
		in := call[Stop](t, c, "step", map[string]any{"granularity": "instruction-in"})
		if in.Function == "record" {
			entered = true
			call[Stop](t, c, "step", map[string]any{"direction": "backward", "granularity": "instruction"})
			next := call[Stop](t, c, "step", map[string]any{"granularity": "instruction"})
			over = next.Function == "main" && next.Line == 95
			break
		}
		call[Stop](t, c, "step", map[string]any{"direction": "backward", "granularity": "instruction-in"})
	}
	if !entered || !over {
		t.Fatalf("entered record %v, stepped over it %v", entered, over)
	}
	callErr(t, c, "step", map[string]any{"granularity": "sideways"}, jsonrpc2.CodeInvalidParams)
}
