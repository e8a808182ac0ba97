package cexpr

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// unary evaluates a prefix operator.
func (ev *evaluator) unary(x *unaryExpr) (Value, error) {
	switch x.op {
	case "*":
		return ev.deref(x)
	case "&":
		return ev.addressOf(x)
	case "sizeof":
		return ev.sizeofExpr(x)
	case "++", "--":
		return ev.compound(x.pos, x.op[:1], x.x, &intLit{x.pos, 1, "int", "1"})
	}
	s, err := ev.scalar(x.x)
	if err != nil {
		return Value{}, err
	}
	if x.op == "!" {
		return mkBase("int", boolBits(!s.truth())).value(), nil
	}
	if isPointer(s.t) {
		return Value{}, errAt(x.pos, "invalid operand to unary '%s' (%s)", x.op, TypeName(s.t))
	}
	s = promote(s)
	switch {
	case x.op == "+":
	case x.op == "-" && s.float:
		s.f = -s.f
	case x.op == "-":
		s = mkInt(s.t, -s.bits)
	case x.op == "~" && !s.float:
		s = mkInt(s.t, ^s.bits)
	default:
		return Value{}, errAt(x.pos, "invalid operand to unary '%s' (%s)", x.op, TypeName(s.t))
	}
	return s.value(), nil
}

// deref evaluates *p.
func (ev *evaluator) deref(x *unaryExpr) (Value, error) {
	p, err := ev.scalar(x.x)
	if err != nil {
		return Value{}, err
	}
	elem, ok := pointee(p.t)
	if !ok || !isPointer(p.t) {
		return Value{}, errAt(x.pos, "cannot dereference a value of type '%s'", TypeName(p.t))
	}
	if _, void := Resolve(elem).(*godwarf.VoidType); void || elem == nil {
		return Value{}, errAt(x.pos, "cannot dereference a 'void *'")
	}
	return Value{Type: elem, Addr: uint32(p.bits), HasAddr: true}, nil
}

// addressOf evaluates &lvalue.
func (ev *evaluator) addressOf(x *unaryExpr) (Value, error) {
	v, err := ev.eval(x.x)
	if err != nil {
		return Value{}, err
	}
	switch {
	case v.BitSize != 0:
		return Value{}, errAt(x.pos, "cannot take the address of a bitfield")
	case v.Reg != "":
		return Value{}, errAt(x.pos, "cannot take the address of a value held in register %s", v.Reg)
	case !v.HasAddr:
		return Value{}, errAt(x.pos, "cannot take the address of a value not in memory")
	}
	return mkInt(ptrTo(v.Type), uint64(v.Addr)).value(), nil
}

// sizeofExpr evaluates sizeof expr without reading the target: the operand
// is evaluated against the dry-run view for its type only.
func (ev *evaluator) sizeofExpr(x *unaryExpr) (Value, error) {
	dry := &evaluator{env: dryEnv{ev.env}, depth: ev.depth}
	v, err := dry.eval(x.x)
	if err != nil {
		return Value{}, err
	}
	return sizeValue(x.pos, v.Type)
}

// sizeofTypeName evaluates sizeof(type).
func (ev *evaluator) sizeofTypeName(x *sizeofType) (Value, error) {
	t, err := ev.lookupType(x.tn)
	if err != nil {
		return Value{}, err
	}
	return sizeValue(x.pos, t)
}

// sizeofName evaluates sizeof(name): a variable if there is one, else a
// type name.
func (ev *evaluator) sizeofName(x *sizeofName) (Value, error) {
	if v, err := ev.env.LookupVariable(x.name); err == nil && v.Type != nil {
		return sizeValue(x.pos, v.Type)
	}
	t, err := ev.lookupType(&typeName{pos: x.pos + len("sizeof("), base: x.name})
	if err != nil {
		return Value{}, &Error{Col: x.pos + len("sizeof(") + 1, Msg: "unknown identifier '" + x.name + "'", Err: err}
	}
	return sizeValue(x.pos, t)
}

// sizeValue makes sizeof's result: an unsigned int (size_t on ILP32), or
// an unsigned long long for a size that does not fit (a debugger can name
// such a type even though the target could not).
func sizeValue(pos int, t godwarf.Type) (Value, error) {
	n := Size(t)
	if n < 0 {
		return Value{}, errAt(pos, "size of '%s' unknown or too large", TypeName(t))
	}
	if n > 0xffffffff {
		return mkBase("unsigned long long", uint64(n)).value(), nil
	}
	return mkBase("unsigned int", uint64(n)).value(), nil
}

// cast evaluates (type)expr.
func (ev *evaluator) cast(x *castExpr) (Value, error) {
	t, err := ev.lookupType(x.tn)
	if err != nil {
		return Value{}, err
	}
	if _, void := Resolve(t).(*godwarf.VoidType); void {
		if _, err := ev.eval(x.x); err != nil {
			return Value{}, err
		}
		return Value{Type: t}, nil
	}
	if !isScalar(t) {
		return Value{}, errAt(x.pos, "cannot cast to '%s'", TypeName(t))
	}
	s, err := ev.scalar(x.x)
	if err != nil {
		return Value{}, err
	}
	r, err := convert(s, t)
	if err != nil {
		return Value{}, wrapAt(x.pos, err, "bad cast")
	}
	return r.value(), nil
}
