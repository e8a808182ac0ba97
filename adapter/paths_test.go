package adapter

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// demoLine is the 1-based line of demo.c holding text.
func demoLine(t *testing.T, text string) int {
	t.Helper()
	data, err := os.ReadFile(demoC)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("demo.c has no %q", text)
	return 0
}

// TestSourceFileMap debugs the demo from a copy of its source in another
// folder: breakpoints set in the copy are hit, and frames and breakpoints
// name the copy, not the compile directory.
func TestSourceFileMap(t *testing.T) {
	ws := t.TempDir()
	data, err := os.ReadFile(demoC)
	if err != nil {
		t.Fatal(err)
	}
	copyC := filepath.Join(ws, "demo.c")
	if err := os.WriteFile(copyC, data, 0o644); err != nil {
		t.Fatal(err)
	}
	line := demoLine(t, "if (s->head > RING_SIZE)")
	c := newClient(t)
	launchDemo(c, map[string]any{"sourceFileMap": map[string]string{filepath.Dir(demoC) + "/": ws}})
	if !c.sawConsole("sourceFileMap: sources compiled in " + filepath.Dir(demoC)) {
		t.Error("the Debug Console does not say which mapping is used")
	}
	var bps struct {
		Breakpoints []struct {
			Verified bool
			Line     int
			Source   struct{ Path string }
		}
	}
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": copyC},
		"breakpoints": []map[string]any{{"line": line}}}, &bps)
	if len(bps.Breakpoints) != 1 || !bps.Breakpoints[0].Verified || bps.Breakpoints[0].Source.Path != copyC {
		t.Fatalf("setBreakpoints in the copy: %+v", bps)
	}
	var locs struct{ Breakpoints []struct{ Line int } }
	c.ok("breakpointLocations", map[string]any{"source": map[string]any{"path": copyC}, "line": line, "endLine": line}, &locs)
	if len(locs.Breakpoints) != 1 {
		t.Errorf("breakpointLocations in the copy: %+v", locs)
	}
	c.configure()
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "breakpoint" {
		t.Fatalf("stop: %+v", st)
	}
	var st struct {
		StackFrames []struct{ Source *struct{ Path string } }
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	if len(st.StackFrames) == 0 || st.StackFrames[0].Source == nil || st.StackFrames[0].Source.Path != copyC {
		t.Fatalf("top frame source: %+v", st)
	}
	var src struct{ Content string }
	c.ok("source", map[string]any{"source": map[string]any{"path": copyC}}, &src)
	if src.Content != string(data) {
		t.Error("source of the copy differs")
	}
}

// TestSeekClearsTheStopLabel checks that a custom request that moves in
// time is preceded by a continued event, sent before its response, so
// the client drops the previous stop's label.
func TestSeekClearsTheStopLabel(t *testing.T) {
	c := atRecord(t)
	now := c.timeNow()
	seq := c.send("rewind/seek", map[string]any{"time": now / 2})
	continued := false
	for {
		m := c.recv()
		if m.Type == "event" && m.Event == "continued" {
			var b struct{ AllThreadsContinued bool }
			json.Unmarshal(m.Body, &b)
			continued = b.AllThreadsContinued
		}
		if m.Type == "response" && m.RequestSeq == seq {
			break
		}
	}
	if !continued {
		t.Fatal("no continued event (allThreadsContinued) before the rewind/seek response")
	}
	if st := c.stopped(); st.Reason != "goto" || st.Description == "" {
		t.Fatalf("stop after seek: %+v", st)
	}
}

// TestAnsweredWhileRunning asks what VS Code asks while the firmware runs
// (echo waits for input forever): breakpointLocations is answered, and
// rewind/timeline's refusal is not shown to the user.
func TestAnsweredWhileRunning(t *testing.T) {
	c := newClient(t)
	echo, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	echoC, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.c"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": echo}, nil)
	c.waitEvent("initialized", nil)
	c.ok("configurationDone", nil, nil)
	var locs struct{ Breakpoints []struct{ Line int } }
	c.ok("breakpointLocations", map[string]any{"source": map[string]any{"path": echoC}, "line": 1, "endLine": 200}, &locs)
	if len(locs.Breakpoints) == 0 {
		t.Error("no breakpoint locations while running")
	}
	r := c.request("rewind/timeline", nil)
	if r.Success {
		return // answered: fine too
	}
	var b struct{ Error struct{ ShowUser bool } }
	json.Unmarshal(r.Body, &b)
	if b.Error.ShowUser {
		t.Errorf("rewind/timeline while running shows the user: %s", r.Message)
	}
	c.ok("pause", map[string]any{"threadId": 1}, nil)
	c.stopped()
}
