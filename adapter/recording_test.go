package adapter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestLaunchRecording debugs a .rwd recording of the demo: with the ELF
// embedded (no program) and with program given.
func TestLaunchRecording(t *testing.T) {
	elf, err := os.ReadFile(demoELF)
	if err != nil {
		t.Fatal(err)
	}
	s, err := debugger.New(elf, debugger.Options{Path: demoELF})
	if err != nil {
		t.Fatal(err)
	}
	s.Continue() // stops before the exit
	s.Continue() // exits
	path := filepath.Join(t.TempDir(), "demo.rwd")
	if err := s.Recording().Write(path); err != nil {
		t.Fatal(err)
	}
	for _, args := range []map[string]any{
		{"recording": path},
		{"recording": path, "program": demoELF},
	} {
		c := newClient(t)
		c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
		c.ok("launch", args, nil)
		c.waitEvent("initialized", nil)
		c.ok("configurationDone", nil, nil)
		if st := c.stopped(); st.Reason != "exit" || !strings.Contains(st.Description, "code 1") {
			t.Fatalf("%v: stop before the exit: %+v", args, st)
		}
		c.ok("continue", map[string]any{"threadId": 1}, nil)
		var ex struct{ ExitCode int }
		c.waitEvent("exited", &ex)
		if ex.ExitCode != 1 {
			t.Fatalf("%v: exit code %d", args, ex.ExitCode)
		}
	}
	c := newClient(t)
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	if r := c.request("launch", map[string]any{"recording": demoELF}); r.Success {
		t.Fatal("an ELF was accepted as a recording")
	}
}
