// Package thumb disassembles Thumb and Thumb-2 code (ARMv6-M, ARMv7-M,
// ARMv7E-M with the DSP extension, the FPv4-SP and FPv5-D16 floating-point
// units) into the text `arm-none-eabi-objdump -d` prints (binutils 2.40).
//
// golang.org/x/arch/arm/armasm decodes A32 only: its Decode returns
// "unsupported execution mode" for ModeThumb, so this package has its own
// decoder.
//
// The text is objdump's, byte for byte: a tab between mnemonic and
// operands, registers named r0-r9, sl, fp, ip, sp, lr, pc, ".w"/".n" where
// objdump writes them, "@ ..." comments (literal addresses of PC-relative
// loads, hexadecimal forms of large immediates), and branch targets as
// "8000124 <main+0x10>" (or "0x8000124" when no symbol is known).
// Instructions inside an IT block carry their condition ("moveq") and the
// flag-setting 16-bit forms lose their "s" there, as objdump shows them;
// DecodeAll tracks IT state, Decode takes it as an argument.
package thumb

import (
	"errors"
	"fmt"
)

// Inst is one decoded instruction.
type Inst struct {
	Addr uint32
	// Len is 2 or 4.
	Len int
	// Raw holds the instruction bits: the halfword for 16-bit
	// instructions, first halfword<<16 | second halfword for 32-bit ones.
	Raw uint32
	// Text is objdump's rendering, e.g. "push\t{r7, lr}", "bl\t8000124 <f>".
	Text string
	// Target is the branch target when statically known.
	Target    uint32
	HasTarget bool
	// Call is set for BL and BLX: stepping over them runs the callee.
	Call bool
	// Return is set for the instructions that return from a function:
	// bx lr, pop/ldm with pc in the list, ldr pc, [sp], #4.
	Return bool
	// Branch is set for instructions that may write pc other than calls
	// and returns (b, bx, cbz, tbb, ldr pc, ...).
	Branch bool
	// Undefined is set when objdump shows the encoding as undefined or as
	// data (.short/.inst.w) rather than an instruction.
	Undefined bool
}

// Symbolizer names an address: "main", "audit+0x14"; ok=false if unknown.
type Symbolizer func(addr uint32) (name string, ok bool)

// ErrShort reports that code ends inside an instruction.
var ErrShort = errors.New("truncated instruction")

// ITState is the IT-block state before an instruction, in the layout of
// the architecture's ITSTATE bits (and of objdump's ifthen_state): the
// condition in bits 7:4, the remaining mask in bits 3:0. Zero means
// outside an IT block.
type ITState uint8

// InBlock reports whether an instruction with this state is inside an IT
// block.
func (s ITState) InBlock() bool { return s&0xf != 0 }

// Cond is the condition (0-15) applying to an instruction in the block.
func (s ITState) Cond() int { return int(s >> 4) }

// Last reports whether the instruction is the last one of its IT block.
func (s ITState) Last() bool { return s&0xf == 8 }

// Next is the state of the following instruction.
func (s ITState) Next() ITState {
	if !s.InBlock() || s.Last() {
		return 0
	}
	return s&0xe0 | (s&0xf)<<1
}

// Is32 reports whether the halfword hw1 starts a 32-bit instruction.
func Is32(hw1 uint16) bool { return hw1>>11 >= 0x1d }

// Decode decodes the instruction at the start of code, located at addr,
// with the IT state it executes in (0 outside IT blocks). It returns the
// instruction and the IT state of the next one. An encoding that is not
// an instruction decodes, as objdump shows it, to an Inst with Undefined
// set; err is only ErrShort.
func Decode(code []byte, addr uint32, it ITState, sym Symbolizer) (Inst, ITState, error) {
	if len(code) < 2 {
		return Inst{Addr: addr}, 0, ErrShort
	}
	hw1 := uint16(code[0]) | uint16(code[1])<<8
	d := decoder{addr: addr, it: it, sym: sym}
	if !Is32(hw1) {
		d.in = Inst{Addr: addr, Len: 2, Raw: uint32(hw1)}
		d.next = it.Next()
		d.decode16(hw1)
		return d.in, d.next, nil
	}
	if len(code) < 4 {
		return Inst{Addr: addr, Len: 2, Raw: uint32(hw1), Text: fmt.Sprintf(".short\t0x%04x", hw1), Undefined: true}, 0, ErrShort
	}
	raw := uint32(hw1)<<16 | uint32(code[2]) | uint32(code[3])<<8
	d.in = Inst{Addr: addr, Len: 4, Raw: raw}
	d.next = it.Next()
	d.decode32(raw)
	return d.in, d.next, nil
}

// DecodeAll decodes code from addr to its end, tracking IT blocks from
// a state of 0 at addr. A trailing odd byte or half instruction is
// dropped.
func DecodeAll(code []byte, addr uint32, sym Symbolizer) []Inst {
	var out []Inst
	var it ITState
	for off := 0; off+2 <= len(code); {
		in, next, err := Decode(code[off:], addr+uint32(off), it, sym)
		if err != nil {
			break
		}
		out = append(out, in)
		it = next
		off += in.Len
	}
	return out
}
