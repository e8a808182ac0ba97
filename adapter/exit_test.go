package adapter

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStopAtExit: running to the firmware's exit stops before it (the
// session and its breakpoints stay); continue then ends the session. With
// stopAtExit false the session ends at the exit at once.
func TestStopAtExit(t *testing.T) {
	fault, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "fault.elf"))
	for _, stop := range []bool{true, false} {
		c := newClient(t)
		c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
		c.ok("launch", map[string]any{"program": fault, "stopAtExit": stop}, nil)
		c.waitEvent("initialized", nil)
		c.ok("configurationDone", nil, nil)
		if stop {
			st := c.stopped()
			if st.Reason != "exit" || !strings.Contains(st.Description, "code 3") || !strings.Contains(st.Text, "step back") {
				t.Fatalf("stop before the exit: %+v", st)
			}
			checkTimelineExit(t, c)
			c.ok("stepBack", map[string]any{"threadId": 1}, nil)
			if st := c.stopped(); st.Reason != "step" {
				t.Fatalf("step back from the exit: %+v", st)
			}
			c.ok("continue", map[string]any{"threadId": 1}, nil)
			if st := c.stopped(); st.Reason != "exit" {
				t.Fatalf("continue to the exit again: %+v", st)
			}
			c.ok("continue", map[string]any{"threadId": 1}, nil)
		}
		var ex struct{ ExitCode int }
		c.waitEvent("exited", &ex)
		if ex.ExitCode != 3 {
			t.Fatalf("stopAtExit %v: exit code %d", stop, ex.ExitCode)
		}
		c.waitEvent("terminated", nil)
	}
}

// checkTimelineExit: rewind/timeline names the exit stop with its code, at
// the time the run stopped at, for the extension's status bar and timeline.
func checkTimelineExit(t *testing.T, c *client) {
	t.Helper()
	var tl struct {
		End, Now uint64
		Stops    []struct {
			Time     uint64
			Reason   string
			ExitCode *int `json:"exitCode"`
		}
	}
	c.ok("rewind/timeline", nil, &tl)
	if len(tl.Stops) == 0 {
		t.Fatalf("timeline at the exit has no stops: %+v", tl)
	}
	last := tl.Stops[len(tl.Stops)-1]
	if last.Reason != "exiting" || last.ExitCode == nil || *last.ExitCode != 3 || last.Time != tl.Now || tl.Now > tl.End {
		t.Fatalf("timeline at the exit: now %d end %d, last stop %+v", tl.Now, tl.End, last)
	}
}
