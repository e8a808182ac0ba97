package adapter

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Limits that keep one client from exhausting the server (see the
// README's "What a client can do" section).
const (
	// maxBody bounds one message body.
	maxBody = 16 << 20
	// maxQueued bounds the requests read but not yet handled; a request
	// beyond it is answered with an error at once.
	maxQueued = 1024
	// maxQueuedBytes bounds the bodies of the queued requests together.
	maxQueuedBytes = 64 << 20
	// maxBreakpoints bounds the line, function and instruction
	// breakpoints of one request (line breakpoints: per source file).
	maxBreakpoints = 10000
	// maxDataBreakpoints bounds the data breakpoints: each one is checked
	// on every memory access.
	maxDataBreakpoints = 1000
)

// breakpointLimit returns the limit of a request that sets breakpoints
// and what it sets; ok is false for other requests.
func breakpointLimit(command string) (limit int, what string, ok bool) {
	switch command {
	case "setBreakpoints":
		return maxBreakpoints, "line breakpoints per source file", true
	case "setFunctionBreakpoints":
		return maxBreakpoints, "function breakpoints", true
	case "setInstructionBreakpoints":
		return maxBreakpoints, "instruction breakpoints", true
	case "setDataBreakpoints":
		return maxDataBreakpoints, "data breakpoints", true
	}
	return 0, "", false
}

// overLimit returns why req asks for more breakpoints than allowed, or "".
// Malformed arguments pass: the handler reports them.
func overLimit(req *envelope) string {
	limit, what, ok := breakpointLimit(req.Command)
	if !ok || len(req.Arguments) == 0 {
		return ""
	}
	var a struct {
		Breakpoints json.RawMessage `json:"breakpoints"`
		Lines       json.RawMessage `json:"lines"`
	}
	if json.Unmarshal(req.Arguments, &a) != nil {
		return ""
	}
	if n := max(countElements(a.Breakpoints), countElements(a.Lines)); n > limit {
		return fmt.Sprintf("too many breakpoints: %d asked, at most %d %s", n, limit, what)
	}
	return ""
}

// countElements counts the elements of a JSON array (valid JSON, as
// json.Unmarshal checked), without decoding them; 0 for anything else.
func countElements(raw json.RawMessage) int {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || raw[0] != '[' {
		return 0
	}
	n, depth, inString, escaped, empty := 0, 0, false, false, true
	for _, c := range raw[1 : len(raw)-1] {
		switch {
		case inString:
			escaped, inString = !escaped && c == '\\', inString && (escaped || c != '"')
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			n++
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			empty = false
		}
	}
	if empty {
		return 0
	}
	return n + 1
}
