package debugger

import (
	"encoding/binary"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// maxOriginRetries bounds the re-searches when a breakpoint hit turns out
// not to execute its instruction (a trap was taken there instead).
const maxOriginRetries = 64

// registerOrigin finds the last instruction of v.Hart before v.Time that
// wrote register v.Reg.
func (s *Session) registerOrigin(a originArch, v Value) (OriginNode, error) {
	r, _ := a.flowReg(v.Reg)
	r = a.resolve(s, r, v)
	c := checkpoint.Conditions{}
	a.writers(s, &c, r, v, s.registerWriters(a, r))
	from := v.Time
	for range maxOriginRetries {
		h, found, err := s.newestHit(c, from)
		if err != nil || !found {
			return s.resetOrigin(a, v, r), err
		}
		n, executed, err := s.registerWrite(a, &c, v, r, h)
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

// registerWrite describes the instruction at hit h writing Flow register
// r; executed is false when the step at h did not write it (a trap
// entry, a failed condition).
func (s *Session) registerWrite(a originArch, c *checkpoint.Conditions, v Value, r int, h checkpoint.Hit) (OriginNode, bool, error) {
	st, err := a.state(s, c, h)
	if err != nil {
		return OriginNode{}, false, err
	}
	f, text := s.decodeAt(a, h.PC)
	if n, handled, err := a.special(s, v, r, h, st, f); handled || err != nil {
		return n, handled, err
	}
	return s.flowWrite(a, v, r, h, st, f, text)
}

// flowWrite describes the instruction at hit h writing Flow register r as
// its Flow says (text: its disassembly); executed is false when it does
// not write r or did not execute.
func (s *Session) flowWrite(a originArch, v Value, r int, h checkpoint.Hit, st hitState, f vm.Flow, text string) (OriginNode, bool, error) {
	var w vm.RegFlow
	found := false
	for _, x := range f.Regs {
		if x.Reg == r {
			w, found = x, true
		}
	}
	if !found {
		return OriginNode{}, false, nil
	}
	n := s.nodeAt(v, h.Time, h.PC, text)
	in := s.inputOf(a, h, st, f)
	switch w.Class {
	case vm.DataConst:
		n.Kind, n.Note = OriginConstant, "constant of "+text
	case vm.DataALU:
		n.Kind = OriginComputed
		for _, x := range w.Src {
			n.Inputs = append(n.Inputs, in(x))
		}
	case vm.DataCSR:
		n.Kind, n.Note = OriginCSR, a.sysName(w.Sys)
	case vm.DataStore: // a store-conditional's status
		n.Kind, n.Note = OriginConstant, "result of "+text
	case vm.DataLoad:
		addr := w.Mem.Addr(st.reg)
		n.Kind, n.Address = OriginLoaded, addressInputs(w.Mem, in)
		if s.inRAM(addr) {
			n.Inputs = []Value{{Hart: v.Hart, Addr: addr, Size: uint32(w.Mem.Size), Time: h.Time}}
		} else {
			n.Kind, n.Note = OriginDevice, fmt.Sprintf("%s read at t=%d", s.deviceName(addr), h.Time)+s.inputBefore(addr, h.Time)
		}
	}
	if ok, err := a.executed(s, h, st); err != nil || !ok {
		return n, false, err
	}
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, false, err
	}
	n.Value = uint64(a.read(s.m.Hart(v.Hart), r))
	return n, true, nil
}

// inputOf makes the Value of a register input of the instruction at hit
// h: the register before the step, or after it when the step entered an
// exception first (the instruction saw the entry's registers) and the
// instruction does not write the register itself.
func (s *Session) inputOf(a originArch, h checkpoint.Hit, st hitState, f vm.Flow) func(int) Value {
	return func(r int) Value {
		t := h.Time
		if st.entered && !f.Writes(r) {
			t++
		}
		return Value{Hart: h.Hart, Reg: a.valueReg(r), Time: t}
	}
}

// addressInputs are the registers an address is computed from.
func addressInputs(m vm.MemRef, in func(int) Value) []Value {
	var out []Value
	for _, r := range []int{m.Base, m.Index} {
		if r >= 0 {
			out = append(out, in(r))
		}
	}
	return out
}

// memoryOrigin finds the last store into v before v.Time.
func (s *Session) memoryOrigin(a originArch, v Value) (OriginNode, error) {
	c := checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: v.Addr, Size: v.Size, Access: vm.AccessWrite}}}
	a.writers(s, &c, -1, v, nil)
	h, found, err := s.newestHit(c, v.Time)
	if err != nil {
		return OriginNode{}, err
	}
	if !found {
		return s.unwrittenOrigin(v), nil
	}
	st, err := a.state(s, &c, h)
	if err != nil {
		return OriginNode{}, err
	}
	if n, ok, err := a.stacked(s, v, h, st); ok || err != nil {
		return n, err
	}
	f, text := s.decodeAt(a, h.PC)
	n := s.nodeAt(v, h.Time, h.PC, text)
	n.Hart, n.Kind = h.Hart, OriginStored
	in := s.inputOf(a, h, st, f)
	reg := st.reg
	if st.after && f.Wback >= 0 { // registers after the store: undo its writeback
		reg = func(r int) uint32 {
			if r == f.Wback {
				return st.reg(r) - uint32(f.WbDelta)
			}
			return st.reg(r)
		}
	}
	lo, hi := h.Addr, h.Addr+uint32(h.Size)
	for _, w := range f.Stores {
		addr := w.Mem.Addr(reg)
		if addr >= v.Addr+v.Size || v.Addr >= addr+uint32(w.Mem.Size) {
			continue
		}
		lo, hi = min(lo, addr), max(hi, addr+uint32(w.Mem.Size))
		for _, r := range w.Src {
			n.Inputs = append(n.Inputs, in(r))
		}
		if w.OldToo { // an AMO: the old memory is an input too
			n.Inputs = append(n.Inputs, Value{Hart: h.Hart, Addr: addr, Size: uint32(w.Mem.Size), Time: h.Time})
		}
		if n.Address == nil {
			n.Address = addressInputs(w.Mem, in)
		}
	}
	// Bytes of v the instruction did not write keep an older origin.
	n.Inputs = append(n.Inputs, s.olderBytes(v, max(lo, v.Addr), min(hi, v.Addr+v.Size), h)...)
	if err := s.tl.Seek(h.Time + 1); err != nil {
		return n, err
	}
	n.Value = s.memValue(v.Addr, v.Size)
	return n, nil
}

