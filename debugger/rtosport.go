package debugger

import "github.com/rewind-debugger/rewind/debugger/rtos"

// rtosPort is the kernel port the firmware's context switch follows:
// Options.RTOSPort, or the one the architecture finds in the firmware's
// code (cpu.rtosPort).
func (s *Session) rtosPort() rtos.Port {
	if s.opt.RTOSPort != nil {
		return s.opt.RTOSPort
	}
	return s.cpu().rtosPort(s)
}
