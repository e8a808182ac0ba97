package cexpr

import "github.com/go-delve/delve/pkg/dwarf/godwarf"

// cond evaluates c ? yes : no. Only the chosen branch is evaluated
// against the target; the other is evaluated against a dry-run view (zero
// memory, writes discarded) just to learn its type. The result type does
// not depend on the branch taken (C11 6.5.15p5-6): arithmetic operands
// get the usual arithmetic conversions; a pointer and a null pointer
// constant give the pointer's type; two pointers give the composite type
// (void * if either points to void).
func (ev *evaluator) cond(x *condExpr) (Value, error) {
	c, err := ev.scalar(x.c)
	if err != nil {
		return Value{}, err
	}
	taken, other := x.yes, x.no
	if !c.truth() {
		taken, other = x.no, x.yes
	}
	v, err := ev.rvalue(taken)
	if err != nil || !isScalar(v.Type) {
		return v, err
	}
	dry := &evaluator{env: dryEnv{ev.env}, depth: ev.depth}
	o, err := dry.rvalue(other)
	if err != nil || !isScalar(o.Type) {
		return v, nil
	}
	a, err := toScalar(taken.Pos(), v)
	if err != nil {
		return Value{}, err
	}
	b, err := toScalar(other.Pos(), o)
	if err != nil {
		return v, nil
	}
	if isArith(a.t) && isArith(b.t) {
		a, _ = arithConv(a, b)
		return a.value(), nil
	}
	yes, no := a.t, b.t
	yesNull, noNull := isNullConst(taken), isNullConst(other)
	if taken != x.yes {
		yes, no = no, yes
		yesNull, noNull = noNull, yesNull
	}
	t := condPtrType(yes, no, yesNull, noNull)
	if a, err = convert(a, t); err != nil {
		return Value{}, wrapAt(x.pos, err, "conditional expression")
	}
	return a.value(), nil
}

// condPtrType is the type of a conditional expression with at least one
// pointer operand. With an integer on the other side the result is the
// pointer (C requires the integer to be a null pointer constant; GCC only
// warns otherwise); (void *)0 gives way to the other pointer's type.
func condPtrType(yes, no godwarf.Type, yesNull, noNull bool) godwarf.Type {
	switch {
	case !isPointer(no):
		return yes
	case !isPointer(yes):
		return no
	case noNull:
		return yes
	case yesNull:
		return no
	case pointsToVoid(yes):
		return yes
	case pointsToVoid(no):
		return no
	}
	return yes
}

// pointsToVoid reports whether t is a pointer to (qualified) void.
func pointsToVoid(t godwarf.Type) bool {
	elem, _ := pointee(t)
	_, ok := Resolve(elem).(*godwarf.VoidType)
	return ok || elem == nil
}

// isNullConst reports whether e is a null pointer constant: an integer
// constant 0, possibly cast to a pointer type (void * in C).
func isNullConst(e Expr) bool {
	switch x := e.(type) {
	case *intLit:
		return x.val == 0
	case *castExpr:
		return isNullConst(x.x)
	}
	return false
}
