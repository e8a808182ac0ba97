package debugger

// On a Cortex-M core (or any CPU whose cpu.handlerMode tells handler code
// from thread code) an exception (an interrupt, SysTick, PendSV, SVC or a
// fault) enters its handler with the hardware-stacked frame and EXC_RETURN
// in lr. A source step that an exception interrupts runs the handler
// through to the return to the interrupted code (as gdb users expect: the
// step does not land in the handler); breakpoints inside it still stop.
// Under an RTOS the return may come much later, after other tasks ran: the
// interrupted task resumes with the same pc and stack pointer.

// exceptionNumber returns the exception hart handles (0 in thread code);
// ok is false on a CPU whose registers do not say (see cpu.handlerMode).
func (s *Session) exceptionNumber(hart int) (uint32, bool) {
	return s.cpu().handlerMode(s.m.Hart(hart))
}

// interruptedAt tells whether hart has just entered an exception handler
// (its exception number changed from before, lr holds EXC_RETURN and, when
// an exception was already active, the main stack grew below sp, the
// stack pointer before the step), and if so where the interrupted code
// resumes: the pc of the frame the unwinder finds below the exception
// frame. (The core enters a handler and runs its first instruction in one
// step, so the pc is already past the entry.)
func (s *Session) interruptedAt(hart int, before, sp uint32) (resume uint32, ok bool) {
	exc, isM := s.exceptionNumber(hart)
	if !isM || exc == 0 || exc == before {
		return 0, false
	}
	h := s.m.Hart(hart)
	if a := s.syms.Arch(); !a.IsExceptionReturn(h.Reg(a.ReturnAddress())) {
		return 0, false
	}
	if before != 0 && s.spOf(hart) >= sp {
		return 0, false // a return from a nested exception (entry pushes a frame)
	}
	fs, err := s.unwind(hart, 3)
	if err != nil {
		return 0, false
	}
	for i := 1; i < len(fs); i++ {
		if fs[i].Exception && i+1 < len(fs) {
			return fs[i+1].PC, true
		}
	}
	return 0, false
}

// runThroughException runs an exception hart has just entered to its
// return to the interrupted code at pc, with the stack pointer and
// exception number it had (sp, exc).
func (s *Session) runThroughException(hart int, pc, sp, exc uint32) (Stop, bool) {
	return s.runUntil(hart, pc, func() bool {
		now, _ := s.exceptionNumber(hart)
		return now == exc && s.spOf(hart) == sp
	})
}
