package adapter

import (
	"encoding/json"
	"testing"
)

// TestErrorNotifications checks which errors ask the client to notify the
// user: a failed launch does; a view refresh for a stop that is already past
// (a stale variables reference) does not.
func TestErrorNotifications(t *testing.T) {
	showUser := func(m msg) bool {
		var body struct {
			Error struct {
				ShowUser bool `json:"showUser"`
			} `json:"error"`
		}
		if err := json.Unmarshal(m.Body, &body); err != nil {
			t.Fatalf("error body: %v", err)
		}
		return body.Error.ShowUser
	}
	c := newClient(t)
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	r := c.request("launch", map[string]any{"program": "/nonexistent/firmware.elf"})
	if r.Success || !showUser(r) {
		t.Errorf("failed launch: success %v, showUser %v; want an error shown to the user", r.Success, showUser(r))
	}

	c = newClient(t)
	launchDemo(c, nil)
	c.configure()
	r = c.request("variables", map[string]any{"variablesReference": 987654})
	if r.Success || showUser(r) {
		t.Errorf("stale variables reference: success %v, showUser %v; want a quiet error", r.Success, showUser(r))
	}
}
