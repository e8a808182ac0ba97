package debugger

import (
	"encoding/binary"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// Going back over an exception on a Cortex-M core: the moments a handler
// was entered are marks at the handler addresses the vector table holds;
// at each the interrupted code's stack pointer follows from EXC_RETURN in
// lr and the frame the hardware stacked.

const (
	scbVTOR = 0xe000ed08 // the vector table offset register
	// maxVectorWords bounds the vector table read: the system exceptions
	// and the first IRQs.
	maxVectorWords = 16 + 64
)

// handlerEntries lists the handler addresses of the vector table VTOR
// points to now (without duplicates and the Thumb bit).
func (s *Session) handlerEntries() ([]uint32, error) {
	var w [4]byte
	if err := s.m.ReadMemory(scbVTOR, w[:]); err != nil {
		return nil, fmt.Errorf("reading VTOR: %w", err)
	}
	base := binary.LittleEndian.Uint32(w[:]) &^ 0x7f
	table := make([]byte, 4*maxVectorWords)
	if err := s.m.ReadMemory(base, table); err != nil {
		return nil, fmt.Errorf("reading the vector table at %#x: %w", base, err)
	}
	seen := map[uint32]bool{}
	var out []uint32
	for i := 2; i < maxVectorWords; i++ {
		a := binary.LittleEndian.Uint32(table[4*i:]) &^ 1
		if a != 0 && !seen[a] && s.syms.FunctionAt(a) != nil {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out, nil
}

// interruptedSP is, at the entry of an exception handler, the stack
// pointer the interrupted code had (0 when it cannot be read): the
// stacked frame's base on the stack EXC_RETURN names, plus the frame.
func interruptedSP(m *vm.Machine, hart int) uint32 {
	h := m.Hart(hart)
	lr := h.Reg(14)
	if lr < excReturnMin {
		return 0
	}
	sp := vm.ARMMSP
	if lr&4 != 0 {
		sp = vm.ARMPSP
	}
	base, ok := h.ARMSys(sp)
	if !ok {
		return 0
	}
	var w [4]byte
	if m.ReadMemory(base+28, w[:]) != nil {
		return 0
	}
	size := uint32(32)
	if lr&0x10 == 0 {
		size = 104 // with s0-s15, FPSCR and a reserved word
	}
	if binary.LittleEndian.Uint32(w[:])&(1<<9) != 0 {
		size += 4 // the frame was aligned to 8 bytes
	}
	return base + size
}

// lastEntryFrom seeks to the latest moment before now at which an
// exception interrupted Thread-mode code running with stack pointer sp,
// and there to the last moment that code ran. It reports
// false, leaving the timeline where it began, when history has none.
func (s *Session) lastEntryFrom(hart int, sp uint32) (bool, error) {
	entries, err := s.handlerEntries()
	if err != nil {
		return false, err
	}
	c := checkpoint.Conditions{Note: func(m *vm.Machine, _ vm.Stop) uint64 { return uint64(interruptedSP(m, hart)) }}
	for _, a := range entries {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: a, Hart: hart})
	}
	origin := s.tl.Now()
	h, found, err := s.tl.SearchBack(c, 0, func(h checkpoint.Hit) bool { return uint32(h.Note) == sp })
	if err != nil || !found || h.Time == 0 {
		if serr := s.tl.Seek(origin); err == nil {
			err = serr
		}
		return false, err
	}
	// The mark's moment is the entry or, when the exception tail-chained
	// to an earlier one's return, the return to the interrupted code: the
	// last moment that code ran is the latest at most a few steps back
	// in Thread mode with its stack pointer.
	for t := h.Time; t+4 > h.Time && t > 0; t-- {
		if err := s.tl.Seek(t); err != nil {
			return false, err
		}
		if exc, _ := s.exceptionNumber(hart); exc == 0 && s.spOf(hart) == sp {
			return true, nil
		}
	}
	return true, s.tl.Seek(h.Time - 1)
}
