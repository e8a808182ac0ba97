package debugger

import "github.com/rewind-debugger/rewind/symbols"

// gdbState is what gdb-style front-ends share on a session: the value
// history ($1, $2, ...), convenience variables ($name) and named
// positions in time (bookmarks).
type gdbState struct {
	values    []recorded
	conv      map[string]recorded
	bookmarks map[string]uint64
}

// recorded is one value of the value history or a convenience variable:
// its text, its C type and an expression that stands for it in later
// expressions.
type recorded struct {
	view  symbols.View
	typ   string
	subst string
}
