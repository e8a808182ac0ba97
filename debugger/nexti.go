package debugger

import "github.com/rewind-debugger/rewind/symbols"

// nextInstruction executes one instruction of hart, running a function it
// calls through to its return (gdb's nexti; DAP's next with instruction
// granularity). Breakpoints inside the call still stop. What a call is
// comes from the firmware's instruction set (jal/jalr linking ra or t0 on
// RISC-V, bl/blx on Thumb).
func (s *Session) nextInstruction(hart int) Stop {
	pc := s.m.Hart(hart).PC()
	code, _ := s.ReadMemory(pc, 4)
	f, err := s.syms.Arch().InstructionSet().Flow(code, pc)
	st := s.StepInstruction(hart)
	if err != nil || f.Kind != symbols.FlowCall || st.Reason != ReasonStep || st.PC == pc+uint32(f.Len) {
		return st
	}
	return s.StepOut(hart, ByInstruction)
}
