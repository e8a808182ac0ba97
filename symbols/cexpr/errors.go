package cexpr

import "fmt"

// Error is a parse or evaluation error at a 1-based column of the source.
type Error struct {
	Col int    // 1-based column (byte offset + 1)
	Msg string // reason, e.g. "unknown identifier 'foo'"
	Err error  // underlying cause, if any
}

// Error formats as "<reason> at column <n>".
func (e *Error) Error() string {
	if e.Col <= 0 {
		return e.Msg
	}
	return fmt.Sprintf("%s at column %d", e.Msg, e.Col)
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// errAt builds an *Error at pos (0-based byte offset).
func errAt(pos int, format string, args ...any) *Error {
	return &Error{Col: pos + 1, Msg: fmt.Sprintf(format, args...)}
}

// wrapAt builds an *Error at pos with a cause.
func wrapAt(pos int, err error, format string, args ...any) *Error {
	e := errAt(pos, format, args...)
	e.Err = err
	if err != nil {
		e.Msg += ": " + err.Error()
	}
	return e
}
