package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// interruptBit marks an interrupt in mcause.
const interruptBit = 1 << 31

// Exception causes of the privileged spec the fault report spells.
const (
	causeIllegal    = 2
	causeBreakpoint = 3
)

// trapTable lists the machine-mode trap causes of the privileged spec
// (mcause values), exceptions first.
func (riscvRegs) trapTable() []trapCause {
	ex := func(c uint32, name string, k TrapKind, catch ...string) trapCause {
		return trapCause{cause: c, name: name, kind: k, fault: true, catch: catch}
	}
	irq := func(c uint32, name string, catch ...string) trapCause {
		return trapCause{cause: interruptBit | c, name: name, kind: TrapInterrupt, catch: catch}
	}
	return []trapCause{
		ex(0, "instruction address misaligned", TrapBus, "misaligned-fetch"),
		ex(1, "instruction access fault", TrapMemory, "fetch-access-fault"),
		ex(causeIllegal, "illegal instruction", TrapIllegal, "illegal-instruction", "illegal"),
		ex(causeBreakpoint, "breakpoint (ebreak)", TrapBreakpoint, "ebreak", "breakpoint"),
		ex(4, "load address misaligned", TrapBus, "misaligned-load"),
		ex(5, "load access fault", TrapMemory, "load-access-fault"),
		ex(6, "store address misaligned", TrapBus, "misaligned-store"),
		ex(7, "store access fault", TrapMemory, "store-access-fault"),
		ex(8, "environment call from U-mode", TrapCall, "ecall"),
		ex(9, "environment call from S-mode", TrapCall, "ecall"),
		ex(11, "environment call from M-mode", TrapCall, "ecall"),
		ex(12, "instruction page fault", TrapMemory),
		ex(13, "load page fault", TrapMemory),
		ex(15, "store page fault", TrapMemory),
		irq(1, "supervisor software interrupt"),
		irq(3, "machine software interrupt", "software"),
		irq(5, "supervisor timer interrupt"),
		irq(7, "machine timer interrupt", "timer"),
		irq(9, "supervisor external interrupt"),
		irq(11, "machine external interrupt", "external"),
	}
}

// unlisted numbers the causes the spec reserves or leaves to platforms:
// every exception is a fault.
func (riscvRegs) unlisted(c uint32) trapCause {
	if c&interruptBit != 0 {
		return trapCause{cause: c, name: fmt.Sprintf("interrupt %d", c&^interruptBit), kind: TrapInterrupt}
	}
	return trapCause{cause: c, name: fmt.Sprintf("exception %d", c), kind: TrapFault, fault: true}
}

// refine has nothing to add: mcause says it all.
func (riscvRegs) refine(_ *vm.Hart, c trapCause) TrapClass { return plainClass(c) }

func (r riscvRegs) faults() []checkpoint.CauseRange { return r.exceptions() }

func (riscvRegs) interrupts() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: interruptBit, Hi: ^uint32(0)}}
}

func (riscvRegs) exceptions() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: 0, Hi: interruptBit - 1}}
}

func (riscvRegs) irq(n uint32) (uint32, error) {
	if n >= interruptBit {
		return 0, fmt.Errorf("interrupt code %d out of range", n)
	}
	return interruptBit | n, nil
}

// code is mcause without its interrupt bit.
func (riscvRegs) code(c uint32) uint32 { return c &^ interruptBit }

func (riscvRegs) pattern(string) ([]checkpoint.CauseRange, bool) { return nil, false }
func (riscvRegs) patterns() []string                             { return nil }
func (riscvRegs) filterArch() string                             { return "riscv" }

// ownFilters are RISC-V's exception filters beyond the common ones.
func (riscvRegs) ownFilters() []ExceptionFilterInfo {
	return []ExceptionFilterInfo{
		{ID: FilterIllegal, Label: "Illegal instruction", Description: "Stop on an illegal instruction trap (RISC-V)"},
		{ID: FilterEbreak, Label: "ebreak", Description: "Stop when the firmware executes ebreak (RISC-V)"},
	}
}

// faultDetails says what mtval means for the cause, with mcause, mepc and
// mtval.
func (r riscvRegs) faultDetails(st vm.Stop, _ vm.FaultRegisters, _ bool) (TrapKind, []string, []FaultRegister) {
	return (traps{r}).row(st.Cause).kind, riscvFaultLines(st.Cause, st.Tval, st.PC),
		[]FaultRegister{{"mcause", st.Cause}, {"mepc", st.PC}, {"mtval", st.Tval}}
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
