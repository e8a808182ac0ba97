package debugger

import "fmt"

// CondFunc is a breakpoint condition the front-end supplies as code
// rather than as a C expression: gdb's agent-expression bytecode, for one.
// The session calls it where the breakpoint is hit (hart about to execute
// the address, the machine in the state of that moment), going forwards
// and during reverse searches alike, so a false condition costs no stop.
// It may read the session's machine (RegisterValue, ReadMemory) and must
// not change it: writes are refused while it runs. During a reverse
// search it may run on a twin machine scanning another stretch of history
// (checkpoint.Conditions.Concurrent), one call at a time: reads through
// the machine then see the hit's moment, but what the session knows of
// its timeline (Now, history, events) is the session's own moment, not
// the hit's, so a CondFunc must not depend on it. The breakpoint stops when it
// returns true; an error stops it too, and the stop's description says
// why. A breakpoint with both a CondFunc and a C Condition stops only when
// both hold.
type CondFunc func(hart int) (bool, error)

// funcCondTrue evaluates a breakpoint's CondFunc on hart (true when it
// has none).
func (s *Session) funcCondTrue(b *Breakpoint, hart int) bool {
	if b.condFunc == nil {
		return true
	}
	var ok bool
	var err error
	s.readOnly("condition", func() { ok, err = b.condFunc(hart) })
	if err != nil {
		s.condErr = fmt.Sprintf("condition of %s: %v", b, err)
		return true
	}
	return ok
}
