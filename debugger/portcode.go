package debugger

// inPortCode reports whether hart executes the RTOS port's context switch
// code (cpu.inSwitchCode). A step does not end there: the task is between
// its own instructions.
func (s *Session) inPortCode(hart int) bool { return s.cpu().inSwitchCode(s, hart) }

// maxScan bounds the code of one function an architecture reads to
// recognise its port's context switch.
const maxScan = 64 << 10
