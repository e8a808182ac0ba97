package cexpr

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// promote applies the integer promotions: types narrower than int (and
// _Bool, and enums) become int, or unsigned int for a 4-byte enum without
// negative values.
func promote(s scalar) scalar {
	if s.float || !isInteger(s.t) {
		return s
	}
	_, isEnum := Resolve(s.t).(*godwarf.EnumType)
	_, isBool := Resolve(s.t).(*godwarf.BoolType)
	size := Size(s.t)
	switch {
	case size < 4 || isBool:
		return mkBase("int", s.bits)
	case isEnum && size == 4 && isSigned(s.t):
		return mkBase("int", s.bits)
	case isEnum && size == 4:
		return mkBase("unsigned int", s.bits)
	case isEnum:
		return mkBase("long long", s.bits)
	}
	return s
}

// arithConv applies the usual arithmetic conversions to two arithmetic
// operands and returns both converted to their common type.
func arithConv(a, b scalar) (scalar, scalar) {
	a, b = promote(a), promote(b)
	if a.float || b.float {
		t := mustBase("float")
		if a.float && Size(a.t) > 4 || b.float && Size(b.t) > 4 {
			t = mustBase("double")
		}
		a, _ = convert(a, t)
		b, _ = convert(b, t)
		return a, b
	}
	sa, sb := Size(a.t), Size(b.t)
	ua, ub := !isSigned(a.t), !isSigned(b.t)
	var t godwarf.Type
	switch {
	case sa > sb:
		t = a.t
	case sb > sa:
		t = b.t
	case ua == ub || ua:
		t = a.t
	default:
		t = b.t
	}
	return mkInt(t, a.bits), mkInt(t, b.bits)
}

// binary evaluates a binary operator.
func (ev *evaluator) binary(x *binaryExpr) (Value, error) {
	if x.op == "&&" || x.op == "||" {
		return ev.logical(x)
	}
	a, b, err := ev.operands(x.x, x.y)
	if err != nil {
		return Value{}, err
	}
	s, err := binop(x.pos, x.op, a, b)
	if err != nil {
		return Value{}, err
	}
	return s.value(), nil
}

