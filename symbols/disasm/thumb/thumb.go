// Package thumb disassembles Thumb and Thumb-2 code into the text
// `arm-none-eabi-objdump -d` (binutils 2.40) prints, byte for byte: every
// instruction of ARMv6-M, ARMv7-M and ARMv7E-M (DSP), the FPv4-SP and
// FPv5-D16 floating-point units, the generic coprocessor instructions,
// and the ARMv8-M additions objdump shows in Thumb code (sg, tt,
// load-acquire/store-release, vlldm/vlstm).
//
// golang.org/x/arch/arm/armasm decodes A32 only: its Decode returns
// "unsupported execution mode" for ModeThumb (checked against
// golang.org/x/arch v0.33.0), so this package has its own decoder.
//
// The text follows objdump exactly: a tab between mnemonic and operands,
// registers named r0-r9, sl, fp, ip, sp, lr, pc, ".w"/".n" where objdump
// writes them, its "@ ..." comments (the address of a PC-relative load,
// the hexadecimal form of an immediate above 32, "<UNPREDICTABLE>"),
// branch targets as "8000124 <main+0x10>" (or "0x8000124" when the
// Symbolizer knows no name), and undefined encodings as
// "\t\t@ <UNDEFINED> instruction: 0x...." or "udf". Instructions inside an
// IT block carry its condition ("moveq", "bleq") and the 16-bit
// flag-setting forms lose their "s" there ("adds" outside, "addne"
// inside), as objdump shows them; DecodeAll and DecodeFrom track IT
// blocks, Decode takes and returns the IT state.
//
// Each Inst says whether it is a call (bl, blx), a return (bx lr,
// pop/ldm with pc from sp, ldr pc, [sp], #4, mov pc, lr, subs pc, lr) or
// another write of pc (Branch), with its static target when it has one,
// which is what stepping over and out needs.
//
// Deliberate differences from objdump, all in encodings no ARMv6-M or
// ARMv7-M core executes (measured by the integration test on random
// halfword streams): Advanced SIMD (NEON), the Armv8.1-M branch-future
// and low-overhead-loop instructions, the Armv8.2-A half-precision and
// BFloat16 instructions, and the legacy coprocessor formats objdump
// applies to cp0-cp9 (FPA, Maverick, iWMMXt, v8 SIMD), which are shown
// here as generic coprocessor instructions or undefined.
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
	// It ends in "\n" where objdump follows the line with an empty one
	// (after "@ unpredictable branch in IT block").
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

// ITStateFromXPSR extracts the IT state from the execution program
// status bits of xPSR (IT[7:2] in bits 15:10, IT[1:0] in bits 26:25).
func ITStateFromXPSR(xpsr uint32) ITState {
	return ITState(xpsr>>10&0x3f<<2 | xpsr>>25&3)
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
	return DecodeFrom(code, addr, 0, sym)
}

// DecodeFrom is DecodeAll starting in IT state it, for a range that
// begins inside an IT block (the state of a stopped CPU comes from
// ITStateFromXPSR).
func DecodeFrom(code []byte, addr uint32, it ITState, sym Symbolizer) []Inst {
	out := make([]Inst, 0, len(code)/3)
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
