// Package disasm disassembles RV32IMAC code (with Zicsr, Zifencei and the
// machine-mode privileged instructions) into objdump-style text.
//
// It decodes with golang.org/x/arch/riscv64/riscv64asm, which targets
// RV64, and fixes up the differences on RV32: c.jal is decoded here (RV64
// reads that encoding as c.addiw), mret/sret/wfi/dret/sfence.vma are
// decoded here, and everything outside RV32IMAC+Zicsr+Zifencei (RV64-only
// ld/sd/addiw/..., the F/D loads and stores that share compressed
// encodings with RV64's c.ld/c.sd, shifts by 32 or more, other
// extensions) is rejected as unknown. symbols/DWARF-QUIRKS.md lists these
// fix-ups as quirks 19 to 22.
//
// The text follows `riscv64-unknown-elf-objdump -d` (binutils 2.40) with its
// aliases (li, mv, ret, j, beqz, csrr, ...), lower case, ABI register names,
// operands separated by ", ", and branch and jump targets as absolute
// addresses "0x80000124 <main+0x10>". Compressed instructions are shown
// expanded, as objdump does, with their real length in Inst.Len.
package disasm

import (
	"errors"
	"fmt"
)

// Inst is one decoded instruction.
type Inst struct {
	Addr      uint32
	Len       int    // 2 or 4
	Raw       uint32 // the instruction bits (16 or 32 of them)
	Text      string // e.g. "addi sp, sp, -16", "jal 0x80000124 <main>"
	Target    uint32 // branch/jump target when statically known
	HasTarget bool
}

// Symbolizer names an address: "main", "audit+0x14"; ok=false if unknown.
type Symbolizer func(addr uint32) (name string, ok bool)

// ErrUnknown reports an encoding that is not an RV32IMAC+Zicsr+Zifencei
// instruction (or a privileged one this CPU executes).
var ErrUnknown = errors.New("unknown instruction")

// ErrShort reports that code ends inside an instruction.
var ErrShort = errors.New("truncated instruction")

// Decode decodes the instruction at the start of code, located at addr.
// For an unknown encoding it returns ErrUnknown together with an Inst whose
// Text is ".half 0x...." or ".word 0x........" and whose Len says how many
// bytes to skip.
func Decode(code []byte, addr uint32, sym Symbolizer) (Inst, error) {
	if len(code) < 2 {
		return Inst{Addr: addr}, ErrShort
	}
	raw := uint32(code[0]) | uint32(code[1])<<8
	n := 2
	if raw&3 == 3 {
		if len(code) < 4 {
			return Inst{Addr: addr, Len: 2, Raw: raw, Text: half(raw)}, ErrShort
		}
		raw |= uint32(code[2])<<16 | uint32(code[3])<<24
		n = 4
	}
	in := Inst{Addr: addr, Len: n, Raw: raw}
	var err error
	if n == 2 {
		err = decode16(&in, sym)
	} else {
		err = decode32(&in, sym)
	}
	if err != nil {
		in.Text, in.Target, in.HasTarget = unknownText(raw, n), 0, false
		return in, fmt.Errorf("0x%08x: %w", addr, err)
	}
	return in, nil
}

// DecodeAll decodes code from addr to its end. Unknown encodings become
// ".half"/".word" entries; a trailing odd byte is dropped.
func DecodeAll(code []byte, addr uint32, sym Symbolizer) []Inst {
	var out []Inst
	for off := 0; off+2 <= len(code); {
		in, err := Decode(code[off:], addr+uint32(off), sym)
		if errors.Is(err, ErrShort) && in.Len == 0 {
			break
		}
		if in.Len == 0 {
			in.Len = 2
		}
		out = append(out, in)
		off += in.Len
	}
	return out
}

func half(raw uint32) string { return fmt.Sprintf(".half 0x%04x", raw&0xffff) }

func unknownText(raw uint32, n int) string {
	if n == 2 {
		return half(raw)
	}
	return fmt.Sprintf(".word 0x%08x", raw)
}