// logical evaluates && and || with short-circuit; the result is int.
func (ev *evaluator) logical(x *binaryExpr) (Value, error) {
	a, err := ev.scalar(x.x)
	if err != nil {
		return Value{}, err
	}
	if a.truth() == (x.op == "||") {
		return mkBase("int", boolBits(a.truth())).value(), nil
	}
	b, err := ev.scalar(x.y)
	if err != nil {
		return Value{}, err
	}
	return mkBase("int", boolBits(b.truth())).value(), nil
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// binop applies a non-logical binary operator to two scalars.
func binop(pos int, op string, a, b scalar) (scalar, error) {
	pa, pb := isPointer(a.t), isPointer(b.t)
	switch {
	case op == "+" && pa && !pb, op == "-" && pa && !pb:
		return ptrAdd(pos, op, a, b)
	case op == "+" && pb && !pa:
		return ptrAdd(pos, op, b, a)
	case op == "-" && pa && pb:
		return ptrDiff(pos, a, b)
	}
	switch op {
	case "==", "!=", "<", "<=", ">", ">=":
		return compare(pos, op, a, b)
	case "<<", ">>":
		return shift(pos, op, a, b)
	}
	if pa || pb {
		return scalar{}, errAt(pos, "invalid operands to '%s' (%s and %s)", op, TypeName(a.t), TypeName(b.t))
	}
	a, b = arithConv(a, b)
	if a.float {
		return floatOp(pos, op, a, b)
	}
	return intOp(pos, op, a, b)
}

// intOp applies an arithmetic or bitwise operator to converted integers.
func intOp(pos int, op string, a, b scalar) (scalar, error) {
	signed := isSigned(a.t)
	var r uint64
	switch op {
	case "+":
		r = a.bits + b.bits
	case "-":
		r = a.bits - b.bits
	case "*":
		r = a.bits * b.bits
	case "/", "%":
		if b.bits == 0 {
			return scalar{}, errAt(pos, "division by zero")
		}
		r = divide(op, a, b, signed)
	case "&":
		r = a.bits & b.bits
	case "|":
		r = a.bits | b.bits
	case "^":
		r = a.bits ^ b.bits
	default:
		return scalar{}, errAt(pos, "unknown operator '%s'", op)
	}
	return mkInt(a.t, r), nil
}

// divide computes / or % truncating toward zero; INT_MIN / -1 wraps.
func divide(op string, a, b scalar, signed bool) uint64 {
	if !signed {
		ua, ub := a.bits&mask(Size(a.t)*8), b.bits&mask(Size(b.t)*8)
		if op == "/" {
			return ua / ub
		}
		return ua % ub
	}
	x, y := int64(a.bits), int64(b.bits)
	if op == "/" {
		return uint64(x / y)
	}
	return uint64(x % y)
}

// floatOp applies + - * / to floating-point operands.
func floatOp(pos int, op string, a, b scalar) (scalar, error) {
	r := scalar{t: a.t, float: true}
	switch op {
	case "+":
		r.f = a.f + b.f
	case "-":
		r.f = a.f - b.f
	case "*":
		r.f = a.f * b.f
	case "/":
		r.f = a.f / b.f
	default:
		return scalar{}, errAt(pos, "invalid operands to '%s' (%s and %s)", op, TypeName(a.t), TypeName(b.t))
	}
	if Size(r.t) == 4 {
		r.f = float64(float32(r.f))
	}
	return r, nil
}

// shift applies << or >>; each operand is promoted on its own, the result
// has the left operand's type, and a count outside [0, width) is an error.
func shift(pos int, op string, a, b scalar) (scalar, error) {
	if !isInteger(a.t) || !isInteger(b.t) || a.float || b.float {
		return scalar{}, errAt(pos, "invalid operands to '%s' (%s and %s)", op, TypeName(a.t), TypeName(b.t))
	}
	a, b = promote(a), promote(b)
	width := Size(a.t) * 8
	n := b.int64()
	if !isSigned(b.t) {
		n = int64(b.bits & mask(Size(b.t)*8))
	}
	if n < 0 || n >= width {
		return scalar{}, errAt(pos, "shift count %d out of range for '%s'", n, TypeName(a.t))
	}
	if op == "<<" {
		return mkInt(a.t, a.bits<<uint(n)), nil
	}
	if isSigned(a.t) {
		return mkInt(a.t, uint64(a.int64()>>uint(n))), nil
	}
	return mkInt(a.t, (a.bits&mask(width))>>uint(n)), nil
}

// compare applies a relational or equality operator; the result is int.
func compare(pos int, op string, a, b scalar) (scalar, error) {
	var lt, eq bool
	switch {
	case isPointer(a.t) || isPointer(b.t):
		if a.float || b.float {
			return scalar{}, errAt(pos, "invalid operands to '%s'", op)
		}
		x, y := a.bits&0xffffffff, b.bits&0xffffffff
		lt, eq = x < y, x == y
	default:
		a, b = arithConv(a, b)
		switch {
		case a.float:
			lt, eq = a.f < b.f, a.f == b.f
			if a.f != a.f || b.f != b.f { // NaN: only != holds
				return mkBase("int", boolBits(op == "!=")), nil
			}
		case isSigned(a.t):
			lt, eq = a.int64() < b.int64(), a.bits == b.bits
		default:
			w := mask(Size(a.t) * 8)
			lt, eq = a.bits&w < b.bits&w, a.bits&w == b.bits&w
		}
	}
	r := map[string]bool{"==": eq, "!=": !eq, "<": lt, "<=": lt || eq, ">": !lt && !eq, ">=": !lt}[op]
	return mkBase("int", boolBits(r)), nil
}

// ptrAdd computes p + n or p - n, scaling n by the pointee size.
func ptrAdd(pos int, op string, p, n scalar) (scalar, error) {
	if !isInteger(n.t) || n.float {
		return scalar{}, errAt(pos, "invalid operands to '%s' (%s and %s)", op, TypeName(p.t), TypeName(n.t))
	}
	elem, _ := pointee(p.t)
	size := Size(elem)
	if size < 0 {
		return scalar{}, errAt(pos, "pointer arithmetic on '%s' of unknown size", TypeName(p.t))
	}
	off := n.bits * uint64(size)
	if op == "-" {
		off = -off
	}
	return mkInt(p.t, p.bits+off), nil
}

// ptrDiff computes p - q in elements, as an int (ptrdiff_t on ILP32).
func ptrDiff(pos int, p, q scalar) (scalar, error) {
	ep, _ := pointee(p.t)
	eq, _ := pointee(q.t)
	size := Size(ep)
	if size != Size(eq) {
		return scalar{}, errAt(pos, "subtraction of incompatible pointers (%s and %s)", TypeName(p.t), TypeName(q.t))
	}
	if size <= 0 {
		return scalar{}, errAt(pos, "pointer subtraction on '%s' of unknown size", TypeName(p.t))
	}
	d := int64(int32(uint32(p.bits) - uint32(q.bits)))
	return mkBase("int", uint64(d/size)), nil
}
