package gdbserver

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestStopBeforeExit: a forward continue that reaches the firmware's exit
// stops just before the exiting store with a plain SIGTRAP and a console
// message; from there one can go backwards, and only continuing from that
// very point reports W.
func TestStopBeforeExit(t *testing.T) {
	a, _ := loadTarget(t, filepath.Join("..", "testdata", "firmware", "demo.elf"), 1)
	c := startSession(t, a)
	const about = "about to exit with code 1"
	steps := []struct {
		packet, reply, console string
	}{
		{"c", "T05thread:1;00:", about},
		{"bs", "T05thread:1;00:", ""},              // one instruction back
		{"c", "T05thread:1;00:", about},            // reaches the exit point again
		{"bc", "T05thread:1;replaylog:begin;", ""}, // backwards from the exit point
		{"c", "T05thread:1;00:", about},
		{"c", "W01", ""}, // continuing from the exit point exits
		{"bc", "W01", ""},
	}
	for i, st := range steps {
		c.send(st.packet)
		reply, console := c.recv()
		if !strings.HasPrefix(reply, st.reply) {
			t.Fatalf("step %d %q: reply %.40q, want %q", i, st.packet, reply, st.reply)
		}
		if st.console != "" && !strings.Contains(console, st.console) {
			t.Fatalf("step %d %q: console %q lacks %q", i, st.packet, console, st.console)
		}
		if strings.Contains(reply, "swbreak") {
			t.Fatalf("step %d %q: the stop before the exit claims a breakpoint: %q", i, st.packet, reply)
		}
	}
}
