package symbols

import (
	"errors"
	"fmt"
)

// DWARF expression opcodes used below.
const (
	opAddr          = 0x03
	opDeref         = 0x06
	opConst1u       = 0x08
	opConst8s       = 0x0f
	opConstu        = 0x10
	opConsts        = 0x11
	opDup           = 0x12
	opDrop          = 0x13
	opOver          = 0x14
	opPick          = 0x15
	opSwap          = 0x16
	opRot           = 0x17
	opAbs           = 0x19
	opXor           = 0x27
	opBra           = 0x28
	opEq            = 0x29
	opNe            = 0x2e
	opSkip          = 0x2f
	opLit0          = 0x30
	opLit31         = 0x4f
	opReg0          = 0x50
	opReg31         = 0x6f
	opBreg0         = 0x70
	opBreg31        = 0x8f
	opRegx          = 0x90
	opFbreg         = 0x91
	opBregx         = 0x92
	opPiece         = 0x93
	opDerefSize     = 0x94
	opNop           = 0x96
	opCallFrameCFA  = 0x9c
	opImplicitValue = 0x9e
	opStackValue    = 0x9f
	opImplicitPtr   = 0xa0
	opEntryValue    = 0xa3
	opPlusUconst    = 0x23
	opGNUImplicit   = 0xf2
	opGNUEntryValue = 0xf3
	opGNUParamRef   = 0xfa
)

// run executes the whole expression.
func (m *exprMachine) run() error {
	for steps := 0; m.pos < len(m.buf); steps++ {
		if steps > maxExprSteps {
			return errors.New("DWARF expression too long (loop?)")
		}
		op := m.buf[m.pos]
		m.pos++
		if err := m.step(op); err != nil {
			return err
		}
	}
	return nil
}

// step executes one operation.
func (m *exprMachine) step(op byte) error {
	switch {
	case op >= opLit0 && op <= opLit31:
		m.push(uint64(op - opLit0))
		return nil
	case op >= opReg0 && op <= opReg31:
		m.cur = &piece{kind: pieceReg, reg: int(op - opReg0)}
		return nil
	case op >= opBreg0 && op <= opBreg31:
		off, err := m.sleb()
		if err != nil {
			return err
		}
		return m.breg(int(op-opBreg0), off)
	case op >= opConst1u && op <= opConst8s:
		return m.constant(op)
	case op != opPlusUconst && (op >= opAbs && op <= opXor || op >= opEq && op <= opNe):
		return m.arith(op)
	}
	return m.stepOther(op)
}

// stepOther handles the remaining operations.
func (m *exprMachine) stepOther(op byte) error {
	switch op {
	case opAddr, opConstu, opConsts:
		return m.literalOp(op)
	case opDeref:
		return m.deref(4)
	case opDerefSize:
		n, err := m.fixed(1)
		if err != nil {
			return err
		}
		return m.deref(int(n))
	case opPlusUconst:
		v, err := m.uleb()
		if err != nil {
			return err
		}
		a, err := m.pop()
		m.push((a + v) & 0xffffffff)
		return err
	case opRegx:
		n, err := m.uleb()
		m.cur = &piece{kind: pieceReg, reg: int(n)}
		return err
	case opBregx:
		n, err := m.uleb()
		if err != nil {
			return err
		}
		off, err := m.sleb()
		if err != nil {
			return err
		}
		return m.breg(int(n), off)
	case opFbreg:
		return m.fbreg()
	case opCallFrameCFA:
		cfa, ok := m.ctx.cfa()
		if !ok {
			return errOptimizedOut
		}
		m.push(uint64(cfa))
	case opPiece:
		return m.piece()
	case opStackValue:
		m.isVal = true
	case opImplicitValue:
		return m.implicit()
	case opEntryValue, opGNUEntryValue:
		return m.entryValue()
	case opImplicitPtr, opGNUImplicit, opGNUParamRef:
		return errOptimizedOut
	case opNop:
	case opConstType, opRegvalType, opDerefType, opConvert, opReinterpret,
		opGNUConstType, opGNURegvalType, opGNUDerefType, opGNUConvert, opGNUReinterpret:
		return m.typedOp(op)
	default:
		return m.stackOp(op)
	}
	return nil
}

// literalOp pushes DW_OP_addr, DW_OP_constu and DW_OP_consts operands.
func (m *exprMachine) literalOp(op byte) error {
	var v uint64
	var err error
	switch op {
	case opAddr:
		v, err = m.fixed(4)
	case opConstu:
		v, err = m.uleb()
	default:
		var s int64
		s, err = m.sleb()
		v = uint64(s)
	}
	m.push(v)
	return err
}

