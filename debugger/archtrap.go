package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// TrapKind says what a trap means for the program, whatever the CPU.
type TrapKind int

// Kinds of trap.
const (
	// TrapInterrupt: an asynchronous interrupt (RISC-V interrupt causes;
	// Cortex-M NMI, PendSV, SysTick and the external IRQs).
	TrapInterrupt TrapKind = iota
	// TrapCall: a system call (ecall, svc).
	TrapCall
	// TrapBreakpoint: a breakpoint instruction or debug event.
	TrapBreakpoint
	// TrapIllegal: an illegal or undefined instruction, an invalid state.
	TrapIllegal
	// TrapMemory: an access the memory protection refused.
	TrapMemory
	// TrapBus: a bus error or a misaligned access.
	TrapBus
	// TrapArithmetic: division by zero.
	TrapArithmetic
	// TrapFault: any other fault.
	TrapFault
)

// TrapClass is a trap cause as the session's architecture reads it.
type TrapClass struct {
	Kind TrapKind
	// Interrupt: the trap is asynchronous (Kind is TrapInterrupt).
	Interrupt bool
	// Name spells the cause ("machine timer interrupt", "SysTick",
	// "UsageFault: divide by zero").
	Name string
}

// ClassifyTrap reads a trap cause of hart (a RISC-V mcause, a Cortex-M
// exception number as vm stops report it) as interrupt or exception, with
// a name. On a Cortex-M core a fault is refined by the fault status
// registers as they are now (call it at the trap).
func (s *Session) ClassifyTrap(hart int, cause uint32) TrapClass {
	if hart < 0 || hart >= s.m.Harts() {
		hart = 0
	}
	c := s.regs().trap(s.m.Hart(hart), cause)
	c.Interrupt = c.Kind == TrapInterrupt
	return c
}

func (riscvRegs) trap(_ *vm.Hart, cause uint32) TrapClass {
	c := TrapClass{Kind: TrapFault, Name: causeName(cause)}
	if cause&interruptBit != 0 {
		c.Kind = TrapInterrupt
		return c
	}
	switch cause {
	case 0, 4, 6:
		c.Kind = TrapBus
	case 1, 5, 7, 12, 13, 15:
		c.Kind = TrapMemory
	case causeIllegal:
		c.Kind = TrapIllegal
	case causeBreakpoint:
		c.Kind = TrapBreakpoint
	case 8, 9, 11:
		c.Kind = TrapCall
	}
	return c
}

// Cortex-M exception numbers the classification uses.
const (
	armExcHardFault  = 3
	armExcMemManage  = 4
	armExcBusFault   = 5
	armExcUsageFault = 6
	armExcSVCall     = 11
	armExcDebugMon   = 12
)

func (c cortexMRegs) trap(h *vm.Hart, exc uint32) TrapClass {
	name := armExceptionName(exc)
	switch exc {
	case armExcSVCall:
		return TrapClass{Kind: TrapCall, Name: name}
	case armExcDebugMon:
		return TrapClass{Kind: TrapBreakpoint, Name: name}
	case armExcHardFault, armExcMemManage, armExcBusFault, armExcUsageFault:
	case 0, 1, 7, 8, 9, 10, 13:
		return TrapClass{Kind: TrapFault, Name: name}
	default:
		return TrapClass{Kind: TrapInterrupt, Name: name}
	}
	cfsr, _ := h.ARMSys(vm.ARMCFSR)
	hfsr, _ := h.ARMSys(vm.ARMHFSR)
	kind, why := armFaultKind(exc, cfsr, hfsr)
	if why != "" {
		name = fmt.Sprintf("%s: %s", name, why)
	}
	return TrapClass{Kind: kind, Name: name}
}

// armFaultKind reads a fault's status bits: the status register of the
// fault taken (for a forced HardFault, all of CFSR).
func armFaultKind(exc, cfsr, hfsr uint32) (TrapKind, string) {
	switch exc {
	case armExcMemManage:
		cfsr &= 0xff
	case armExcBusFault:
		cfsr &= 0xff00
	case armExcUsageFault:
		cfsr &= 0xffff0000
	case armExcHardFault:
		if hfsr&(1<<30) == 0 { // not escalated: VECTTBL or DEBUGEVT
			bits := setBits(hfsr, hfsrBits())
			switch {
			case len(bits) == 0:
				return TrapFault, ""
			case bits[0].Name == "DEBUGEVT":
				return TrapBreakpoint, bits[0].Text
			}
			return TrapFault, bits[0].Text
		}
	}
	kinds := map[string]TrapKind{"DIVBYZERO": TrapArithmetic, "UNALIGNED": TrapBus,
		"UNDEFINSTR": TrapIllegal, "INVSTATE": TrapIllegal, "INVPC": TrapIllegal, "NOCP": TrapIllegal}
	for _, b := range setBits(cfsr, cfsrBits()) {
		if b.Name == "MMARVALID" || b.Name == "BFARVALID" {
			continue
		}
		if k, ok := kinds[b.Name]; ok {
			return k, b.Text
		}
		if b.Name == "IACCVIOL" || b.Name == "DACCVIOL" || b.Name == "MSTKERR" || b.Name == "MUNSTKERR" || b.Name == "MLSPERR" {
			return TrapMemory, b.Text
		}
		return TrapBus, b.Text
	}
	switch exc {
	case armExcMemManage:
		return TrapMemory, ""
	case armExcBusFault:
		return TrapBus, ""
	case armExcUsageFault:
		return TrapIllegal, ""
	}
	return TrapFault, ""
}
