package svd

import "fmt"

// Error is a problem in an SVD file, located by line and element.
type Error struct {
	// File is the name given to Parse (may be empty).
	File string
	// Line is the 1-based line of the element at fault (0 if unknown).
	Line int
	// Element names the element, outermost first ("peripheral UART0,
	// register txctrl, field txen").
	Element string
	// Err is the underlying problem.
	Err error
}

// Error renders "file:line: element: problem".
func (e *Error) Error() string {
	s := e.File
	if s == "" {
		s = "svd"
	}
	if e.Line > 0 {
		s = fmt.Sprintf("%s:%d", s, e.Line)
	}
	if e.Element != "" {
		s += ": " + e.Element
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the underlying problem.
func (e *Error) Unwrap() error { return e.Err }
