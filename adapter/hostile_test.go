package adapter

import (
	"strings"
	"testing"
)

// TestHostileRanges sends ranges whose ends overflow an int: each must be
// answered (no hang, no caught panic).
func TestHostileRanges(t *testing.T) {
	c := atRecord(t)
	huge := int64(1<<63 - 1)
	tests := []struct {
		cmd  string
		args map[string]any
	}{
		{"breakpointLocations", map[string]any{"source": map[string]any{"path": demoC}, "line": -huge, "endLine": huge}},
		{"breakpointLocations", map[string]any{"source": map[string]any{"path": demoC}, "line": huge - 5, "endLine": huge}},
		{"stackTrace", map[string]any{"threadId": 1, "startFrame": 1, "levels": huge}},
		{"stackTrace", map[string]any{"threadId": 1, "startFrame": huge, "levels": huge}},
		{"variables", map[string]any{"variablesReference": 1, "start": 1, "count": huge}},
		{"variables", map[string]any{"variablesReference": 1, "start": huge, "count": huge}},
	}
	for _, tt := range tests {
		m := c.request(tt.cmd, tt.args)
		if strings.Contains(m.Message, "internal error") {
			t.Errorf("%s %v: %s", tt.cmd, tt.args, m.Message)
		}
	}
}

func TestLineRange(t *testing.T) {
	const maxInt = int(^uint(0) >> 1)
	tests := []struct{ line, end, first, last int }{
		{10, 20, 10, 20},
		{20, 10, 20, 20},
		{-maxInt - 1, maxInt, 1, 1 + maxLocationLines},
		{0, 0, 1, 1},
		{maxInt - 5, maxInt, maxSourceLine, maxSourceLine},
		{maxSourceLine - 5, maxInt, maxSourceLine - 5, maxSourceLine},
	}
	for _, tt := range tests {
		if f, l := lineRange(tt.line, tt.end); f != tt.first || l != tt.last {
			t.Errorf("lineRange(%d, %d) = %d, %d; want %d, %d", tt.line, tt.end, f, l, tt.first, tt.last)
		}
	}
}