// olderBytes are the parts of v outside [lo, hi), the bytes a store at h
// wrote: their origin is older.
func (s *Session) olderBytes(v Value, lo, hi uint32, h checkpoint.Hit) []Value {
	var out []Value
	if lo > v.Addr {
		out = append(out, Value{Hart: h.Hart, Addr: v.Addr, Size: lo - v.Addr, Time: h.Time})
	}
	if hi < v.Addr+v.Size {
		out = append(out, Value{Hart: h.Hart, Addr: hi, Size: v.Addr + v.Size - hi, Time: h.Time})
	}
	return out
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

// resetOrigin is the origin of a register no instruction wrote (r: the
// Flow register searched for).
func (s *Session) resetOrigin(a originArch, v Value, r int) OriginNode {
	_ = s.tl.Seek(s.tl.Start())
	return OriginNode{Of: v, Time: s.tl.Start(), Hart: v.Hart, Kind: OriginReset, Note: "never written since reset",
		Value: uint64(a.read(s.m.Hart(v.Hart), r))}
}

// nodeAt starts a node for an instruction at pc at time t.
func (s *Session) nodeAt(v Value, t uint64, pc uint32, text string) OriginNode {
	n := OriginNode{Of: v, Time: t, Hart: v.Hart, PC: pc, Text: text}
	n.Function, n.File, n.Line = s.placeOf(pc)
	return n
}

// decodeAt decodes the instruction at pc now, with its disassembly (in
// the context of the instructions before it: a Thumb IT block's
// condition).
func (s *Session) decodeAt(a originArch, pc uint32) (vm.Flow, string) {
	f, text := s.flowAt(a, pc), ""
	for _, in := range s.Disassemble(pc, -4, 5) {
		if in.Addr == pc && !in.Invalid {
			text = in.Text
		}
	}
	if text == "" {
		code, _ := s.ReadMemory(pc, 4)
		text = fmt.Sprintf("%#x", code)
	}
	return f, text
}

// flowAt decodes the instruction at pc now.
func (s *Session) flowAt(a originArch, pc uint32) vm.Flow {
	code, _ := s.ReadMemory(pc, 4)
	for len(code) < 4 {
		code = append(code, 0)
	}
	return a.flow(code, pc)
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

// registerWriters lists the instruction addresses of the program that
// may write Flow register r.
func (s *Session) registerWriters(a originArch, r int) []uint32 {
	var out []uint32
	for _, f := range s.syms.Functions() {
		code := make([]byte, f.High-f.Low)
		if f.High <= f.Low || f.High-f.Low > 1<<20 || !s.syms.ReadImage(f.Low, code) {
			continue
		}
		for off := 0; off+2 <= len(code); {
			var w [4]byte
			copy(w[:], code[off:])
			fl := a.flow(w[:], f.Low+uint32(off))
			if a.wants(fl, r) {
				out = append(out, f.Low+uint32(off))
			}
			off += fl.Len
		}
	}
	return out
}
