package adapter

import (
	"path/filepath"
	"testing"
	"time"
)

// startEcho launches echo.elf, which polls its UART forever, and lets it run.
func startEcho(t *testing.T) *client {
	c := newClient(t)
	echo, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": echo}, nil)
	c.waitEvent("initialized", nil)
	c.ok("configurationDone", nil, nil)
	return c
}

// TestSessionRequestsWhileRunning sends requests that used to wait for
// the run's lock in the reader: each must be refused at once, and a pause
// sent after it must still be read and stop the run.
func TestSessionRequestsWhileRunning(t *testing.T) {
	echo, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	tests := []struct {
		cmd  string
		args any
	}{
		{"configurationDone", nil},
		{"initialize", map[string]any{"adapterID": "again"}},
		{"launch", map[string]any{"program": echo}},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			c := startEcho(t)
			seq := c.send(tt.cmd, tt.args)
			pseq := c.send("pause", map[string]any{"threadId": 1})
			answered := map[int]msg{}
			timeout := time.After(20 * time.Second)
			for len(answered) < 2 {
				select {
				case m := <-c.msgs:
					if m.Type == "response" && (m.RequestSeq == seq || m.RequestSeq == pseq) {
						answered[m.RequestSeq] = m
					}
				case <-timeout:
					t.Fatalf("%s while running: answered %v (the reader is blocked)", tt.cmd, answered)
				}
			}
			if answered[seq].Success {
				t.Errorf("%s while running succeeded", tt.cmd)
			}
			if !answered[pseq].Success {
				t.Errorf("pause after %s: %s", tt.cmd, answered[pseq].Message)
			}
		})
	}
}

// TestSecondLaunchAndConfigurationDone: once stopped, a second launch or
// configurationDone is refused rather than starting another run.
func TestSecondLaunchAndConfigurationDone(t *testing.T) {
	c := atRecord(t)
	if r := c.request("configurationDone", nil); r.Success {
		t.Error("second configurationDone succeeded")
	}
	if r := c.request("launch", map[string]any{"program": demoELF}); r.Success {
		t.Error("second launch succeeded")
	}
	c.at("record", 70)
}
