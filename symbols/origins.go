package symbols

import (
	"debug/dwarf"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// maxOriginChain bounds the DW_AT_abstract_origin and DW_AT_specification
// links followed from one DIE.
const maxOriginChain = 16

// entryChain is a DIE followed by the DIEs its abstract origin or
// specification leads to; an attribute is looked up along the chain.
type entryChain []*dwarf.Entry

// Val returns the first value of attr along the chain, nil if none.
func (c entryChain) Val(attr dwarf.Attr) any {
	if f := c.AttrField(attr); f != nil {
		return f.Val
	}
	return nil
}

// AttrField returns the first field attr along the chain, nil if none.
func (c entryChain) AttrField(attr dwarf.Attr) *dwarf.Field {
	for _, e := range c {
		if f := e.AttrField(attr); f != nil {
			return f
		}
	}
	return nil
}

// withOrigins combines e with the DIEs its abstract origin (or else its
// specification) leads to, reading them through read. Unlike godwarf's
// LoadAbstractOriginAndSpecification it stops on a cycle and after
// maxOriginChain links (quirk 18 in DWARF-QUIRKS.md).
func withOrigins(e *dwarf.Entry, read func(dwarf.Offset) *dwarf.Entry) godwarf.Entry {
	chain := entryChain{e}
	for cur := e; len(chain) <= maxOriginChain; {
		off, ok := originOf(cur)
		if !ok || chain.has(off) {
			break
		}
		if cur = read(off); cur == nil {
			break
		}
		chain = append(chain, cur)
	}
	if len(chain) == 1 {
		return e
	}
	return chain
}

// has reports whether the chain holds the DIE at off.
func (c entryChain) has(off dwarf.Offset) bool {
	for _, e := range c {
		if e.Offset == off {
			return true
		}
	}
	return false
}

// originOf is a DIE's abstract origin, else its specification.
func originOf(e *dwarf.Entry) (dwarf.Offset, bool) {
	if off, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset); ok {
		return off, true
	}
	off, ok := e.Val(dwarf.AttrSpecification).(dwarf.Offset)
	return off, ok
}

// readerAt returns a function reading the DIE at an offset through r.
func readerAt(r *dwarf.Reader) func(dwarf.Offset) *dwarf.Entry {
	return func(off dwarf.Offset) *dwarf.Entry {
		r.Seek(off)
		e, err := r.Next()
		if err != nil {
			return nil
		}
		return e
	}
}
