package cexpr

import (
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// evaluator carries the environment through one evaluation.
type evaluator struct {
	env   Env
	depth int
}

// Eval evaluates e in env with C semantics on ILP32: integer promotions,
// usual arithmetic conversions, wrap-around, pointer arithmetic scaled by
// element size, . -> [] * & sizeof, casts, ?: && || ! ~, comparisons and
// assignment (plain and compound) written through env. The result may be
// an lvalue (HasAddr or Reg set) or a computed value.
func Eval(e Expr, env Env) (Value, error) {
	if e == nil {
		return Value{}, errAt(-1, "empty expression")
	}
	ev := &evaluator{env: env}
	return ev.eval(e)
}

// eval evaluates a node to a possibly-lvalue Value.
func (ev *evaluator) eval(e Expr) (Value, error) {
	ev.depth++
	defer func() { ev.depth-- }()
	if ev.depth > MaxDepth*2 {
		return Value{}, errAt(e.Pos(), "expression nested too deeply")
	}
	switch x := e.(type) {
	case *identExpr:
		return ev.ident(x)
	case *regExpr:
		return ev.register(x)
	case *intLit:
		return mkBase(x.typ, x.val).value(), nil
	case *floatLit:
		return scalar{t: mustBase(x.typ), f: x.val, float: true}.value(), nil
	case *strLit:
		return strValue(x.val), nil
	case *unaryExpr:
		return ev.unary(x)
	case *postfixExpr:
		return Value{}, errAt(x.pos, "'%s' is not supported; use '%s= 1'", x.op, x.op[:1])
	case *memberExpr:
		return ev.member(x)
	case *indexExpr:
		return ev.index(x)
	case *castExpr:
		return ev.cast(x)
	case *sizeofType:
		return ev.sizeofTypeName(x)
	case *sizeofName:
		return ev.sizeofName(x)
	case *binaryExpr:
		return ev.binary(x)
	case *condExpr:
		return ev.cond(x)
	case *assignExpr:
		return ev.assign(x)
	case *commaExpr:
		if _, err := ev.eval(x.x); err != nil {
			return Value{}, err
		}
		return ev.rvalue(x.y)
	}
	return Value{}, errAt(e.Pos(), "unsupported expression")
}

// ident resolves a variable.
func (ev *evaluator) ident(x *identExpr) (Value, error) {
	v, err := ev.env.LookupVariable(x.name)
	if err != nil {
		return Value{}, &Error{Col: x.pos + 1, Msg: "unknown identifier '" + x.name + "'", Err: err}
	}
	if v.Type == nil {
		return Value{}, errAt(x.pos, "identifier '%s' has no type", x.name)
	}
	return v, nil
}

// register reads $name. General-purpose registers are int, pc and sp are
// void * (as in gdb), CSRs unsigned int.
func (ev *evaluator) register(x *regExpr) (Value, error) {
	name := strings.ToLower(x.name)
	r, ok := ev.env.LookupRegister(name)
	if !ok {
		return Value{}, errAt(x.pos, "unknown register '$%s'", x.name)
	}
	return Value{Type: regType(name), Reg: name, Bytes: u64le(uint64(r), 4)}, nil
}

// regType picks the C type a register reads as.
func regType(name string) godwarf.Type {
	switch name {
	case "pc", "sp", "fp", "ra":
		return ptrTo(mustBase("void"))
	}
	if gprNames[name] {
		return mustBase("int")
	}
	return mustBase("unsigned int")
}

// gprNames are the integer register names, numeric and ABI.
var gprNames = func() map[string]bool {
	m := map[string]bool{}
	abi := []string{"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "fp", "s1",
		"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6",
		"s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"}
	for _, n := range abi {
		m[n] = true
	}
	for i := 0; i < 32; i++ {
		m["x"+itoa(i)] = true
	}
	return m
}()

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// strValue makes a string literal: a computed char array with its NUL.
func strValue(b []byte) Value {
	data := append(append([]byte{}, b...), 0)
	t := &godwarf.ArrayType{Type: mustBase("char"), Count: int64(len(data))}
	t.ByteSize = int64(len(data))
	return Value{Type: t, Bytes: data}
}

// rvalue evaluates e, loads it, and applies array-to-pointer and
// function-to-pointer decay.
func (ev *evaluator) rvalue(e Expr) (Value, error) {
	v, err := ev.eval(e)
	if err != nil {
		return Value{}, err
	}
	return ev.load(e.Pos(), v)
}

// load turns v into a computed value, decaying arrays and functions.
func (ev *evaluator) load(pos int, v Value) (Value, error) {
	switch t := Resolve(v.Type).(type) {
	case *godwarf.ArrayType:
		if !v.HasAddr {
			return Value{}, errAt(pos, "array is not in memory")
		}
		return mkInt(ptrTo(t.Type), uint64(v.Addr)).value(), nil
	case *godwarf.FuncType:
		if !v.HasAddr {
			return Value{}, errAt(pos, "function has no address")
		}
		return mkInt(ptrTo(v.Type), uint64(v.Addr)).value(), nil
	case *godwarf.VoidType:
		return Value{Type: v.Type}, nil
	}
	b, err := v.Load(ev.env)
	if err != nil {
		return Value{}, wrapAt(pos, err, "cannot read value")
	}
	return Value{Type: v.Type, Bytes: b}, nil
}

// scalar evaluates e to an arithmetic or pointer rvalue.
func (ev *evaluator) scalar(e Expr) (scalar, error) {
	v, err := ev.rvalue(e)
	if err != nil {
		return scalar{}, err
	}
	return toScalar(e.Pos(), v)
}

// toScalar decodes a loaded value as a scalar.
func toScalar(pos int, v Value) (scalar, error) {
	if !isScalar(v.Type) {
		return scalar{}, errAt(pos, "operand of type '%s' is not a number or pointer", TypeName(v.Type))
	}
	s, err := scalarFromBytes(v.Type, v.Bytes)
	if err != nil {
		return scalar{}, wrapAt(pos, err, "bad operand")
	}
	return s, nil
}

// dryEnv reads zeros and discards writes: it serves type-only evaluation.
type dryEnv struct{ Env }

func (d dryEnv) ReadMemory(addr uint32, buf []byte) error {
	clear(buf)
	return nil
}

func (d dryEnv) WriteMemory(uint32, []byte) error { return nil }

func (d dryEnv) WriteRegister(string, uint32) error { return nil }

func (d dryEnv) LookupRegister(name string) (uint32, bool) {
	_, ok := d.Env.LookupRegister(name)
	return 0, ok
}
