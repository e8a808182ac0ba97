package debugger

import (
	"encoding/binary"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols/disasm"
	"github.com/rewind-debugger/rewind/vm"
)

// maxOriginRetries bounds the re-searches when a breakpoint hit turns out
// not to execute its instruction (a trap was taken there instead).
const maxOriginRetries = 64

// registerOrigin finds the last instruction of v.Hart before v.Time that
// wrote register v.Reg.
func (s *Session) registerOrigin(v Value) (OriginNode, error) {
	writers := s.registerWriters(v.Reg)
	c := checkpoint.Conditions{}
	for _, pc := range writers {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: pc, Hart: v.Hart})
	}
	from := v.Time
	for range maxOriginRetries {
		h, found, err := s.newestHit(c, from)
		if err != nil || !found {
			return s.resetOrigin(v), err
		}
		n, executed, err := s.registerWrite(v, h)
		if err != nil || executed {
			return n, err
		}
		from = h.Time
	}
	return OriginNode{}, fmt.Errorf("origin of %s: too many trapped instructions", v)
}

// newestHit returns the newest hit of c before time t.
func (s *Session) newestHit(c checkpoint.Conditions, t uint64) (checkpoint.Hit, bool, error) {
	if err := s.tl.Seek(t); err != nil {
		return checkpoint.Hit{}, false, err
	}
	if len(c.Breakpoints) == 0 && len(c.Watchpoints) == 0 {
		return checkpoint.Hit{}, false, nil
	}
	h, found, err := s.tl.SearchBack(c, s.tl.Start(), func(checkpoint.Hit) bool { return true })
	if err != nil {
		s.ClearPause()
		return h, false, fmt.Errorf("origin search: %w", err)
	}
	return h, found, nil
}

// registerWrite describes the instruction at hit h writing v.Reg; executed
// is false when the step at h was a trap entry instead.
func (s *Session) registerWrite(v Value, h checkpoint.Hit) (OriginNode, bool, error) {
	if err := s.tl.Seek(h.Time); err != nil {
		return OriginNode{}, false, err
	}
	hr := s.m.Hart(v.Hart)
	ops, text := s.decodeAt(h.PC)
	regs := hr.Regs()
	n := s.nodeAt(v, h.Time, h.PC, text)
	switch ops.Class {
	case vm.DataConst:
		n.Kind, n.Note = OriginConstant, "constant of "+text
	case vm.DataALU:
		n.Kind = OriginComputed
		for _, r := range ops.Src {
			n.Inputs = append(n.Inputs, Value{Hart: v.Hart, Reg: r, Time: h.Time})
		}
	case vm.DataCSR:
		n.Kind, n.Note = OriginCSR, "CSR "+disasm.CSRName(ops.CSR)
	case vm.DataStore: // sc writes its success flag
		n.Kind, n.Note = OriginConstant, "result of "+text
	case vm.DataLoad:
		addr := regs[ops.Base] + uint32(ops.Imm)
		n.Kind = OriginLoaded
		n.Address = []Value{{Hart: v.Hart, Reg: ops.Base, Time: h.Time}}
		if s.inRAM(addr) {
			n.Inputs = []Value{{Hart: v.Hart, Addr: addr, Size: uint32(ops.Size), Time: h.Time}}
		} else {
			n.Kind, n.Note = OriginDevice, fmt.Sprintf("%s read at t=%d", s.deviceName(addr), h.Time)+s.inputBefore(addr, h.Time)
		}
	default:
		return n, true, fmt.Errorf("origin of %s: the instruction at %#x (%s) writes no register", v, h.PC, text)
	}
	before, _ := hr.ReadCSR(csrMinstret)
	inhibit, _ := hr.ReadCSR(csrMcountinhibit)
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, false, err
	}
	if after, _ := hr.ReadCSR(csrMinstret); after == before && inhibit&4 == 0 {
		return n, false, nil // a trap entry took the step: look further back
	}
	n.Value = uint64(hr.Reg(v.Reg))
	return n, true, nil
}

