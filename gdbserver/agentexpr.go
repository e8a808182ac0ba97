package gdbserver

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Agent-expression opcodes (gdb's ax.def); only those the evaluator knows.
const (
	axAdd          = 0x02
	axSub          = 0x03
	axMul          = 0x04
	axDivSigned    = 0x05
	axDivUnsigned  = 0x06
	axRemSigned    = 0x07
	axRemUnsigned  = 0x08
	axLsh          = 0x09
	axRshSigned    = 0x0a
	axRshUnsigned  = 0x0b
	axTrace        = 0x0c
	axTraceQuick   = 0x0d
	axLogNot       = 0x0e
	axBitAnd       = 0x0f
	axBitOr        = 0x10
	axBitXor       = 0x11
	axBitNot       = 0x12
	axEqual        = 0x13
	axLessSigned   = 0x14
	axLessUnsigned = 0x15
	axExt          = 0x16
	axRef8         = 0x17
	axRef16        = 0x18
	axRef32        = 0x19
	axRef64        = 0x1a
	axIfGoto       = 0x20
	axGoto         = 0x21
	axConst8       = 0x22
	axConst16      = 0x23
	axConst32      = 0x24
	axConst64      = 0x25
	axReg          = 0x26
	axEnd          = 0x27
	axDup          = 0x28
	axPop          = 0x29
	axZeroExt      = 0x2a
	axSwap         = 0x2b
	axTracev       = 0x2e
	axTracenz      = 0x2f
	axTrace16      = 0x30
	axPick         = 0x32
	axRot          = 0x33
)

// Limits that keep a hostile expression from running away.
const (
	axMaxStack = 1024
	axMaxOps   = 1 << 16
)

// AgentEnv is what an agent expression may look at: the registers of the
// hart that hit the breakpoint (by gdb register number) and memory.
type AgentEnv interface {
	Register(n int) (uint64, error)
	ReadMemory(addr uint32, buf []byte) error
}

// AgentExpr is an agent expression: gdb's bytecode for a breakpoint
// condition.
type AgentExpr struct {
	code []byte
}

// NewAgentExpr wraps bytecode; it is checked when evaluated.
func NewAgentExpr(code []byte) *AgentExpr {
	return &AgentExpr{code: append([]byte(nil), code...)}
}

// axMachine is the state of one evaluation.
type axMachine struct {
	code  []byte
	pc    int
	stack []uint64
	env   AgentEnv
}

// Eval runs the expression and returns the value on top of the stack at
// `end`. Errors (bad bytecode, stack underflow, division by zero,
// unreadable memory, unsupported opcodes) are reported, never panicked.
func (e *AgentExpr) Eval(env AgentEnv) (uint64, error) {
	m := &axMachine{code: e.code, env: env}
	for ops := 0; ops < axMaxOps; ops++ {
		if m.pc >= len(m.code) {
			return 0, errors.New("agent expression runs past its end")
		}
		op := m.code[m.pc]
		m.pc++
		if op == axEnd {
			return m.pop()
		}
		if err := m.exec(op); err != nil {
			return 0, fmt.Errorf("agent expression at %d (op %#02x): %w", m.pc-1, op, err)
		}
	}
	return 0, errors.New("agent expression runs too long")
}

func (m *axMachine) push(v uint64) error {
	if len(m.stack) >= axMaxStack {
		return errors.New("stack overflow")
	}
	m.stack = append(m.stack, v)
	return nil
}

func (m *axMachine) pop() (uint64, error) {
	if len(m.stack) == 0 {
		return 0, errors.New("stack underflow")
	}
	v := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	return v, nil
}

// operand reads an n-byte big-endian operand from the bytecode.
func (m *axMachine) operand(n int) (uint64, error) {
	if m.pc+n > len(m.code) {
		return 0, errors.New("operand runs past the end")
	}
	var v uint64
	for _, b := range m.code[m.pc : m.pc+n] {
		v = v<<8 | uint64(b)
	}
	m.pc += n
	return v, nil
}

func (m *axMachine) exec(op byte) error {
	switch {
	case op >= axAdd && op <= axRshUnsigned, op >= axBitAnd && op <= axBitXor,
		op == axEqual, op == axLessSigned, op == axLessUnsigned:
		return m.binary(op)
	}
	switch op {
	case axLogNot, axBitNot, axExt, axZeroExt:
		return m.unary(op)
	case axRef8, axRef16, axRef32, axRef64:
		return m.ref(op)
	case axConst8, axConst16, axConst32, axConst64:
		v, err := m.operand(1 << (op - axConst8))
		if err != nil {
			return err
		}
		return m.push(v)
	case axReg:
		n, err := m.operand(2)
		if err != nil {
			return err
		}
		v, err := m.env.Register(int(n))
		if err != nil {
			return err
		}
		return m.push(v)
	case axIfGoto, axGoto:
		return m.jump(op)
	case axTrace, axTracenz: // collect memory: nothing to collect here
		if _, err := m.pop(); err != nil {
			return err
		}
		_, err := m.pop()
		return err
	case axTraceQuick:
		_, err := m.operand(1)
		return err
	case axTrace16, axTracev:
		_, err := m.operand(2)
		return err
	}
	return m.stackOp(op)
}

func (m *axMachine) binary(op byte) error {
	b, err := m.pop()
	if err != nil {
		return err
	}
	a, err := m.pop()
	if err != nil {
		return err
	}
	v, err := axBinary(op, a, b)
	if err != nil {
		return err
	}
	return m.push(v)
}

func axBinary(op byte, a, b uint64) (uint64, error) {
	switch op {
	case axAdd:
		return a + b, nil
	case axSub:
		return a - b, nil
	case axMul:
		return a * b, nil
	case axLsh:
		return a << b, nil
	case axRshSigned:
		return uint64(int64(a) >> b), nil
	case axRshUnsigned:
		return a >> b, nil
	case axBitAnd:
		return a & b, nil
	case axBitOr:
		return a | b, nil
	case axBitXor:
		return a ^ b, nil
	case axEqual:
		return boolVal(a == b), nil
	case axLessSigned:
		return boolVal(int64(a) < int64(b)), nil
	case axLessUnsigned:
		return boolVal(a < b), nil
	}
	if b == 0 {
		return 0, errors.New("division by zero")
	}
	switch op {
	case axDivSigned:
		return uint64(int64(a) / int64(b)), nil
	case axDivUnsigned:
		return a / b, nil
	case axRemSigned:
		return uint64(int64(a) % int64(b)), nil
	default: // axRemUnsigned
		return a % b, nil
	}
}

func boolVal(c bool) uint64 {
	if c {
		return 1
	}
	return 0
}

func (m *axMachine) unary(op byte) error {
	var bits uint64
	if op == axExt || op == axZeroExt {
		n, err := m.operand(1)
		if err != nil {
			return err
		}
		bits = n
	}
	v, err := m.pop()
	if err != nil {
		return err
	}
	switch op {
	case axLogNot:
		v = boolVal(v == 0)
	case axBitNot:
		v = ^v
	case axExt:
		if bits > 0 && bits < 64 {
			shift := 64 - bits
			v = uint64(int64(v<<shift) >> shift)
		}
	case axZeroExt:
		if bits < 64 {
			v &= 1<<bits - 1
		}
	}
	return m.push(v)
}

func (m *axMachine) ref(op byte) error {
	addr, err := m.pop()
	if err != nil {
		return err
	}
	if addr > 0xffffffff {
		return fmt.Errorf("address %#x beyond 32 bits", addr)
	}
	buf := make([]byte, 1<<(op-axRef8))
	if err := m.env.ReadMemory(uint32(addr), buf); err != nil {
		return fmt.Errorf("reading %d bytes at %#x: %w", len(buf), addr, err)
	}
	var v uint64
	switch len(buf) {
	case 1:
		v = uint64(buf[0])
	case 2:
		v = uint64(binary.LittleEndian.Uint16(buf))
	case 4:
		v = uint64(binary.LittleEndian.Uint32(buf))
	default:
		v = binary.LittleEndian.Uint64(buf)
	}
	return m.push(v)
}

func (m *axMachine) jump(op byte) error {
	target, err := m.operand(2)
	if err != nil {
		return err
	}
	if op == axIfGoto {
		c, err := m.pop()
		if err != nil {
			return err
		}
		if c == 0 {
			return nil
		}
	}
	if target >= uint64(len(m.code)) {
		return fmt.Errorf("jump to %d outside the expression", target)
	}
	m.pc = int(target)
	return nil
}

func (m *axMachine) stackOp(op byte) error {
	n := len(m.stack)
	switch op {
	case axDup:
		if n < 1 {
			return errors.New("stack underflow")
		}
		return m.push(m.stack[n-1])
	case axPop:
		_, err := m.pop()
		return err
	case axSwap:
		if n < 2 {
			return errors.New("stack underflow")
		}
		m.stack[n-1], m.stack[n-2] = m.stack[n-2], m.stack[n-1]
		return nil
	case axPick:
		k, err := m.operand(1)
		if err != nil {
			return err
		}
		if int(k) >= n {
			return errors.New("stack underflow")
		}
		return m.push(m.stack[n-1-int(k)])
	case axRot: // a b c => c a b
		if n < 3 {
			return errors.New("stack underflow")
		}
		a, b, c := m.stack[n-3], m.stack[n-2], m.stack[n-1]
		m.stack[n-3], m.stack[n-2], m.stack[n-1] = c, a, b
		return nil
	}
	return fmt.Errorf("unsupported opcode %#02x", op)
}
