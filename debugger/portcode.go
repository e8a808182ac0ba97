package debugger

import "github.com/rewind-debugger/rewind/symbols"

// csrMtvec is the trap vector base register.
const csrMtvec = 0x305

// mret is the encoding of the RISC-V trap return instruction.
const mret = 0x30200073

// inPortCode reports whether hart executes the RTOS port's context
// switch code: on RISC-V the function mtvec points to (the trap entry,
// which saves a task's context) or one that returns from a trap with mret
// (which restores one); on Cortex-M any exception handler (Handler mode). A step does not end there: the task is between its own
// instructions.
func (s *Session) inPortCode(hart int) bool {
	if exc, ok := s.exceptionNumber(hart); ok {
		return exc != 0 // Cortex-M: tasks run in Thread mode, handlers are not theirs
	}
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

// maxScan bounds the code returnsFromTrap reads of one function.
const maxScan = 64 << 10

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
