package amd64

import "fmt"

// Operand sizes of the encoder.
const (
	size8  = 1
	size16 = 2
	size32 = 4
	size64 = 8
)

// rex emits the REX prefix (and the 16-bit operand prefix before it) for
// an instruction of operand size sz whose ModRM reg field is r, rm/base
// field b and SIB index x. byteRegs lists the 8-bit registers in play,
// which need a REX to mean SPL-DIL rather than AH-BH.
func (a *Asm) rex(sz int, r, x, b Reg, byteRegs ...Reg) {
	if sz == size16 {
		a.emit(0x66)
	}
	p := byte(0x40)
	if sz == size64 {
		p |= 8
	}
	p |= byte(r>>3&1) << 2
	p |= byte(x>>3&1) << 1
	p |= byte(b >> 3 & 1)
	need := p != 0x40
	if sz == size8 {
		for _, br := range byteRegs {
			if br >= RSP && br <= RDI {
				need = true
			}
		}
	}
	if need {
		a.emit(p)
	}
}

// opRR emits opcode op with ModRM register-direct: reg field r, rm field m.
func (a *Asm) opRR(sz int, op []byte, r, m Reg) {
	a.rex(sz, r, 0, m, r, m)
	a.emit(op...)
	a.emit(0xc0 | byte(r&7)<<3 | byte(m&7))
}

// opRM emits opcode op with reg field r (a register or a /digit) and the
// memory operand mem; byteReg says r is an 8-bit register.
func (a *Asm) opRM(sz int, op []byte, r Reg, mem Mem, byteReg bool) {
	var idx Reg
	if mem.Scale != 0 {
		idx = mem.Index
		if idx == RSP {
			a.fail(fmt.Errorf("amd64: RSP cannot be an index"))
			return
		}
	}
	if byteReg {
		a.rex(sz, r, idx, mem.Base, r)
	} else {
		a.rex(sz, r, idx, mem.Base)
	}
	a.emit(op...)
	var mod byte
	switch {
	case mem.Disp == 0 && mem.Base&7 != RBP:
		mod = 0
	case isInt8(mem.Disp):
		mod = 1
	default:
		mod = 2
	}
	if mem.Scale == 0 && mem.Base&7 != RSP {
		a.emit(mod<<6 | byte(r&7)<<3 | byte(mem.Base&7))
	} else {
		ss := [9]byte{0, 0, 1, 0, 2, 0, 0, 0, 3}[mem.Scale&7|mem.Scale>>3<<3]
		ix := byte(RSP) // no index
		if mem.Scale != 0 {
			ix = byte(idx & 7)
			if mem.Scale != 1 && mem.Scale != 2 && mem.Scale != 4 && mem.Scale != 8 {
				a.fail(fmt.Errorf("amd64: scale %d", mem.Scale))
			}
		}
		a.emit(mod<<6|byte(r&7)<<3|4, ss<<6|ix<<3|byte(mem.Base&7))
	}
	switch mod {
	case 1:
		a.emit(byte(int8(mem.Disp)))
	case 2:
		a.imm32(uint32(mem.Disp))
	}
}
