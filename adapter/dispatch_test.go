package adapter

import "testing"

// TestHandlerTablePerServer: the command table is built per call, so no
// server (or test) can change another's.
func TestHandlerTablePerServer(t *testing.T) {
	a, b := handlerTable(), handlerTable()
	for _, cmd := range []string{"initialize", "launch", "configurationDone", "pause", "rewind/seek"} {
		if a[cmd] == nil {
			t.Errorf("no handler for %q", cmd)
		}
	}
	delete(a, "initialize")
	if b["initialize"] == nil {
		t.Error("deleting from one table changed another")
	}
}
