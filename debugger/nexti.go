package debugger

// nextInstruction executes one instruction of hart, running a function it
// calls through to its return (gdb's nexti; DAP's next with instruction
// granularity). Breakpoints inside the call still stop.
func (s *Session) nextInstruction(hart int) Stop {
	pc := s.m.Hart(hart).PC()
	code, _ := s.ReadMemory(pc, 4)
	call, n := isCall(code)
	st := s.StepInstruction(hart)
	if !call || st.Reason != ReasonStep || st.PC == pc+n {
		return st
	}
	return s.StepOut(hart, ByInstruction)
}

// isCall reports whether code starts with a call (a jump that links ra or
// t0) and the instruction's length.
func isCall(code []byte) (bool, uint32) {
	if len(code) < 2 {
		return false, 4
	}
	lo := uint32(code[0]) | uint32(code[1])<<8
	if lo&3 != 3 {
		switch {
		case lo&0xe003 == 0x2001: // c.jal (RV32)
			return true, 2
		case lo&0xf07f == 0x9002 && lo&0x0f80 != 0: // c.jalr
			return true, 2
		}
		return false, 2
	}
	if len(code) < 4 {
		return false, 4
	}
	w := lo | uint32(code[2])<<16 | uint32(code[3])<<24
	rd := (w >> 7) & 31
	op := w & 0x7f
	return (op == 0x6f || op == 0x67) && (rd == 1 || rd == 5), 4
}
