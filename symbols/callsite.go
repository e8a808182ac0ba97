package symbols

import (
	"bytes"
	"debug/dwarf"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// DWARF 5 call-site tags and attributes, and their GNU (DWARF 4) forms.
const (
	tagCallSite          dwarf.Tag  = 0x48
	tagCallSiteParam     dwarf.Tag  = 0x49
	tagGNUCallSite       dwarf.Tag  = 0x4109
	tagGNUCallSiteParam  dwarf.Tag  = 0x410a
	attrCallReturnPC     dwarf.Attr = 0x7d
	attrCallValue        dwarf.Attr = 0x7e
	attrGNUCallSiteValue dwarf.Attr = 0x2111
)

// callSiteValue finds the value the caller passed for a parameter whose
// entry value is described by sub (e.g. DW_OP_reg10): the caller's call
// site at the return address lists DW_AT_call_value for that register,
// evaluated in the caller's frame (what gdb does).
func (f *Frame) callSiteValue(sub []byte) (uint32, bool) {
	c := f.caller
	if c == nil || c.Function == nil || !c.Function.HasDebugInfo() {
		return 0, false
	}
	root, err := f.table.tree(c.Function.Offset)
	if err != nil {
		return 0, false
	}
	site := findCallSite(root, c.PC, 0)
	if site == nil {
		return 0, false
	}
	for _, p := range site.Children {
		if p.Tag != tagCallSiteParam && p.Tag != tagGNUCallSiteParam {
			continue
		}
		loc, _ := p.Val(dwarf.AttrLocation).([]byte)
		if !bytes.Equal(loc, sub) {
			continue
		}
		expr, ok := p.Val(attrCallValue).([]byte)
		if !ok {
			expr, ok = p.Val(attrGNUCallSiteValue).([]byte)
		}
		if !ok {
			return 0, false
		}
		return c.evalValueExpr(expr)
	}
	return 0, false
}

// findCallSite searches a function's tree for the call site returning to
// ret.
func findCallSite(n *godwarf.Tree, ret uint32, depth int) *godwarf.Tree {
	if depth > maxTypeDepth {
		return nil
	}
	for _, c := range n.Children {
		switch c.Tag {
		case tagCallSite, tagGNUCallSite:
			pc, ok := c.Val(attrCallReturnPC).(uint64)
			if !ok {
				pc, ok = c.Val(dwarf.AttrLowpc).(uint64)
			}
			if ok && uint32(pc) == ret {
				return c
			}
		case dwarf.TagLexDwarfBlock, dwarf.TagInlinedSubroutine:
			if s := findCallSite(c, ret, depth+1); s != nil {
				return s
			}
		}
	}
	return nil
}

// evalValueExpr evaluates a DWARF expression whose result is a value (not
// a location), such as DW_AT_call_value.
func (f *Frame) evalValueExpr(expr []byte) (uint32, bool) {
	ps, err := evalLocation(expr, f.exprContext())
	if err != nil || len(ps) != 1 {
		return 0, false
	}
	switch p := ps[0]; p.kind {
	case pieceMem:
		return p.addr, true
	case pieceValue:
		return uint32(p.val), true
	case pieceReg:
		return f.Register(p.reg)
	}
	return 0, false
}
