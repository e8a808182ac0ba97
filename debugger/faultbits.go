package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// The Cortex-M fault status bits the report's logic needs (the table
// below spells every bit; ARMv7-M ARM B3.2.15-B3.2.17).
const (
	cfsrDACCVIOL  = 1 << 1
	cfsrMMARVALID = 1 << 7
	cfsrPRECISERR = 1 << 9
	cfsrBFARVALID = 1 << 15
)

// faultBit is one status bit and what it means in words.
type faultBit struct {
	mask  uint32
	words string
}

// cfsrReportBits are the CFSR bits a report spells, MemManage, BusFault and
// UsageFault status in that order (the address-valid bits are shown with
// the bit they qualify).
var cfsrReportBits = []faultBit{
	{1 << 0, "instruction access violation (MPU or execute-never region)"},
	{cfsrDACCVIOL, "data access violation (MPU)"},
	{1 << 3, "unstacking error on exception return (MemManage)"},
	{1 << 4, "stacking error on exception entry (MemManage)"},
	{1 << 5, "lazy FP state preservation error (MemManage)"},
	{1 << 8, "instruction bus error (fetch from an address no memory answers)"},
	{cfsrPRECISERR, "precise data bus error"},
	{1 << 10, "imprecise data bus error (the faulting instruction is earlier than the stacked pc)"},
	{1 << 11, "unstacking error on exception return (BusFault)"},
	{1 << 12, "stacking error on exception entry (BusFault: the stack pointer is bad or the stack overflowed)"},
	{1 << 13, "lazy FP state preservation error (BusFault)"},
	{1 << 16, "undefined instruction"},
	{1 << 17, "invalid state (Thumb bit clear: a branch or return to an even address, or a vector without bit 0)"},
	{1 << 18, "invalid exception return (bad EXC_RETURN value in lr, or a stack mismatch)"},
	{1 << 19, "coprocessor access with the coprocessor disabled (FPU not enabled in CPACR?)"},
	{1 << 24, "unaligned access (CCR.UNALIGN_TRP, or an LDM/STM/LDRD/STRD on an unaligned address)"},
	{1 << 25, "divide by zero (CCR.DIV_0_TRP)"},
}

// hfsrReportBits are the HFSR bits a report spells.
var hfsrReportBits = []faultBit{
	{1 << 1, "bus fault on a vector table read during exception processing"},
	{1 << 30, "forced (escalated): a configurable fault was disabled or could not preempt, so it became a HardFault"},
	{1 << 31, "debug event (a breakpoint with no debugger attached)"},
}

// cortexMFaultLines spells the fault status registers in words, most
// specific first: the CFSR bits (with the fault address where valid), then
// the HardFault status.
func cortexMFaultLines(r vm.FaultRegisters) []string {
	var out []string
	for _, b := range cfsrReportBits {
		if r.CFSR&b.mask == 0 {
			continue
		}
		line := b.words
		switch {
		case b.mask == cfsrPRECISERR && r.CFSR&cfsrBFARVALID != 0:
			line = fmt.Sprintf("%s at %#x (BFAR)", line, r.BFAR)
		case b.mask == cfsrDACCVIOL && r.CFSR&cfsrMMARVALID != 0:
			line = fmt.Sprintf("%s at %#x (MMFAR)", line, r.MMFAR)
		}
		out = append(out, line)
	}
	if r.CFSR&cfsrBFARVALID != 0 && r.CFSR&cfsrPRECISERR == 0 {
		out = append(out, fmt.Sprintf("bus fault address %#x (BFAR)", r.BFAR))
	}
	if r.CFSR&cfsrMMARVALID != 0 && r.CFSR&cfsrDACCVIOL == 0 {
		out = append(out, fmt.Sprintf("memory management fault address %#x (MMFAR)", r.MMFAR))
	}
	for _, b := range hfsrReportBits {
		if r.HFSR&b.mask != 0 {
			out = append(out, b.words)
		}
	}
	return out
}

// riscvFaultLines says what mtval means for an exception cause taken at
// pc.
func riscvFaultLines(cause, tval, pc uint32) []string {
	switch cause {
	case 0:
		return []string{fmt.Sprintf("jump to the misaligned address %#x", tval)}
	case 1:
		if tval == pc {
			return []string{"no memory answers a fetch there (a jump or call through a bad pointer?)"}
		}
		return []string{fmt.Sprintf("instruction fetch from %#x", tval)}
	case 4, 5:
		return []string{fmt.Sprintf("load from %#x", tval)}
	case 6, 7:
		return []string{fmt.Sprintf("store to %#x", tval)}
	case causeIllegal:
		if tval != 0 {
			return []string{fmt.Sprintf("instruction bits %#x", tval)}
		}
	case causeBreakpoint:
		return []string{"ebreak executed with no debugger to take it"}
	}
	return nil
}
