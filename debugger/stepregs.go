package debugger

// The stepping code compares a hart's stack pointer and return address
// with the frames it unwound; which registers those are is the firmware's
// architecture's business (x2/x1 on RISC-V, r13/r14 on Cortex-M, where
// the return address also carries the Thumb bit).

// spOf returns hart's stack pointer.
func (s *Session) spOf(hart int) uint32 {
	return s.m.Hart(hart).Reg(s.syms.Arch().SP())
}

// returnAddressOf returns the code address hart's link register holds
// (what a call just made will return to), with any mode bit cleared.
func (s *Session) returnAddressOf(hart int) uint32 {
	a := s.syms.Arch()
	return a.CodeAddress(s.m.Hart(hart).Reg(a.ReturnAddress()))
}
