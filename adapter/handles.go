package adapter

import "github.com/rewind-debugger/rewind/symbols/cexpr"

// refKind says what a variables reference expands.
type refKind int

const (
	refLocals refKind = iota
	refGlobals
	refRegisters
	refValue
	// refRegisterFields expands one register row (name) into its decoded
	// bit fields.
	refRegisterFields
)

// varRef is what a variablesReference stands for.
type varRef struct {
	kind  refKind
	hart  int
	frame int
	val   cexpr.Value
	name  string // expression of the value, when known
}

// handles numbers the variables containers of the current stop; they are
// reset whenever the session moves.
type handles struct {
	refs []varRef
}

// maxFrames bounds the frame index encoded in a frame id.
const maxFrames = 1 << 16

// frameID encodes hart and frame index.
func frameID(hart, index int) int { return hart*maxFrames + index + 1 }

// frame decodes a frame id.
func (h *handles) frame(id int) (hart, index int, ok bool) {
	if id <= 0 {
		return 0, 0, false
	}
	return (id - 1) / maxFrames, (id - 1) % maxFrames, true
}

func (h *handles) reset() { h.refs = h.refs[:0] }

// add registers a container and returns its reference (> 0).
func (h *handles) add(r varRef) int {
	if len(h.refs) >= 1<<20 {
		return 0
	}
	h.refs = append(h.refs, r)
	return len(h.refs)
}

// get looks up a reference.
func (h *handles) get(ref int) (varRef, bool) {
	if ref <= 0 || ref > len(h.refs) {
		return varRef{}, false
	}
	return h.refs[ref-1], true
}
