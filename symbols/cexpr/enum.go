package cexpr

import "github.com/go-delve/delve/pkg/dwarf/godwarf"

// operands evaluates the two operands of a binary operator. An identifier
// that names no variable but is an enumerator of the other operand's enum
// type stands for that enumerator's value (col == BLUE), so enumerators
// work even when the Env does not resolve them.
func (ev *evaluator) operands(l, r Expr) (scalar, scalar, error) {
	if id, ok := l.(*identExpr); ok && !ev.isVariable(id.name) {
		b, err := ev.scalar(r)
		if err != nil {
			return scalar{}, scalar{}, err
		}
		a, err := ev.scalarHint(l, b.t)
		return a, b, err
	}
	a, err := ev.scalar(l)
	if err != nil {
		return scalar{}, scalar{}, err
	}
	b, err := ev.scalarHint(r, a.t)
	return a, b, err
}

// isVariable reports whether the Env knows name.
func (ev *evaluator) isVariable(name string) bool {
	_, err := ev.env.LookupVariable(name)
	return err == nil
}

// scalarHint evaluates e; an unknown identifier naming an enumerator of
// hint (an enum type) becomes that enumerator, an int as in C.
func (ev *evaluator) scalarHint(e Expr, hint godwarf.Type) (scalar, error) {
	if id, ok := e.(*identExpr); ok {
		if v, ok := enumerator(hint, id.name); ok && !ev.isVariable(id.name) {
			return mkBase("int", uint64(v)), nil
		}
	}
	return ev.scalar(e)
}

// enumerator looks name up among the values of enum type t.
func enumerator(t godwarf.Type, name string) (int64, bool) {
	et, ok := Resolve(t).(*godwarf.EnumType)
	if !ok {
		return 0, false
	}
	for _, v := range et.Val {
		if v != nil && v.Name == name {
			return v.Val, true
		}
	}
	return 0, false
}