// memoryOrigin finds the last store into v before v.Time.
func (s *Session) memoryOrigin(v Value) (OriginNode, error) {
	c := checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: v.Addr, Size: v.Size, Access: vm.AccessWrite}}}
	h, found, err := s.newestHit(c, v.Time)
	if err != nil {
		return OriginNode{}, err
	}
	if !found {
		return s.unwrittenOrigin(v), nil
	}
	if err := s.tl.Seek(h.Time); err != nil {
		return OriginNode{}, err
	}
	ops, text := s.decodeAt(h.PC)
	n := s.nodeAt(v, h.Time, h.PC, text)
	n.Hart = h.Hart
	n.Kind = OriginStored
	for _, r := range ops.Src {
		n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Reg: r, Time: h.Time})
	}
	if ops.Class == vm.DataLoad { // an AMO: the old memory is an input too
		n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Addr: h.Addr, Size: uint32(h.Size), Time: h.Time})
	}
	if ops.Base > 0 {
		n.Address = []Value{{Hart: h.Hart, Reg: ops.Base, Time: h.Time}}
	}
	// Bytes of v the store did not write keep an older origin.
	if lo, hi := h.Addr, h.Addr+uint32(h.Size); lo > v.Addr || hi < v.Addr+v.Size {
		if lo > v.Addr {
			n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Addr: v.Addr, Size: lo - v.Addr, Time: h.Time})
		}
		if hi < v.Addr+v.Size {
			n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Addr: hi, Size: v.Addr + v.Size - hi, Time: h.Time})
		}
	}
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, err
	}
	n.Value = s.memValue(v.Addr, v.Size)
	return n, nil
}

// unwrittenOrigin is the origin of memory no store wrote since the start
// of history: the ELF's initial data or the reset state.
func (s *Session) unwrittenOrigin(v Value) OriginNode {
	n := OriginNode{Of: v, Time: s.tl.Start(), Hart: v.Hart, Kind: OriginReset, Note: "never written since reset"}
	buf := make([]byte, v.Size)
	if s.syms.ReadImage(v.Addr, buf) {
		n.Kind, n.Note = OriginInitialData, "initial data of the ELF"
		if name, ok := s.syms.SymbolAt(v.Addr); ok {
			n.Note += " (" + name + ")"
		}
	}
	var b [8]byte
	copy(b[:], buf)
	if n.Kind == OriginReset {
		_ = s.tl.Seek(s.tl.Start())
		n.Value = s.memValue(v.Addr, v.Size)
	} else {
		n.Value = binary.LittleEndian.Uint64(b[:])
	}
	return n
}

// resetOrigin is the origin of a register no instruction wrote.
func (s *Session) resetOrigin(v Value) OriginNode {
	_ = s.tl.Seek(s.tl.Start())
	return OriginNode{Of: v, Time: s.tl.Start(), Hart: v.Hart, Kind: OriginReset, Note: "never written since reset",
		Value: uint64(s.m.Hart(v.Hart).Reg(v.Reg))}
}

// nodeAt starts a node for an instruction at pc at time t.
func (s *Session) nodeAt(v Value, t uint64, pc uint32, text string) OriginNode {
	n := OriginNode{Of: v, Time: t, Hart: v.Hart, PC: pc, Text: text}
	n.Function, n.File, n.Line = s.placeOf(pc)
	return n
}

// decodeAt decodes the instruction at pc now.
func (s *Session) decodeAt(pc uint32) (vm.Operands, string) {
	code, _ := s.ReadMemory(pc, 4)
	for len(code) < 4 {
		code = append(code, 0)
	}
	w := binary.LittleEndian.Uint32(code)
	text := fmt.Sprintf("%#x", w)
	if in, err := disasm.Decode(code, pc, s.syms.Symbolizer()); err == nil {
		text = in.Text
	}
	return vm.DecodeOperands(w), text
}

// memValue reads size (<= 8) bytes as a little-endian number.
func (s *Session) memValue(addr, size uint32) uint64 {
	var b [8]byte
	data, _ := s.ReadMemory(addr, int(size))
	copy(b[:], data)
	return binary.LittleEndian.Uint64(b[:])
}

// inRAM reports whether addr is in the board's memory (RAM, flash, ROM),
// not a device.
func (s *Session) inRAM(addr uint32) bool {
	b := s.m.Board()
	return b.InMemory(addr)
}

// registerWriters lists the instruction addresses of the program whose
// destination is register r.
func (s *Session) registerWriters(r int) []uint32 {
	var out []uint32
	for _, f := range s.syms.Functions() {
		code := make([]byte, f.High-f.Low)
		if f.High <= f.Low || f.High-f.Low > 1<<20 || !s.syms.ReadImage(f.Low, code) {
			continue
		}
		for off := 0; off+2 <= len(code); {
			var w [4]byte
			copy(w[:], code[off:])
			ops := vm.DecodeOperands(binary.LittleEndian.Uint32(w[:]))
			if ops.Dst == r {
				out = append(out, f.Low+uint32(off))
			}
			off += ops.Len
		}
	}
	return out
}
