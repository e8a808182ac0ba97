package debugger

import (
	"github.com/rewind-debugger/rewind/symbols"
)

// Instruction is one disassembled instruction with its source position.
type Instruction struct {
	Addr   uint32
	Bytes  []byte
	Text   string
	Symbol string // "main+0x10"
	// Loc is the source position (Line 0 when unknown).
	Loc symbols.Location
	// Invalid marks addresses that could not be read.
	Invalid bool
}

// maxDisassemble bounds the instructions and the offset of one request.
const maxDisassemble = 1 << 14

// Disassemble decodes count instructions starting offset instructions
// from addr (offset may be negative). Unreadable addresses come back
// marked Invalid, so the list always has count entries.
func (s *Session) Disassemble(addr uint32, offset, count int) []Instruction {
	count = min(max(count, 0), maxDisassemble)
	offset = min(max(offset, -maxDisassemble), maxDisassemble)
	start := addr
	if offset < 0 {
		start = s.backInstructions(addr, -offset)
	}
	seq := s.decodeFrom(start, count+max(offset, 0))
	if offset > 0 {
		seq = seq[min(offset, len(seq)):]
	}
	return seq[:min(count, len(seq))]
}

// backInstructions finds the address n instructions before addr, decoding
// from the start of the function holding it when known.
func (s *Session) backInstructions(addr uint32, n int) uint32 {
	from := addr - uint32(min(uint64(4*n), uint64(addr)))
	if f := s.syms.FunctionAt(addr); f != nil && addr-f.Low < 1<<16 && f.Low <= from {
		from = f.Low
	}
	var addrs []uint32
	for _, in := range s.decodeFrom(from, int(addr-from)/2+1) {
		if in.Addr >= addr {
			break
		}
		addrs = append(addrs, in.Addr)
	}
	if len(addrs) < n {
		return addr - uint32(min(uint64(2*(n-len(addrs))), uint64(from))) - (addr - from)
	}
	return addrs[len(addrs)-n]
}

// decodeFrom decodes count instructions from addr, carrying the
// instruction set's state from one to the next (Thumb IT blocks).
func (s *Session) decodeFrom(addr uint32, count int) []Instruction {
	out := make([]Instruction, 0, count)
	dec := s.syms.Arch().Decoder(func(a uint32) (string, bool) { return s.syms.SymbolAt(a) })
	for range count {
		var buf [4]byte
		n := 4
		if s.m.ReadMemory(addr, buf[:]) != nil {
			n = 2
			if s.m.ReadMemory(addr, buf[:2]) != nil {
				out = append(out, Instruction{Addr: addr, Text: "<unreadable>", Invalid: true})
				addr += 2
				continue
			}
		}
		in, _ := dec.Next(buf[:n], addr)
		if in.Len == 0 {
			in.Len = 2
		}
		ins := Instruction{Addr: addr, Bytes: append([]byte(nil), buf[:in.Len]...), Text: in.Text}
		ins.Symbol, _ = s.syms.SymbolAt(addr)
		ins.Loc, _ = s.syms.PCToLine(addr)
		out = append(out, ins)
		addr += uint32(in.Len)
	}
	return out
}
