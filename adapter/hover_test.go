package adapter

import (
	"strings"
	"testing"
)

// Hovers and watches evaluate without side effects: an assignment fails
// and history keeps its end; the debug console may still edit the past.
func TestEvaluateContextsWithoutSideEffects(t *testing.T) {
	c := atRecord(t)
	c.ok("stepBack", map[string]any{"threadId": 1}, nil)
	c.stopped()
	var before, after struct{ End, Now uint64 }
	c.ok("rewind/timeline", nil, &before)
	for _, ctx := range []string{"hover", "watch", "clipboard"} {
		r := c.request("evaluate", map[string]any{"expression": "sensor.head = 0", "context": ctx})
		if r.Success || !strings.Contains(r.Message, "side effects are not allowed in a "+ctx) {
			t.Errorf("%s evaluate of an assignment: success=%v %q", ctx, r.Success, r.Message)
		}
	}
	c.ok("rewind/timeline", nil, &after)
	if after.End != before.End || c.sawConsole("History changed") {
		t.Fatalf("a hover changed history: end %d -> %d", before.End, after.End)
	}
	c.ok("evaluate", map[string]any{"expression": "sensor.head = 0", "context": "repl"}, nil)
	if !c.sawConsole("History changed") {
		t.Fatal("an assignment in the debug console did not fork")
	}
}
