package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
)

// writable fails while the session evaluates something that must not
// change the machine (a condition, a log message, a hover).
func (s *Session) writable() error {
	if s.noWrite != "" {
		return fmt.Errorf("side effects are not allowed in a %s", s.noWrite)
	}
	return nil
}

// readOnly runs f with memory and register writes refused; what names
// the evaluation in the error.
func (s *Session) readOnly(what string, f func()) {
	prev := s.noWrite
	s.noWrite = what
	defer func() { s.noWrite = prev }()
	f()
}

// Inspect evaluates a C expression in frame index of hart like Evaluate,
// but without side effects: an assignment fails with an error instead of
// writing (and forking history). what names the context in that error,
// e.g. "hover" or "watch".
func (s *Session) Inspect(hart, index int, expr, what string, opts symbols.FormatOptions) (symbols.View, error) {
	if what == "" {
		what = "read-only evaluation"
	}
	var v symbols.View
	var err error
	s.readOnly(what, func() { v, err = s.Evaluate(hart, index, expr, opts) })
	return v, err
}
