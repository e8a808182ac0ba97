package adapter

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestDataIDsBounded: many dataBreakpointInfo answers do not grow the
// table past maxDataIDs, and the ids in use keep their descriptions.
func TestDataIDsBounded(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	s.rememberDataID("used", "the one set")
	s.keepDataIDs([]string{"used"})
	for i := range 10 * maxDataIDs {
		s.rememberDataID(fmt.Sprintf("id%d", i), "hover")
		if len(s.dataIDs) > maxDataIDs {
			t.Fatalf("after %d ids the table holds %d", i+1, len(s.dataIDs))
		}
	}
	if s.dataIDs["used"] != "the one set" {
		t.Errorf("the id in use lost its description: %q", s.dataIDs["used"])
	}
	s.keepDataIDs(nil)
	if len(s.dataIDs) != 0 {
		t.Errorf("after clearing the data breakpoints the table holds %d", len(s.dataIDs))
	}
}

// TestDataBreakpointInfoMany asks for many ids through the protocol.
func TestDataBreakpointInfoMany(t *testing.T) {
	c := atRecord(t)
	for i := range 2 * maxDataIDs {
		c.ok("dataBreakpointInfo", map[string]any{"name": fmt.Sprintf("0x%x", 0x80001000+4*uint32(i)), "asAddress": true, "bytes": 4}, nil)
	}
	var bps struct{ Breakpoints []struct{ Verified bool } }
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []map[string]any{{"dataId": "0x80001000/4"}}}, &bps)
	if len(bps.Breakpoints) != 1 {
		t.Fatalf("setDataBreakpoints: %+v", bps)
	}
}
