package cexpr

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// assign evaluates lhs = rhs and the compound assignments.
func (ev *evaluator) assign(x *assignExpr) (Value, error) {
	if x.op != "=" {
		return ev.compound(x.pos, x.op[:len(x.op)-1], x.lhs, x.rhs)
	}
	lv, err := ev.lvalue(x.pos, x.lhs)
	if err != nil {
		return Value{}, err
	}
	if id, ok := x.rhs.(*identExpr); ok {
		if n, ok := enumerator(lv.Type, id.name); ok && !ev.isVariable(id.name) {
			return ev.storeScalar(x.pos, lv, mkBase("int", uint64(n)))
		}
	}
	rv, err := ev.rvalue(x.rhs)
	if err != nil {
		return Value{}, err
	}
	if _, ok := Resolve(lv.Type).(*godwarf.StructType); ok {
		return ev.storeAggregate(x.pos, lv, rv)
	}
	s, err := toScalar(x.rhs.Pos(), rv)
	if err != nil {
		return Value{}, err
	}
	return ev.storeScalar(x.pos, lv, s)
}

// compound evaluates lhs op= rhs (and ++x, --x), evaluating lhs once.
func (ev *evaluator) compound(pos int, op string, lhs, rhs Expr) (Value, error) {
	lv, err := ev.lvalue(pos, lhs)
	if err != nil {
		return Value{}, err
	}
	cur, err := ev.load(lhs.Pos(), lv)
	if err != nil {
		return Value{}, err
	}
	a, err := toScalar(lhs.Pos(), cur)
	if err != nil {
		return Value{}, err
	}
	b, err := ev.scalarHint(rhs, lv.Type)
	if err != nil {
		return Value{}, err
	}
	r, err := binop(pos, op, a, b)
	if err != nil {
		return Value{}, err
	}
	return ev.storeScalar(pos, lv, r)
}

// lvalue evaluates e and checks that it can be assigned.
func (ev *evaluator) lvalue(pos int, e Expr) (Value, error) {
	v, err := ev.eval(e)
	if err != nil {
		return Value{}, err
	}
	switch {
	case v.OptimizedOut:
		return Value{}, errAt(e.Pos(), "cannot assign to a value that is optimized out")
	case !v.HasAddr && v.Reg == "":
		return Value{}, errAt(pos, "left side of assignment is not an lvalue")
	}
	switch Resolve(v.Type).(type) {
	case *godwarf.ArrayType, *godwarf.FuncType, *godwarf.VoidType:
		return Value{}, errAt(pos, "cannot assign to a value of type '%s'", TypeName(v.Type))
	}
	return v, nil
}

// storeScalar converts s to the lvalue's type, writes it, and returns the
// value as stored (a bitfield truncated to its width).
func (ev *evaluator) storeScalar(pos int, lv Value, s scalar) (Value, error) {
	if !isScalar(lv.Type) {
		return Value{}, errAt(pos, "cannot assign '%s' to '%s'", TypeName(s.t), TypeName(lv.Type))
	}
	c, err := convert(s, lv.Type)
	if err != nil {
		return Value{}, wrapAt(pos, err, "bad assignment")
	}
	if lv.BitSize != 0 {
		return ev.storeBits(pos, lv, c)
	}
	nv := c.value()
	out := nv.Bytes
	if !lv.HasAddr && len(out) < 4 {
		out = u64le(c.bits, 4) // registers hold narrow values extended
	}
	if err := ev.write(pos, lv, out); err != nil {
		return Value{}, err
	}
	return nv, nil
}

// storeBits writes a bitfield with read-modify-write of its storage.
func (ev *evaluator) storeBits(pos int, lv Value, c scalar) (Value, error) {
	if !lv.HasAddr {
		return Value{}, errAt(pos, "cannot assign to a bitfield not in memory")
	}
	n := (lv.BitOffset + lv.BitSize + 7) / 8
	if lv.BitOffset < 0 || lv.BitSize <= 0 || n > 8 {
		return Value{}, errAt(pos, "bad bitfield layout")
	}
	buf := make([]byte, n)
	if err := ev.env.ReadMemory(lv.Addr, buf); err != nil {
		return Value{}, wrapAt(pos, err, "cannot read bitfield at 0x%08x", lv.Addr)
	}
	m := mask(lv.BitSize) << uint(lv.BitOffset)
	word := leU64(buf)&^m | c.bits<<uint(lv.BitOffset)&m
	if err := ev.env.WriteMemory(lv.Addr, u64le(word, n)); err != nil {
		return Value{}, wrapAt(pos, err, "cannot write bitfield at 0x%08x", lv.Addr)
	}
	field := c.bits & mask(lv.BitSize)
	if isSigned(lv.Type) {
		field = signExtend(field, lv.BitSize)
	}
	return mkInt(lv.Type, field).value(), nil
}

// storeAggregate assigns a struct or union of the same type and size.
func (ev *evaluator) storeAggregate(pos int, lv, rv Value) (Value, error) {
	if TypeName(lv.Type) != TypeName(rv.Type) && TypeName(Resolve(lv.Type)) != TypeName(Resolve(rv.Type)) ||
		Size(lv.Type) != Size(rv.Type) {
		return Value{}, errAt(pos, "cannot assign '%s' to '%s'", TypeName(rv.Type), TypeName(lv.Type))
	}
	if err := ev.write(pos, lv, rv.Bytes); err != nil {
		return Value{}, err
	}
	return Value{Type: lv.Type, Bytes: rv.Bytes}, nil
}

// write stores bytes to an lvalue's memory or register.
func (ev *evaluator) write(pos int, lv Value, b []byte) error {
	if lv.HasAddr {
		if err := ev.env.WriteMemory(lv.Addr, b); err != nil {
			return wrapAt(pos, err, "cannot write %d bytes at 0x%08x", len(b), lv.Addr)
		}
		return nil
	}
	if len(b) > 4 {
		return errAt(pos, "cannot write %d bytes to register %s", len(b), lv.Reg)
	}
	if err := ev.env.WriteRegister(lv.Reg, uint32(leU64(b))); err != nil {
		return wrapAt(pos, err, "cannot write register %s", lv.Reg)
	}
	return nil
}
