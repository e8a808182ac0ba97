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

// TestRegistersPerFrame: the Registers scope of a caller's frame shows
// that frame's pc and <not saved> for caller-saved registers.
func TestRegistersPerFrame(t *testing.T) {
	c := atRecord(t)
	var st struct {
		StackFrames []struct {
			Id                          int
			InstructionPointerReference string
		}
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	if len(st.StackFrames) < 2 {
		t.Fatalf("stack: %+v", st)
	}
	regs := func(frame int) map[string]string {
		var sc struct {
			Scopes []struct {
				Name               string
				VariablesReference int
			}
		}
		c.ok("scopes", map[string]any{"frameId": st.StackFrames[frame].Id}, &sc)
		var vs struct {
			Variables []struct{ Name, Value string }
		}
		c.ok("variables", map[string]any{"variablesReference": sc.Scopes[2].VariablesReference}, &vs)
		out := map[string]string{}
		for _, v := range vs.Variables {
			out[v.Name] = v.Value
		}
		return out
	}
	inner, outer := regs(0), regs(1)
	if outer["a0"] != "<not saved>" || inner["a0"] == "<not saved>" || outer["s0"] == "<not saved>" {
		t.Fatalf("a0 %q in frame 1, %q in frame 0; s0 %q in frame 1", outer["a0"], inner["a0"], outer["s0"])
	}
	if outer["pc"] != st.StackFrames[1].InstructionPointerReference || outer["pc"] == inner["pc"] {
		t.Fatalf("pc of frame 1 %q, its frame says %q, frame 0's %q", outer["pc"], st.StackFrames[1].InstructionPointerReference, inner["pc"])
	}
}