// stackOp handles stack manipulation and control flow.
func (m *exprMachine) stackOp(op byte) error {
	n := len(m.stack)
	switch op {
	case opDup:
		if n < 1 {
			return errors.New("DW_OP_dup on empty stack")
		}
		m.push(m.stack[n-1])
	case opDrop:
		_, err := m.pop()
		return err
	case opOver:
		if n < 2 {
			return errors.New("DW_OP_over needs two values")
		}
		m.push(m.stack[n-2])
	case opPick:
		i, err := m.fixed(1)
		if err != nil || int(i) >= n {
			return errors.New("DW_OP_pick out of range")
		}
		m.push(m.stack[n-1-int(i)])
	case opSwap:
		if n < 2 {
			return errors.New("DW_OP_swap needs two values")
		}
		m.stack[n-1], m.stack[n-2] = m.stack[n-2], m.stack[n-1]
		m.types[n-1], m.types[n-2] = m.types[n-2], m.types[n-1]
	case opRot:
		if n < 3 {
			return errors.New("DW_OP_rot needs three values")
		}
		m.stack[n-1], m.stack[n-2], m.stack[n-3] = m.stack[n-2], m.stack[n-3], m.stack[n-1]
		m.types[n-1], m.types[n-2], m.types[n-3] = m.types[n-2], m.types[n-3], m.types[n-1]
	case opSkip, opBra:
		return m.branch(op)
	default:
		return fmt.Errorf("unsupported DWARF operation 0x%02x", op)
	}
	return nil
}

// branch implements DW_OP_skip and DW_OP_bra.
func (m *exprMachine) branch(op byte) error {
	v, err := m.fixed(2)
	if err != nil {
		return err
	}
	off := int(int16(v))
	if op == opBra {
		c, err := m.pop()
		if err != nil {
			return err
		}
		if c&0xffffffff == 0 {
			return nil
		}
	}
	if m.pos+off < 0 || m.pos+off > len(m.buf) {
		return errors.New("DWARF branch out of range")
	}
	m.pos += off
	return nil
}

// constant pushes DW_OP_constNu/s.
func (m *exprMachine) constant(op byte) error {
	size := 1 << ((op - opConst1u) / 2)
	v, err := m.fixed(size)
	if err != nil {
		return err
	}
	if (op-opConst1u)%2 == 1 && size < 8 { // signed: sign-extend
		s := uint(64 - 8*size)
		v = uint64(int64(v<<s) >> s)
	}
	m.push(v)
	return nil
}

// arith applies a unary or binary operator on 32-bit values (or on
// floating-point values of the typed stack).
func (m *exprMachine) arith(op byte) error {
	if m.floatOperands(op) {
		return m.floatArith(op)
	}
	b, err := m.pop()
	if err != nil {
		return err
	}
	switch op {
	case 0x19: // abs
		if int32(b) < 0 {
			b = uint64(-int32(b))
		}
		m.push(b & 0xffffffff)
		return nil
	case 0x1f: // neg
		m.push(uint64(-int32(b)) & 0xffffffff)
		return nil
	case 0x20: // not
		m.push(^b & 0xffffffff)
		return nil
	}
	a, err := m.pop()
	if err != nil {
		return err
	}
	r, err := binop(op, uint32(a), uint32(b))
	m.push(uint64(r))
	return err
}

// binop computes a binary DWARF operator in 32-bit arithmetic.
func binop(op byte, a, b uint32) (uint32, error) {
	switch op {
	case 0x1a:
		return a & b, nil
	case 0x1b, 0x1d:
		if b == 0 {
			return 0, errors.New("division by zero in DWARF expression")
		}
		if op == 0x1b {
			return uint32(int32(a) / int32(b)), nil
		}
		return a % b, nil
	case 0x1c:
		return a - b, nil
	case 0x1e:
		return a * b, nil
	case 0x21:
		return a | b, nil
	case 0x22:
		return a + b, nil
	case 0x24:
		return a << (b & 63), nil
	case 0x25:
		return a >> (b & 63), nil
	case 0x26:
		return uint32(int32(a) >> (b & 63)), nil
	case 0x27:
		return a ^ b, nil
	}
	var c bool
	switch op {
	case 0x29:
		c = a == b
	case 0x2a:
		c = int32(a) >= int32(b)
	case 0x2b:
		c = int32(a) > int32(b)
	case 0x2c:
		c = int32(a) <= int32(b)
	case 0x2d:
		c = int32(a) < int32(b)
	case 0x2e:
		c = a != b
	default:
		return 0, fmt.Errorf("unsupported DWARF operation 0x%02x", op)
	}
	if c {
		return 1, nil
	}
	return 0, nil
}
