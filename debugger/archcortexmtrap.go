package debugger

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// Cortex-M exception numbers (the IPSR values vm stops report as causes).
const (
	armExcNMI        = 2
	armExcHardFault  = 3
	armExcMemManage  = 4
	armExcBusFault   = 5
	armExcUsageFault = 6
	armExcSVCall     = 11
	armExcDebugMon   = 12
	armExcPendSV     = 14
	armExcSysTick    = 15
	armExcIRQ0       = 16
	armExcMax        = 511 // the largest exception number (IPSR is 9 bits)
)

// trapTable lists the system exceptions, in the order help lists them.
func (cortexMRegs) trapTable() []trapCause {
	flt := func(c uint32, name string, k TrapKind) trapCause {
		return trapCause{cause: c, name: name, kind: k, fault: true, catch: []string{strings.ToLower(name)}}
	}
	return []trapCause{
		flt(armExcHardFault, "HardFault", TrapFault),
		flt(armExcMemManage, "MemManage", TrapMemory),
		flt(armExcBusFault, "BusFault", TrapBus),
		flt(armExcUsageFault, "UsageFault", TrapIllegal),
		{cause: armExcSVCall, name: "SVCall", kind: TrapCall, catch: []string{"svcall", "svc"}},
		{cause: armExcPendSV, name: "PendSV", kind: TrapInterrupt, catch: []string{"pendsv"}},
		{cause: armExcSysTick, name: "SysTick", kind: TrapInterrupt, catch: []string{"systick"}},
		{cause: armExcNMI, name: "NMI", kind: TrapInterrupt, catch: []string{"nmi"}},
		{cause: armExcDebugMon, name: "DebugMonitor", kind: TrapBreakpoint, catch: []string{"debugmonitor", "debugmon"}},
		{cause: 1, name: "Reset", kind: TrapFault},
	}
}

// unlisted names the external interrupts; the other numbers are
// reserved.
func (cortexMRegs) unlisted(c uint32) trapCause {
	if c >= armExcIRQ0 {
		return trapCause{cause: c, name: fmt.Sprintf("IRQ %d", c-armExcIRQ0), kind: TrapInterrupt}
	}
	return trapCause{cause: c, name: fmt.Sprintf("reserved exception %d", c), kind: TrapFault}
}

// refine reads a fault's status registers, as they are now.
func (cortexMRegs) refine(h *vm.Hart, c trapCause) TrapClass {
	if !c.fault || h == nil {
		return plainClass(c)
	}
	cfsr, _ := h.ARMSys(vm.ARMCFSR)
	hfsr, _ := h.ARMSys(vm.ARMHFSR)
	kind, why := armFaultKind(c.cause, cfsr, hfsr)
	name := c.name
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

func (cortexMRegs) faults() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: armExcHardFault, Hi: armExcUsageFault}}
}

func (cortexMRegs) interrupts() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: armExcNMI, Hi: armExcNMI}, {Lo: armExcPendSV, Hi: armExcMax}}
}

func (cortexMRegs) exceptions() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: armExcHardFault, Hi: armExcUsageFault}, {Lo: armExcSVCall, Hi: armExcDebugMon}}
}

func (cortexMRegs) irq(n uint32) (uint32, error) {
	if n > armExcMax-armExcIRQ0 {
		return 0, fmt.Errorf("IRQ %d out of range (0-%d)", n, armExcMax-armExcIRQ0)
	}
	return armExcIRQ0 + n, nil
}

// code is the exception number itself.
func (cortexMRegs) code(c uint32) uint32 { return c }

// pattern accepts "faults" (the four fault exceptions) and "irqN".
func (c cortexMRegs) pattern(n string) ([]checkpoint.CauseRange, bool) {
	if n == "faults" {
		return c.faults(), true
	}
	if rest, ok := strings.CutPrefix(n, "irq"); ok {
		v, err := strconv.ParseUint(strings.TrimLeft(rest, " -_"), 0, 32)
		if x, ierr := c.irq(uint32(v)); err == nil && ierr == nil {
			return one(x), true
		}
	}
	return nil, false
}

func (cortexMRegs) patterns() []string { return []string{"IRQn"} }
func (cortexMRegs) filterArch() string { return "cortex-m" }

// ownFilters are the Cortex-M fault and SVCall filters.
func (cortexMRegs) ownFilters() []ExceptionFilterInfo {
	return []ExceptionFilterInfo{
		{ID: FilterHardFault, Label: "HardFault", Description: "Stop on a HardFault (Cortex-M), escalated faults included"},
		{ID: FilterMemManage, Label: "MemManage", Description: "Stop on a MemManage fault (Cortex-M)"},
		{ID: FilterBusFault, Label: "BusFault", Description: "Stop on a BusFault (Cortex-M)"},
		{ID: FilterUsageFault, Label: "UsageFault", Description: "Stop on a UsageFault: undefined instruction, invalid state, divide by zero, unaligned access (Cortex-M)"},
		{ID: FilterSVCall, Label: "SVCall", Description: "Stop when the firmware executes svc (Cortex-M)"},
	}
}

// faultDetails classifies the fault by its status bits and spells the
// CFSR and HFSR bits, with the fault addresses.
func (c cortexMRegs) faultDetails(st vm.Stop, regs vm.FaultRegisters, ok bool) (TrapKind, []string, []FaultRegister) {
	if !ok {
		return (traps{c}).row(st.Cause).kind, nil, nil
	}
	kind, _ := armFaultKind(st.Cause, regs.CFSR, regs.HFSR)
	return kind, cortexMFaultLines(regs), []FaultRegister{{"CFSR", regs.CFSR}, {"HFSR", regs.HFSR}, {"MMFAR", regs.MMFAR}, {"BFAR", regs.BFAR}}
}
