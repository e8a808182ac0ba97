package symbols

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// errOptimizedOut marks a value the program no longer holds.
var errOptimizedOut = errors.New("optimized out")

// pieceKind says where one piece of a value lives.
type pieceKind int

const (
	pieceMem      pieceKind = iota // in memory at addr
	pieceReg                       // in register reg
	pieceValue                     // computed: val
	pieceImplicit                  // literal bytes
	pieceOptOut                    // unavailable
)

// piece is one part of a variable's location.
type piece struct {
	kind  pieceKind
	addr  uint32
	reg   int
	val   uint64
	bytes []byte
	size  int // bytes; 0 = the whole value (no DW_OP_piece)
}

// exprContext supplies what a DWARF expression may refer to.
type exprContext struct {
	reg       func(n int) (uint32, bool)
	mem       func(addr uint32, buf []byte) error
	frameBase func() (uint32, error)
	cfa       func() (uint32, bool)
	entry     func(expr []byte) (uint32, error)
	// baseType resolves a DWARF base type by its offset in the unit
	// (DW_OP_convert and the other typed-stack operations); nil: none.
	baseType func(unitOff uint64) (valType, error)
}

// maxExprSteps bounds the work of a hostile expression (branches loop).
const maxExprSteps = 10000

// evalLocation runs a DWARF location expression with a 32-bit stack
// (values are masked to 32 bits), supporting deref_size of any width, entry
// values through ctx.entry and empty pieces as optimized out: quirks 4 to 7
// in DWARF-QUIRKS.md.
func evalLocation(expr []byte, ctx *exprContext) ([]piece, error) {
	if len(expr) == 0 {
		return []piece{{kind: pieceOptOut}}, nil
	}
	m := &exprMachine{ctx: ctx, buf: expr}
	if err := m.run(); err != nil {
		return nil, err
	}
	return m.result()
}

// exprMachine is the expression evaluator's state.
type exprMachine struct {
	ctx    *exprContext
	buf    []byte
	pos    int
	stack  []uint64
	types  []valType // the base type of each stack entry (typed stack)
	pieces []piece
	cur    *piece // a register/implicit location waiting for its piece
	isVal  bool   // DW_OP_stack_value seen
}

// result turns the final state into pieces.
func (m *exprMachine) result() ([]piece, error) {
	if len(m.pieces) > 0 {
		return m.pieces, nil
	}
	if m.cur != nil {
		return []piece{*m.cur}, nil
	}
	if len(m.stack) == 0 {
		return []piece{{kind: pieceOptOut}}, nil
	}
	top := m.stack[len(m.stack)-1]
	if m.isVal {
		return []piece{{kind: pieceValue, val: top}}, nil
	}
	return []piece{{kind: pieceMem, addr: uint32(top)}}, nil
}

// push and pop operate the stack.
func (m *exprMachine) push(v uint64) {
	m.stack = append(m.stack, v)
	m.types = append(m.types, valType{})
}

func (m *exprMachine) pop() (uint64, error) {
	if len(m.stack) == 0 {
		return 0, errors.New("DWARF expression stack underflow")
	}
	v := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	m.types = m.types[:len(m.stack)]
	return v, nil
}

// uleb, sleb and fixed read operands.
func (m *exprMachine) uleb() (uint64, error) {
	v, n := readULEB(m.buf[m.pos:])
	if n == 0 {
		return 0, errors.New("truncated DWARF expression")
	}
	m.pos += n
	return v, nil
}

func (m *exprMachine) sleb() (int64, error) {
	v, n := readSLEB(m.buf[m.pos:])
	if n == 0 {
		return 0, errors.New("truncated DWARF expression")
	}
	m.pos += n
	return v, nil
}

func (m *exprMachine) fixed(n int) (uint64, error) {
	if m.pos+n > len(m.buf) {
		return 0, errors.New("truncated DWARF expression")
	}
	var v uint64
	for i := n - 1; i >= 0; i-- {
		v = v<<8 | uint64(m.buf[m.pos+i])
	}
	m.pos += n
	return v, nil
}

// readULEB decodes an unsigned LEB128; n = 0 if truncated.
func readULEB(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= uint64(b[i]&0x7f) << (7 * uint(i))
		if b[i]&0x80 == 0 {
			return v, i + 1
		}
	}
	return 0, 0
}

// readSLEB decodes a signed LEB128; n = 0 if truncated.
func readSLEB(b []byte) (int64, int) {
	var v int64
	for i := 0; i < len(b) && i < 10; i++ {
		v |= int64(b[i]&0x7f) << (7 * uint(i))
		if b[i]&0x80 == 0 {
			if s := 7 * uint(i+1); s < 64 && b[i]&0x40 != 0 {
				v |= -1 << s
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// readMem reads n (1..8) little-endian bytes for deref.
func (m *exprMachine) readMem(addr uint32, n int) (uint64, error) {
	if n < 1 || n > 8 {
		return 0, fmt.Errorf("DW_OP_deref_size %d", n)
	}
	var b [8]byte
	if err := m.ctx.mem(addr, b[:n]); err != nil {
		return 0, fmt.Errorf("DW_OP_deref at 0x%08x: %w", addr, err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}
