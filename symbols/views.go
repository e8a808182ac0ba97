package symbols

import (
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// View is one row of a variables tree (a DAP Variables entry).
type View struct {
	Name  string
	Value string // formatted value
	Type  string // C type name
	// Children is how many children the value has (0: not expandable).
	Children int
	// MemoryReference is the value's address when it lives in memory.
	MemoryReference uint32
	HasMemory       bool
	// Val is the underlying value, to pass back to ChildViews.
	Val cexpr.Value
}

// maxChildren bounds the children listed for huge arrays.
const maxChildren = 1 << 16

// MakeView formats a named value for a variables tree.
func (t *Table) MakeView(name string, v cexpr.Value, env cexpr.Env, opts FormatOptions) View {
	vw := View{Name: name, Type: TypeName(v.Type), Val: v,
		Value: t.Format(v, env, opts), MemoryReference: v.Addr, HasMemory: v.HasAddr}
	if !v.OptimizedOut {
		vw.Children = t.childCount(v, env)
	}
	return vw
}

// childCount counts the children a value expands to: members of structs
// and unions, elements of arrays, the pointee's members for a pointer to a
// struct or union, one "*p" child for other data pointers.
func (t *Table) childCount(v cexpr.Value, env cexpr.Env) int {
	switch rt := cexpr.Resolve(v.Type).(type) {
	case *godwarf.StructType:
		return len(rt.Field)
	case *godwarf.ArrayType:
		if rt.Count > maxChildren {
			return maxChildren
		}
		return int(max(rt.Count, 0))
	case *godwarf.PtrType:
		b, err := v.Load(env)
		if err != nil || leUint(b) == 0 {
			return 0
		}
		switch pt := cexpr.Resolve(rt.Type).(type) {
		case *godwarf.StructType:
			return len(pt.Field)
		case *godwarf.VoidType, *godwarf.FuncType, nil:
			return 0
		default:
			if isCharType(pt) {
				return 0
			}
			return 1
		}
	}
	return 0
}

// Children expands a value into named child values (see childCount).
func (t *Table) Children(v cexpr.Value, env cexpr.Env) ([]NamedValue, error) {
	if v.OptimizedOut {
		return nil, nil
	}
	switch rt := cexpr.Resolve(v.Type).(type) {
	case *godwarf.StructType:
		return structChildren(v, rt), nil
	case *godwarf.ArrayType:
		n := min(max(rt.Count, 0), maxChildren)
		out := make([]NamedValue, 0, n)
		for i := int64(0); i < n; i++ {
			out = append(out, NamedValue{Name: fmt.Sprintf("[%d]", i), Value: elemValue(v, rt, i)})
		}
		return out, nil
	case *godwarf.PtrType:
		return t.pointerChildren(v, rt, env)
	}
	return nil, nil
}

// NamedValue is a child of an expanded value.
type NamedValue struct {
	Name  string
	Value cexpr.Value
}

// structChildren lists the members of a struct or union value.
func structChildren(v cexpr.Value, st *godwarf.StructType) []NamedValue {
	out := make([]NamedValue, 0, len(st.Field))
	for _, f := range st.Field {
		out = append(out, NamedValue{Name: f.Name, Value: fieldValue(v, f)})
	}
	return out
}

// pointerChildren expands a pointer: a struct pointee's members, or *p.
func (t *Table) pointerChildren(v cexpr.Value, pt *godwarf.PtrType, env cexpr.Env) ([]NamedValue, error) {
	b, err := v.Load(env)
	if err != nil {
		return nil, fmt.Errorf("load pointer: %w", err)
	}
	addr := uint32(leUint(b))
	if addr == 0 {
		return nil, nil
	}
	target := cexpr.Value{Type: pt.Type, Addr: addr, HasAddr: true}
	if st, ok := cexpr.Resolve(pt.Type).(*godwarf.StructType); ok {
		return structChildren(target, st), nil
	}
	if t.childCount(v, env) == 0 {
		return nil, nil
	}
	return []NamedValue{{Name: "*", Value: target}}, nil
}

// ChildViews expands a value into formatted rows.
func (t *Table) ChildViews(v cexpr.Value, env cexpr.Env, opts FormatOptions) ([]View, error) {
	kids, err := t.Children(v, env)
	if err != nil {
		return nil, err
	}
	out := make([]View, 0, len(kids))
	for _, k := range kids {
		out = append(out, t.MakeView(k.Name, k.Value, env, opts))
	}
	return out, nil
}

// Views formats the frame's variables for a Locals scope.
func (f *Frame) Views(opts FormatOptions) []View {
	var out []View
	env := f.Env()
	for _, v := range f.Variables() {
		out = append(out, f.table.MakeView(v.Name, v.Value, env, opts))
	}
	return out
}
