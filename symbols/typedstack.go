package symbols

import (
	"errors"
	"fmt"
	"math"
)

// Typed-stack operations (DWARF 5 and their GNU extensions).
const (
	opConstType      = 0xa4
	opRegvalType     = 0xa5
	opDerefType      = 0xa6
	opConvert        = 0xa8
	opReinterpret    = 0xa9
	opGNUConstType   = 0xf4
	opGNURegvalType  = 0xf5
	opGNUDerefType   = 0xf6
	opGNUConvert     = 0xf7
	opGNUReinterpret = 0xf9
)

// DWARF base type encodings the typed stack distinguishes.
const (
	encFloat    = 0x04
	encSigned   = 0x05
	encSignedCh = 0x06
)

// valType is the base type of a typed stack entry; the zero value is the
// generic type (an address-sized integer). Entries hold their type's raw
// bits: a float's IEEE encoding, an integer's two's complement.
type valType struct {
	enc  int64
	size int
}

// isFloat reports a floating-point base type of 4 or 8 bytes.
func (v valType) isFloat() bool { return v.enc == encFloat && (v.size == 4 || v.size == 8) }

// typedOp executes one typed-stack operation. GCC describes float
// variables of optimized ARM hard-float code with them (quirk 23).
func (m *exprMachine) typedOp(op byte) error {
	switch op {
	case opConstType, opGNUConstType:
		return m.constType()
	case opRegvalType, opGNURegvalType:
		reg, err := m.uleb()
		if err != nil {
			return err
		}
		t, err := m.readType()
		if err != nil {
			return err
		}
		v, ok := m.ctx.reg(int(reg))
		if !ok {
			return errOptimizedOut
		}
		m.pushTyped(uint64(v), t)
		return nil
	case opDerefType, opGNUDerefType:
		n, err := m.fixed(1)
		if err != nil {
			return err
		}
		t, err := m.readType()
		if err != nil {
			return err
		}
		addr, err := m.pop()
		if err != nil {
			return err
		}
		v, err := m.readMem(uint32(addr), int(n))
		if err != nil {
			return err
		}
		m.pushTyped(v, t)
		return nil
	}
	t, err := m.readType()
	if err != nil {
		return err
	}
	from := m.types[len(m.types)-1]
	v, err := m.pop()
	if err != nil {
		return err
	}
	if op == opConvert || op == opGNUConvert {
		v = convertTyped(v, from, t)
	}
	m.pushTyped(v, t)
	return nil
}

// constType pushes DW_OP_const_type's typed constant.
func (m *exprMachine) constType() error {
	t, err := m.readType()
	if err != nil {
		return err
	}
	n, err := m.fixed(1)
	if err != nil {
		return err
	}
	if n > 8 {
		return fmt.Errorf("DW_OP_const_type of %d bytes", n)
	}
	v, err := m.fixed(int(n))
	if err != nil {
		return err
	}
	m.pushTyped(v, t)
	return nil
}

// readType reads a unit-relative base type operand (0: generic).
func (m *exprMachine) readType() (valType, error) {
	off, err := m.uleb()
	if err != nil || off == 0 {
		return valType{}, err
	}
	if m.ctx.baseType == nil {
		return valType{}, errors.New("typed DWARF operation without a unit")
	}
	return m.ctx.baseType(off)
}

// pushTyped pushes raw bits with a type.
func (m *exprMachine) pushTyped(v uint64, t valType) {
	if t.size > 0 && t.size < 8 {
		v &= 1<<(8*t.size) - 1
	}
	m.push(v)
	m.types[len(m.types)-1] = t
}

// convertTyped converts raw bits of type from into type to.
func convertTyped(v uint64, from, to valType) uint64 {
	if from.isFloat() == to.isFloat() && !from.isFloat() {
		return widenTyped(v, from) // integer to integer
	}
	var f float64
	switch {
	case from.isFloat():
		f = floatOf(v, from)
	case from.enc == encSigned || from.enc == encSignedCh || from.size == 0:
		f = float64(int64(widenTyped(v, from)))
	default:
		f = float64(v)
	}
	if to.isFloat() {
		return floatBits(f, to)
	}
	if to.enc == encSigned || to.enc == encSignedCh {
		return uint64(int64(f))
	}
	return uint64(f)
}

// widenTyped widens a signed integer's bits to 64; generic values are
// 32-bit signed, unsigned ones are left alone.
func widenTyped(v uint64, t valType) uint64 {
	size := t.size
	if size == 0 {
		size = 4
	} else if t.enc != encSigned && t.enc != encSignedCh {
		return v
	}
	if size >= 8 {
		return v
	}
	shift := 64 - 8*uint(size)
	return uint64(int64(v<<shift) >> shift)
}

// floatOf decodes a float's bits.
func floatOf(v uint64, t valType) float64 {
	if t.size == 4 {
		return float64(math.Float32frombits(uint32(v)))
	}
	return math.Float64frombits(v)
}

// floatBits encodes a float in its type's bits.
func floatBits(f float64, t valType) uint64 {
	if t.size == 4 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

// floatOperands reports whether op works on a floating-point top of stack.
func (m *exprMachine) floatOperands(op byte) bool {
	n := len(m.types)
	if n == 0 || !m.types[n-1].isFloat() {
		return false
	}
	return op == 0x19 || op == 0x1f || n >= 2 && m.types[n-2] == m.types[n-1]
}

// floatArith applies an operator to floating-point operands of one type.
func (m *exprMachine) floatArith(op byte) error {
	t := m.types[len(m.types)-1]
	bv, _ := m.pop()
	b := floatOf(bv, t)
	switch op {
	case 0x19:
		m.pushTyped(floatBits(math.Abs(b), t), t)
		return nil
	case 0x1f:
		m.pushTyped(floatBits(-b, t), t)
		return nil
	}
	av, _ := m.pop()
	a := floatOf(av, t)
	var r float64
	switch op {
	case 0x1c:
		r = a - b
	case 0x1e:
		r = a * b
	case 0x22:
		r = a + b
	case 0x1b:
		r = a / b
	default:
		return m.floatCompare(op, a, b)
	}
	m.pushTyped(floatBits(r, t), t)
	return nil
}

// floatCompare pushes the generic 0/1 result of a comparison.
func (m *exprMachine) floatCompare(op byte, a, b float64) error {
	var c bool
	switch op {
	case 0x29:
		c = a == b
	case 0x2a:
		c = a >= b
	case 0x2b:
		c = a > b
	case 0x2c:
		c = a <= b
	case 0x2d:
		c = a < b
	case 0x2e:
		c = a != b
	default:
		return fmt.Errorf("DWARF operation 0x%02x on floating-point values", op)
	}
	if c {
		m.push(1)
	} else {
		m.push(0)
	}
	return nil
}
