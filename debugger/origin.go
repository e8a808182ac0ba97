package debugger

// Dataflow origin (issue 15): where did a value come from? A value is a
// register of a hart or a range of memory at a moment. Its origin is the
// instruction that produced it: for memory the last store into it (a
// reverse search with a write watchpoint), for a register the last
// instruction of that hart whose destination is the register (a reverse
// search with a breakpoint on every instruction of the program writing
// it). The node lists the producing instruction's inputs (the stored
// register; the source registers; for a load the memory it read), each a
// value that Origin explains again, so a front-end expands the tree lazily,
// one bounded reverse search per step. The chain ends at true sources: a
// constant of an instruction, the ELF's initial data, a device register
// read, a CSR, the reset state.

import (
	"fmt"
)

// OriginKind says what produced a value.
type OriginKind int

// Origin kinds.
const (
	OriginComputed    OriginKind = iota // an instruction computed it from registers
	OriginLoaded                        // a load copied it from memory
	OriginStored                        // a store wrote it to memory
	OriginConstant                      // a constant of the instruction (true source)
	OriginInitialData                   // the ELF's initial data, never written since reset (true source)
	OriginDevice                        // a device register read (true source)
	OriginCSR                           // a CSR read (true source)
	OriginReset                         // the reset state, never written (true source)
	OriginException                     // set by a Cortex-M exception entry: lr's EXC_RETURN (true source)
)

var originWords = [...]string{"computed", "loaded", "stored", "constant", "initial data", "device read", "CSR read", "reset state", "exception entry"}

// String names the kind.
func (k OriginKind) String() string {
	if int(k) < len(originWords) {
		return originWords[k]
	}
	return fmt.Sprintf("origin kind %d", int(k))
}

// Source reports whether the kind ends a chain.
func (k OriginKind) Source() bool { return k >= OriginConstant }

// Value names a value at a moment: register Reg of Hart, or Size bytes of
// memory at Addr when Reg is 0; the value it held at Time. Registers are
// numbered in one space for every architecture: RISC-V x1–x31 are 1–31,
// Cortex-M r0–r14 are 32–46 and s0–s31 64–95 (ValueOf and the inputs of a
// node give them; String names them).
type Value struct {
	Hart int
	Reg  int
	Addr uint32
	Size uint32
	Time uint64
}

// String describes the value ("a5 of hart 0", "0x80001000[4]").
func (v Value) String() string {
	if v.Reg > 0 {
		return originRegName(v.Reg)
	}
	return fmt.Sprintf("%#x[%d]", v.Addr, v.Size)
}

// OriginNode is one step of a value's history: what produced it.
type OriginNode struct {
	Of   Value
	Kind OriginKind
	// Value is the value's contents, little-endian (what the producer wrote).
	Value uint64
	// Time is the moment before the producing instruction (seek there); for
	// initial data and the reset state, the start of history.
	Time     uint64
	Hart     int
	PC       uint32
	Text     string // the instruction's disassembly
	Function string
	File     string
	Line     int
	// Note explains a source ("UART0 RBR read", "CSR mcause", "lui 0x12345").
	Note string
	// Inputs are the values the instruction's result came from.
	Inputs []Value
	// Address is the register a load or store computed its address from:
	// an input of the access, not of the value (OriginTree does not
	// follow it; Origin does when asked).
	Address []Value
}

// originMaxSize bounds the memory a value may span.
const originMaxSize = 8

// Origin finds what produced v: one bounded reverse search. The session is
// left where it was; Pause interrupts it (with an error).
func (s *Session) Origin(v Value) (OriginNode, error) {
	a := s.originArch()
	if _, ok := a.flowReg(v.Reg); v.Hart < 0 || v.Hart >= s.m.Harts() || v.Reg < 0 || (v.Reg > 0 && !ok) || (v.Reg == 0 && (v.Size == 0 || v.Size > originMaxSize)) {
		return OriginNode{}, fmt.Errorf("origin: bad value %+v", v)
	}
	if v.Time < s.tl.Start() || v.Time > s.tl.End() {
		return OriginNode{}, fmt.Errorf("origin: time %d is outside history [%d, %d]", v.Time, s.tl.Start(), s.tl.End())
	}
	var n OriginNode
	err := s.query(func() error {
		var err error
		if v.Reg > 0 {
			n, err = s.registerOrigin(a, v)
		} else {
			n, err = s.memoryOrigin(a, v)
		}
		return err
	})
	return n, err
}
