// Package amd64 assembles the x86-64 machine code of the block compiler
// and runs it. It knows the few instructions a lowered guest block needs
// (moves, loads and stores of 8 to 64 bits, integer arithmetic, shifts,
// multiplies and divides, compares, condition codes, jumps to labels) and
// encodes each the way the Intel manual gives it; nothing here knows a
// guest architecture.
//
// An Asm collects one function's code; Finish resolves its labels. Code
// places finished functions in executable memory, and Call runs one with
// a context pointer in RDI (call_amd64.s).
package amd64

import "fmt"

// Reg is a general-purpose register, numbered as the encoding numbers it.
type Reg uint8

// The general-purpose registers. Generated code must leave RSP alone;
// Call restores RBP, R14 and R15 (Go's frame pointer, goroutine and
// global registers) when it returns.
const (
	RAX Reg = iota
	RCX
	RDX
	RBX
	RSP
	RBP
	RSI
	RDI
	R8
	R9
	R10
	R11
	R12
	R13
	R14
	R15
)

// Cond is an x86 condition code (the low nibble of Jcc and SETcc).
type Cond uint8

// The condition codes. After CMP a, b: CB/CAE/CBE/CA compare unsigned,
// CL/CGE/CLE/CG signed.
const (
	CO  Cond = iota // overflow
	CNO             // no overflow
	CB              // below (carry)
	CAE             // above or equal (no carry)
	CE              // equal (zero)
	CNE             // not equal
	CBE             // below or equal
	CA              // above
	CS              // sign
	CNS             // no sign
	CP              // parity
	CNP             // no parity
	CL              // less
	CGE             // greater or equal
	CLE             // less or equal
	CG              // greater
)

// Not is the opposite condition.
func (c Cond) Not() Cond { return c ^ 1 }

// ALU is a two-operand arithmetic operation of the 0x00-0x3f group.
type ALU uint8

// The group-1 operations, numbered as the encoding's /digit.
const (
	ADD ALU = iota
	OR
	ADC
	SBB
	AND
	SUB
	XOR
	CMP
)

// Shift is a group-2 shift or rotate, numbered as the encoding's /digit.
type Shift uint8

// The shifts and rotates.
const (
	ROL Shift = 0
	ROR Shift = 1
	SHL Shift = 4
	SHR Shift = 5
	SAR Shift = 7
)

// Mem is a memory operand: [Base + Index*Scale + Disp]. Scale 0 means no
// index. Index may not be RSP.
type Mem struct {
	Base  Reg
	Index Reg
	Scale uint8
	Disp  int32
}

// M is the operand [base + disp].
func M(base Reg, disp int32) Mem { return Mem{Base: base, Disp: disp} }

// MX is the operand [base + index*scale + disp] (scale 1, 2, 4 or 8).
func MX(base, index Reg, scale uint8, disp int32) Mem {
	return Mem{Base: base, Index: index, Scale: scale, Disp: disp}
}

// Label names a code position; Bind fixes it, jumps may precede it.
type Label int32

// Asm accumulates the code of one function. The zero value is ready.
type Asm struct {
	buf    []byte
	labels []int32 // position of each label, -1 until bound
	fixups []fixup
	err    error
}

// fixup is a rel32 field at pos that must hold label l's distance from
// the field's end.
type fixup struct {
	pos int32
	l   Label
}

// Reset empties a, keeping its buffers.
func (a *Asm) Reset() {
	a.buf, a.labels, a.fixups, a.err = a.buf[:0], a.labels[:0], a.fixups[:0], nil
}

// Len is the number of bytes assembled so far.
func (a *Asm) Len() int { return len(a.buf) }

// NewLabel returns an unbound label.
func (a *Asm) NewLabel() Label {
	a.labels = append(a.labels, -1)
	return Label(len(a.labels) - 1)
}

// Bind fixes l at the current position.
func (a *Asm) Bind(l Label) {
	if int(l) >= len(a.labels) || a.labels[l] >= 0 {
		a.fail(fmt.Errorf("amd64: label %d bound twice or unknown", l))
		return
	}
	a.labels[l] = int32(len(a.buf))
}

// Finish resolves the jumps and returns the code (a's buffer: valid until
// a is used again). It fails on a label never bound or a malformed
// operand met on the way.
func (a *Asm) Finish() ([]byte, error) {
	if a.err != nil {
		return nil, a.err
	}
	for _, f := range a.fixups {
		at := a.labels[f.l]
		if at < 0 {
			return nil, fmt.Errorf("amd64: label %d used at offset %d but never bound", f.l, f.pos)
		}
		rel := at - (f.pos + 4)
		a.buf[f.pos] = byte(rel)
		a.buf[f.pos+1] = byte(rel >> 8)
		a.buf[f.pos+2] = byte(rel >> 16)
		a.buf[f.pos+3] = byte(rel >> 24)
	}
	return a.buf, nil
}

// fail records the first error.
func (a *Asm) fail(err error) {
	if a.err == nil {
		a.err = err
	}
}

// emit appends bytes.
func (a *Asm) emit(b ...byte) { a.buf = append(a.buf, b...) }

// imm32 appends a little-endian 32-bit value.
func (a *Asm) imm32(v uint32) { a.emit(byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }

// isInt8 reports whether v fits a sign-extended byte.
func isInt8(v int32) bool { return v >= -128 && v <= 127 }

// errUnknownLabel reports a jump to a label NewLabel never returned.
func errUnknownLabel(l Label) error { return fmt.Errorf("amd64: unknown label %d", l) }
