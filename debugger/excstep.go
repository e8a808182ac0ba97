package debugger

// On a Cortex-M core an exception (an interrupt, SysTick, PendSV, SVC or a
// fault) enters its handler with the hardware-stacked frame and EXC_RETURN
// in lr. A source step that an exception interrupts runs the handler
// through to the return to the interrupted code (as gdb users expect: the
// step does not land in the handler); breakpoints inside it still stop.
// Under an RTOS the return may come much later, after other tasks ran: the
// interrupted task resumes with the same pc and stack pointer.

// excReturnMin is the lowest EXC_RETURN value (0xFFFFFFE0-0xFFFFFFFF).
const excReturnMin = 0xffffffe0

// exceptionNumber returns the IPSR field of hart's xPSR (0 in Thread
// mode); ok is false on a core without one.
func (s *Session) exceptionNumber(hart int) (uint32, bool) {
	if !s.m.IsCortexM() {
		return 0, false
	}
	return s.m.Hart(hart).Reg(16) & 0x1ff, true
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
	if h.Reg(s.syms.Arch().ReturnAddress()) < excReturnMin {
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
