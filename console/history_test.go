package console

import (
	"bytes"
	"strings"
	"testing"
)

// TestHistoryCountNotCapped: a value that changed 12000 times says so, and
// says that only the first 10000 changes are listed (it used to say
// "changed 10000 times").
func TestHistoryCountNotCapped(t *testing.T) {
	var out bytes.Buffer
	c := firmwareConsole(t, &out, "counter")
	c.Exec("continue")
	out.Reset()
	c.Exec("history g_tx")
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if !strings.HasPrefix(lines[0], "g_tx changed 12000 times in the history") {
		t.Fatalf("first line %q", lines[0])
	}
	if last := lines[len(lines)-1]; last != "  (changed 12000 times; showing the first 10000)" || len(lines) != 10002 {
		t.Fatalf("%d lines, the last %q", len(lines), last)
	}
}
