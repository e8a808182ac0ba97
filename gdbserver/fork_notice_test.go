package gdbserver

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestForkNoticeReachesGDB: a change to the past (M, P, G or monitor uart
// before the end of history) keeps its OK reply and tells gdb's console
// that the future was discarded: in the monitor's output, or in O packets
// before the next stop reply.
func TestForkNoticeReachesGDB(t *testing.T) {
	const notice = "the past was changed"
	tests := []struct {
		name   string
		change func(sym map[string]uint32) string
		// inReply: the notice comes with the change's own reply
		// (monitor), otherwise before the next stop reply.
		inReply bool
	}{
		{"M", func(sym map[string]uint32) string { return fmt.Sprintf("M%x,4:01000000", sym["sensor"]+32) }, false},
		{"P", func(map[string]uint32) string { return "Pa=05000000" }, false},
		{"monitor uart", func(map[string]uint32) string { return "qRcmd," + encodeHex([]byte("uart x")) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, sym := loadTarget(t, filepath.Join("..", "testdata", "firmware", "demo.elf"), 1)
			c := startSession(t, a)
			c.rt(fmt.Sprintf("Z0,%x,2", sym["record"]))
			for range 2 {
				if r := c.rt("c"); !strings.HasPrefix(r, "T05") {
					t.Fatalf("continue to record: %q", r)
				}
			}
			if r := c.rt("bc"); !strings.HasPrefix(r, "T05") { // back to the first hit: the past
				t.Fatalf("reverse-continue: %q", r)
			}
			c.send(tt.change(sym))
			reply, console := c.recv()
			if reply != "OK" {
				t.Fatalf("%s: reply %q, want OK", tt.name, reply)
			}
			if got := strings.Contains(console, notice); got != tt.inReply {
				t.Fatalf("%s: notice with the reply = %v (console %q)", tt.name, got, console)
			}
			c.send("c")
			reply, console = c.recv()
			if strings.Contains(console, notice) == tt.inReply {
				t.Fatalf("%s: before the next stop reply %q the console said %q", tt.name, reply, console)
			}
		})
	}
}
