package debugger

import (
	"fmt"
	"strings"
)

// armExceptionName names Cortex-M exception number n as the IPSR field
// shows it ("Thread mode", "SysTick", "IRQ 3").
func armExceptionName(n uint32) string {
	if n == 0 {
		return "Thread mode"
	}
	return traps{cortexMRegs{}}.name(n)
}

// bitName is one named bit of a status register: its field name, a short
// meaning (the register view) and the fault report's sentence (empty for
// the address-valid bits, which the report shows with the bit they
// qualify).
type bitName struct {
	bit   uint
	name  string
	text  string
	words string
}

// cfsrBits are the Configurable Fault Status Register's bits
// (ARMv7-M ARM B3.2.15), MemManage, BusFault and UsageFault in that order.
func cfsrBits() []bitName {
	return []bitName{
		{0, "IACCVIOL", "instruction access violation", "instruction access violation (MPU or execute-never region)"},
		{1, "DACCVIOL", "data access violation", "data access violation (MPU)"},
		{3, "MUNSTKERR", "MemManage fault on exception return unstacking", "unstacking error on exception return (MemManage)"},
		{4, "MSTKERR", "MemManage fault on exception entry stacking", "stacking error on exception entry (MemManage)"},
		{5, "MLSPERR", "MemManage fault during lazy FP state preservation", "lazy FP state preservation error (MemManage)"},
		{7, "MMARVALID", "MMFAR holds the faulting address", ""},
		{8, "IBUSERR", "instruction bus error", "instruction bus error (fetch from an address no memory answers)"},
		{9, "PRECISERR", "precise data bus error", "precise data bus error"},
		{10, "IMPRECISERR", "imprecise data bus error", "imprecise data bus error (the faulting instruction is earlier than the stacked pc)"},
		{11, "UNSTKERR", "bus fault on exception return unstacking", "unstacking error on exception return (BusFault)"},
		{12, "STKERR", "bus fault on exception entry stacking", "stacking error on exception entry (BusFault: the stack pointer is bad or the stack overflowed)"},
		{13, "LSPERR", "bus fault during lazy FP state preservation", "lazy FP state preservation error (BusFault)"},
		{15, "BFARVALID", "BFAR holds the faulting address", ""},
		{16, "UNDEFINSTR", "undefined instruction", "undefined instruction"},
		{17, "INVSTATE", "invalid state (Thumb bit clear)", "invalid state (Thumb bit clear: a branch or return to an even address, or a vector without bit 0)"},
		{18, "INVPC", "invalid EXC_RETURN on exception return", "invalid exception return (bad EXC_RETURN value in lr, or a stack mismatch)"},
		{19, "NOCP", "no coprocessor (FPU disabled)", "coprocessor access with the coprocessor disabled (FPU not enabled in CPACR?)"},
		{24, "UNALIGNED", "unaligned access", "unaligned access (CCR.UNALIGN_TRP, or an LDM/STM/LDRD/STRD on an unaligned address)"},
		{25, "DIVBYZERO", "divide by zero", "divide by zero (CCR.DIV_0_TRP)"},
	}
}

// hfsrBits are the HardFault Status Register's bits.
func hfsrBits() []bitName {
	return []bitName{
		{1, "VECTTBL", "vector table read fault", "bus fault on a vector table read during exception processing"},
		{30, "FORCED", "escalated from a configurable fault", "forced (escalated): a configurable fault was disabled or could not preempt, so it became a HardFault"},
		{31, "DEBUGEVT", "debug event", "debug event (a breakpoint with no debugger attached)"},
	}
}

// setBits lists the named bits set in v as fields.
func setBits(v uint32, bits []bitName) []RegisterField {
	var out []RegisterField
	for _, b := range bits {
		if v>>b.bit&1 != 0 {
			out = append(out, RegisterField{Name: b.name, Value: 1, Width: 1, Shift: int(b.bit), Text: b.text})
		}
	}
	return out
}

// fields decodes the xPSR (a write sets only its APSR flags, so the
// execution and exception fields are read-only), CONTROL, FPSCR and the
// fault status registers (their set bits, read-only: software clears them
// by writing ones).
func (cortexMRegs) fields(name string, v uint32) []RegisterField {
	rw := func(n string, shift, width int) RegisterField { return bitField(v, n, shift, width, true) }
	ro := func(n string, shift, width int) RegisterField { return bitField(v, n, shift, width, false) }
	switch name {
	case "xpsr":
		isr := ro("ISR", 0, 9)
		isr.Text = armExceptionName(isr.Value)
		it := RegisterField{Name: "IT", Value: v>>25&3 | v>>10&0x3f<<2, Width: 8, Shift: -1}
		return []RegisterField{rw("N", 31, 1), rw("Z", 30, 1), rw("C", 29, 1), rw("V", 28, 1), rw("Q", 27, 1),
			rw("GE", 16, 4), ro("T", 24, 1), it, isr}
	case "control":
		return []RegisterField{rw("nPRIV", 0, 1), rw("SPSEL", 1, 1), rw("FPCA", 2, 1)}
	case "fpscr":
		return []RegisterField{rw("N", 31, 1), rw("Z", 30, 1), rw("C", 29, 1), rw("V", 28, 1),
			rw("AHP", 26, 1), rw("DN", 25, 1), rw("FZ", 24, 1), rw("RMode", 22, 2),
			rw("IDC", 7, 1), rw("IXC", 4, 1), rw("UFC", 3, 1), rw("OFC", 2, 1), rw("DZC", 1, 1), rw("IOC", 0, 1)}
	case "cfsr":
		return setBits(v, cfsrBits())
	case "hfsr":
		return setBits(v, hfsrBits())
	}
	return nil
}

// Summary spells a register's decoded fields in gdb's flag style: the
// one-bit fields that are set and the wider ones that are not zero, as in
// "[ C T ISR=15 (SysTick) ]" for the xPSR; "" when it has no fields.
func (r Register) Summary() string {
	if len(r.Fields) == 0 {
		return ""
	}
	parts := []string{}
	for _, f := range r.Fields {
		switch {
		case f.Value == 0:
		case f.Width <= 1:
			parts = append(parts, f.Name)
		case f.Text != "":
			parts = append(parts, fmt.Sprintf("%s=%d (%s)", f.Name, f.Value, f.Text))
		default:
			parts = append(parts, fmt.Sprintf("%s=%#x", f.Name, f.Value))
		}
	}
	if len(parts) == 0 {
		return "[ ]"
	}
	return "[ " + strings.Join(parts, " ") + " ]"
}
