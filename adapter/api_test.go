package adapter

import (
	"strings"
	"testing"
)

// TestStepOutOfOutermost: stepOut and reverse step out in main (the
// outermost frame) are refused with gdb's words, and nothing moves.
func TestStepOutOfOutermost(t *testing.T) {
	c := atRecord(t)
	c.ok("stepOut", map[string]any{"threadId": 1}, nil)
	c.stopped()
	for _, cmd := range []string{"stepOut", "rewind/reverseStepOut"} {
		r := c.request(cmd, map[string]any{"threadId": 1})
		if r.Success || !strings.Contains(r.Message, "outermost frame") {
			t.Fatalf("%s in main: success=%v %q", cmd, r.Success, r.Message)
		}
	}
	if f := c.top(); f.Name != "main" || f.Line != 95 {
		t.Fatalf("moved to %v", f)
	}
}

// TestSetBreakpointsKeepsIDs: a setBreakpoints that keeps a line keeps
// its breakpoint's id.
func TestSetBreakpointsKeepsIDs(t *testing.T) {
	c := newClient(t)
	launchDemo(c, nil)
	type body struct{ Breakpoints []struct{ Id, Line int } }
	var a, b body
	src := map[string]any{"path": demoC}
	c.ok("setBreakpoints", map[string]any{"source": src, "breakpoints": []map[string]any{{"line": 70}, {"line": 94}}}, &a)
	c.ok("setBreakpoints", map[string]any{"source": src, "breakpoints": []map[string]any{{"line": 94}, {"line": 96}}}, &b)
	if len(a.Breakpoints) != 2 || len(b.Breakpoints) != 2 || b.Breakpoints[0].Id != a.Breakpoints[1].Id || b.Breakpoints[1].Id == a.Breakpoints[0].Id {
		t.Fatalf("ids: %+v then %+v", a.Breakpoints, b.Breakpoints)
	}
}
