package debugger

import (
	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
)

// RTOS tasks on RISC-V: the port's frame, where the context switch runs,
// and how to find the moment a switched-out task last ran.

// csrMtvec is the trap vector base register.
const csrMtvec = 0x305

// mret is the encoding of the RISC-V trap return instruction.
const mret = 0x30200073

// rtosPort is the FreeRTOS RISC-V port's V11 frame.
func (riscvRegs) rtosPort(*Session) rtos.Port { return rtos.RISCV{} }

// inSwitchCode: the function mtvec points to (the trap entry, which saves
// a task's context) or one that returns from a trap with mret (which
// restores one).
func (riscvRegs) inSwitchCode(s *Session, hart int) bool {
	h := s.m.Hart(hart)
	fn := s.syms.FunctionAt(h.PC())
	if fn == nil {
		return false
	}
	if vec, ok := h.ReadCSR(csrMtvec); ok && fn.Contains(vec&^3) {
		return true
	}
	if s.tasks.trapReturn == nil {
		s.tasks.trapReturn = map[*symbols.Function]bool{}
	}
	r, ok := s.tasks.trapReturn[fn]
	if !ok {
		r = s.returnsFromTrap(fn)
		s.tasks.trapReturn[fn] = r
	}
	return r
}

// returnsFromTrap reports whether fn's code holds an mret instruction.
func (s *Session) returnsFromTrap(fn *symbols.Function) bool {
	n := min(fn.High-fn.Low, maxScan)
	code := make([]byte, n)
	if s.m.ReadMemory(fn.Low, code) != nil {
		return false
	}
	for i := 0; i+4 <= len(code); i += 2 {
		w := uint32(code[i]) | uint32(code[i+1])<<8 | uint32(code[i+2])<<16 | uint32(code[i+3])<<24
		if w == mret {
			return true
		}
	}
	return false
}

// lastRunOf: the task ran at its saved pc until a trap was taken there.
func (riscvRegs) lastRunOf(s *Session, hart int, t *rtos.Task, regs rtos.Regs) (bool, error) {
	lo, hi := t.StackBase, t.StackEnd+4
	if t.StackEnd == 0 {
		hi = regs.SP + 1<<16
	}
	// The task ran at its saved pc until a trap was taken there: a mark at
	// that pc on its stack, or the trap vector entered with its sp (an
	// interrupt taken before the instruction at the pc leaves no mark
	// there).
	origin := s.tl.Now()
	vec, _ := s.m.Hart(hart).ReadCSR(csrMtvec)
	vec &^= 3
	m, found, err := s.searchMarks(hart, []uint32{regs.PC, vec}, 0, func(m mark) bool {
		// the trap is taken as the moment begins: a seek to it stops
		// before, with the task at its pc
		return m.pc == regs.PC && m.cfa >= lo && m.cfa <= hi || m.pc == vec && m.cfa == regs.SP
	})
	if err != nil || !found {
		if err == nil {
			err = s.tl.Seek(origin)
		}
		return false, err
	}
	return true, s.tl.Seek(m.time)
}
