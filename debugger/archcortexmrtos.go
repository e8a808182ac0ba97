package debugger

import (
	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
)

// RTOS tasks on a Cortex-M core: the port's frame, where the context
// switch runs, and how to find the moment a switched-out task last ran.

// rtosPort is the ARM_CM4F layout when the PendSV handler saves FP
// registers (a VSTMDB in its code), else ARM_CM3's.
func (cortexMRegs) rtosPort(s *Session) rtos.Port {
	fn := s.pendSVHandler()
	return rtos.CortexM{FPU: fn != nil && s.savesFPRegisters(fn)}
}

// inSwitchCode: tasks run in Thread mode, so any exception handler
// (Handler mode) is not theirs.
func (c cortexMRegs) inSwitchCode(s *Session, hart int) bool {
	exc, _ := c.handlerMode(s.m.Hart(hart))
	return exc != 0
}

// lastRunOf finds the last exception entry that interrupted the task:
// its code ran with the stack pointer the port saved.
func (cortexMRegs) lastRunOf(s *Session, hart int, _ *rtos.Task, regs rtos.Regs) (bool, error) {
	return s.lastEntryFrom(hart, regs.SP)
}

// pendSVHandler finds the function the firmware switches tasks in:
// FreeRTOS's xPortPendSVHandler (or the CMSIS name it is usually #defined
// to), else the function vector 14 of the boot vector table points to.
func (s *Session) pendSVHandler() *symbols.Function {
	for _, name := range []string{"xPortPendSVHandler", "PendSV_Handler"} {
		if fn, ok := s.syms.FunctionByName(name); ok {
			return fn
		}
	}
	var v [4]byte
	if s.m.ReadMemory(14*4, v[:]) != nil {
		return nil
	}
	addr := uint32(v[0]) | uint32(v[1])<<8 | uint32(v[2])<<16 | uint32(v[3])<<24
	return s.syms.FunctionAt(addr &^ 1)
}

// savesFPRegisters reports whether fn's code holds a VSTMDB (a push of
// floating-point registers), as ARM_CM4F's PendSV handler does for a task
// whose frame holds FP state.
func (s *Session) savesFPRegisters(fn *symbols.Function) bool {
	code := make([]byte, min(fn.High-fn.Low, maxScan))
	if s.m.ReadMemory(fn.Low, code) != nil {
		return false
	}
	for i := 0; i+4 <= len(code); i += 2 {
		hw1 := uint16(code[i]) | uint16(code[i+1])<<8
		hw2 := uint16(code[i+2]) | uint16(code[i+3])<<8
		if hw1&0xffb0 == 0xed20 && hw2&0x0e00 == 0x0a00 { // VSTMDB Rn!, {s/d list}
			return true
		}
	}
	return false
}
