package adapter

import (
	"path/filepath"
	"testing"
)

// TestLongReverseSearch reverse-continues 10^8 instructions back to a data
// breakpoint on gdbserver's longrun firmware, with progress reports.
func TestLongReverseSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 10^8 instructions")
	}
	c := newClient(t)
	longrun, _ := filepath.Abs(filepath.Join("..", "gdbserver", "testdata", "longrun.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind", "supportsProgressReporting": true}, nil)
	c.ok("launch", map[string]any{"program": longrun}, nil)
	c.waitEvent("initialized", nil)
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []map[string]any{{"name": "done"}}}, nil)
	c.ok("configurationDone", nil, nil)
	if st := c.stopped(); st.Reason != "function breakpoint" {
		t.Fatalf("to done: %+v", st)
	}
	end := c.timeNow()
	var info struct{ DataId string }
	c.ok("dataBreakpointInfo", map[string]any{"name": "marker"}, &info)
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []map[string]any{{"dataId": info.DataId}}}, nil)
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "data breakpoint" {
		t.Fatalf("reverse: %+v", st)
	}
	if now := c.timeNow(); end-now < 100_000_000 {
		t.Fatalf("landed only %d steps back", end-now)
	}
	if f := c.top(); f.Name != "main" {
		t.Fatalf("landed in %v", f)
	}
	starts, ends := len(c.eventsNamed("progressStart")), len(c.eventsNamed("progressEnd"))
	if starts != ends {
		t.Fatalf("%d progressStart, %d progressEnd", starts, ends)
	}
	t.Logf("progress reports: %d", starts)
}

func TestTwoHarts(t *testing.T) {
	c := newClient(t)
	launchDemo(c, map[string]any{"harts": 2})
	c.configure()
	var th struct{ Threads []struct{ Id int } }
	c.ok("threads", nil, &th)
	if len(th.Threads) != 2 || th.Threads[1].Id != 2 {
		t.Fatalf("threads: %+v", th)
	}
	c.ok("stackTrace", map[string]any{"threadId": 2}, nil)
	c.ok("next", map[string]any{"threadId": 2, "granularity": "instruction"}, nil)
	if st := c.stopped(); st.ThreadId != 2 {
		t.Fatalf("stopped %+v, want thread 2", st)
	}
}
