package symbols

import (
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// VarKind says what kind of variable a Variable is.
type VarKind int

// Variable kinds.
const (
	VarLocal  VarKind = iota // automatic local variable
	VarParam                 // function parameter
	VarStatic                // function or file static (internal linkage)
	VarGlobal                // external global
)

// Variable is a named value in scope.
type Variable struct {
	Name     string
	Kind     VarKind
	Type     godwarf.Type
	DeclLine int
	// Value locates the contents; Value.OptimizedOut when unavailable.
	Value cexpr.Value
	// Err says why the value could not be located (nil when it could, or
	// when it is simply optimized out).
	Err error
}

// varDecl is a variable DIE with what is needed to evaluate it.
type varDecl struct {
	entry godwarf.Entry
	name  string
	kind  VarKind
	unit  *compUnit
	line  int
}

// Variables returns the frame's locals and parameters visible at its pc,
// innermost lexical block first (parameters come with the function-level
// block). A name shadowed by an inner block appears once.
func (f *Frame) Variables() []Variable {
	var out []Variable
	seen := map[string]bool{}
	for _, d := range f.scopeDecls() {
		if seen[d.name] {
			continue
		}
		seen[d.name] = true
		out = append(out, f.evalDecl(d))
	}
	return out
}

// Locals returns Variables without the parameters.
func (f *Frame) Locals() []Variable { return filterKind(f.Variables(), false) }

// Args returns the parameters.
func (f *Frame) Args() []Variable { return filterKind(f.Variables(), true) }

// filterKind keeps parameters (args) or everything else.
func filterKind(vs []Variable, args bool) []Variable {
	var out []Variable
	for _, v := range vs {
		if (v.Kind == VarParam) == args {
			out = append(out, v)
		}
	}
	return out
}

// scopeDecls lists the variable DIEs in scope, innermost block first.
func (f *Frame) scopeDecls() []varDecl {
	if f.scope == nil {
		return nil
	}
	var levels [][]varDecl
	f.collect(f.scope, &levels, 0)
	var out []varDecl
	for i := len(levels) - 1; i >= 0; i-- {
		out = append(out, levels[i]...)
	}
	return out
}

// collect gathers the variables of node and of its lexical blocks that
// hold the pc. Call-site and inlined-subroutine children are skipped (quirk
// 12 in DWARF-QUIRKS.md: only variable and formal-parameter tags are
// variables).
func (f *Frame) collect(node *godwarf.Tree, levels *[][]varDecl, depth int) {
	if depth > maxTypeDepth {
		return
	}
	for len(*levels) <= depth {
		*levels = append(*levels, nil)
	}
	unit := (*compUnit)(nil)
	if f.Function != nil {
		unit = f.Function.unit
	}
	for _, c := range node.Children {
		switch c.Tag {
		case dwarf.TagFormalParameter, dwarf.TagVariable:
			name, _ := c.Val(dwarf.AttrName).(string)
			if name == "" {
				continue
			}
			line, _ := c.Val(dwarf.AttrDeclLine).(int64)
			kind := VarLocal
			if c.Tag == dwarf.TagFormalParameter {
				kind = VarParam
			} else if isStaticLocation(c) {
				kind = VarStatic
			}
			(*levels)[depth] = append((*levels)[depth], varDecl{entry: c, name: name,
				kind: kind, unit: unit, line: int(line)})
		case dwarf.TagLexDwarfBlock:
			if c.ContainsPC(uint64(f.lookupPC)) {
				f.collect(c, levels, depth+1)
			}
		}
	}
}

// isStaticLocation reports whether a variable lives at a fixed address.
func isStaticLocation(e godwarf.Entry) bool {
	b, ok := e.Val(dwarf.AttrLocation).([]byte)
	return ok && len(b) == 5 && b[0] == opAddr
}

// evalDecl locates a variable's value in this frame.
func (f *Frame) evalDecl(d varDecl) Variable {
	v := Variable{Name: d.name, Kind: d.kind, DeclLine: d.line}
	if off, ok := d.entry.Val(dwarf.AttrType).(dwarf.Offset); ok {
		typ, err := f.table.typeAt(off)
		if err != nil {
			v.Err = err
		}
		v.Type = typ
	}
	v.Value.Type = v.Type
	pieces, err := f.table.locate(d, f.lookupPC, f.exprContext())
	switch {
	case errors.Is(err, errOptimizedOut) || errors.Is(err, errNoLocEntry):
		v.Value.OptimizedOut = true
	case err != nil:
		v.Value.OptimizedOut = true
		v.Err = err
	default:
		v.Value, v.Err = f.piecesToValue(pieces, v.Type)
	}
	return v
}

// locate finds a declaration's location pieces at pc.
func (t *Table) locate(d varDecl, pc uint32, ctx *exprContext) ([]piece, error) {
	fld := d.entry.AttrField(dwarf.AttrLocation)
	if fld == nil {
		if cv := d.entry.AttrField(dwarf.AttrConstValue); cv != nil {
			return constPieces(cv.Val)
		}
		return nil, errOptimizedOut // quirk 13: removed by the optimizer
	}
	var expr []byte
	switch val := fld.Val.(type) {
	case []byte:
		expr = val
	case int64:
		if fld.Class == dwarf.ClassLocList {
			return nil, errors.New("indexed location lists (DW_FORM_loclistx) are not supported")
		}
		var err error
		expr, err = t.locListExpr(d.unit, val, pc)
		if err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unexpected location form %T", fld.Val)
	}
	return evalLocation(expr, ctx)
}

// constPieces turns DW_AT_const_value into a computed piece.
func constPieces(v any) ([]piece, error) {
	switch c := v.(type) {
	case int64:
		return []piece{{kind: pieceValue, val: uint64(c)}}, nil
	case []byte:
		return []piece{{kind: pieceImplicit, bytes: c}}, nil
	}
	return nil, errOptimizedOut
}

// piecesToValue turns a location into a cexpr.Value.
func (f *Frame) piecesToValue(ps []piece, typ godwarf.Type) (cexpr.Value, error) {
	v := cexpr.Value{Type: typ}
	if len(ps) == 1 && ps[0].size == 0 {
		p := ps[0]
		switch p.kind {
		case pieceMem:
			v.Addr, v.HasAddr = p.addr, true
			return v, nil
		case pieceOptOut:
			v.OptimizedOut = true
			return v, nil
		}
	}
	var buf []byte
	for _, p := range ps {
		b, ok, err := f.pieceBytes(p, typ)
		if err != nil || !ok {
			v.OptimizedOut = true
			return v, err
		}
		buf = append(buf, b...)
	}
	v.Bytes = buf
	if len(ps) == 1 && ps[0].kind == pieceReg {
		v.Reg = f.arch().RegisterName(ps[0].reg)
	}
	return v, nil
}

// pieceBytes reads one piece's bytes; ok=false if unavailable.
func (f *Frame) pieceBytes(p piece, typ godwarf.Type) ([]byte, bool, error) {
	n := p.size
	if n == 0 && typ != nil {
		n = int(cexpr.Size(typ))
	}
	if n <= 0 || n > cexpr.MaxLoad {
		n = 4
	}
	out := make([]byte, n)
	switch p.kind {
	case pieceMem:
		if err := f.target.ReadMemory(p.addr, out); err != nil {
			return nil, false, fmt.Errorf("read 0x%08x: %w", p.addr, err)
		}
	case pieceReg:
		var w [8]byte
		for i, n := range f.arch().parts(p.reg) {
			r, ok := f.Register(n)
			if !ok {
				return nil, false, nil
			}
			binary.LittleEndian.PutUint32(w[4*i:], r)
		}
		copy(out, w[:])
	case pieceValue:
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], p.val)
		copy(out, w[:])
	case pieceImplicit:
		copy(out, p.bytes)
	default:
		return nil, false, nil
	}
	return out, true, nil
}
