package debugger

import (
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// TestTrapClassification: RISC-V mcause values and Cortex-M faults (by
// their status bits) map to the same kinds, so front-ends need no
// architecture (gdbserver's signals, exception filters).
func TestTrapClassification(t *testing.T) {
	rv := riscvRegs{}
	for _, tt := range []struct {
		cause uint32
		kind  TrapKind
		name  string
	}{
		{1<<31 | 7, TrapInterrupt, "machine timer interrupt"}, {2, TrapIllegal, "illegal instruction"},
		{3, TrapBreakpoint, "breakpoint (ebreak)"}, {4, TrapBus, "load address misaligned"},
		{7, TrapMemory, "store access fault"}, {11, TrapCall, "environment call from M-mode"},
	} {
		if c := rv.refine(nil, (traps{rv}).row(tt.cause)); c.Kind != tt.kind || c.Name != tt.name {
			t.Errorf("RISC-V cause %#x: %+v, want %v %q", tt.cause, c, tt.kind, tt.name)
		}
	}
	for _, tt := range []struct {
		exc, cfsr, hfsr uint32
		kind            TrapKind
		why             string
	}{
		{armExcUsageFault, 1 << 25, 0, TrapArithmetic, "divide by zero"},
		{armExcUsageFault, 1 << 24, 0, TrapBus, "unaligned access"},
		{armExcUsageFault, 1 << 16, 0, TrapIllegal, "undefined instruction"},
		{armExcBusFault, 1<<9 | 1<<15, 0, TrapBus, "precise data bus error"},
		{armExcBusFault, 1 << 12, 0, TrapBus, "bus fault on exception entry stacking"},
		{armExcMemManage, 1<<1 | 1<<7, 0, TrapMemory, "data access violation"},
		{armExcUsageFault, 1 << 9, 0, TrapIllegal, ""}, // a BusFault bit is not the UsageFault's
		{armExcHardFault, 1 << 25, 1 << 30, TrapArithmetic, "divide by zero"},
		{armExcHardFault, 0, 1 << 1, TrapFault, "vector table read fault"},
		{armExcHardFault, 0, 1 << 31, TrapBreakpoint, "debug event"},
	} {
		if k, why := armFaultKind(tt.exc, tt.cfsr, tt.hfsr); k != tt.kind || why != tt.why {
			t.Errorf("exception %d CFSR %#x HFSR %#x: %v %q, want %v %q", tt.exc, tt.cfsr, tt.hfsr, k, why, tt.kind, tt.why)
		}
	}
}

// TestARMInterruptsAreNotFaults: with the all-faults exception filter a
// Cortex-M firmware whose SysTick and PendSV fire runs to its exit (an
// exception number is no RISC-V mcause: SysTick is not "store page fault").
func TestARMInterruptsAreNotFaults(t *testing.T) {
	s := openARM(t, "prog-m3-O0.elf")
	if err := s.SetExceptionFilters([]string{FilterAllFaults}); err != nil {
		t.Fatal(err)
	}
	if st := s.ContinueUntil(5_000_000); st.Reason != ReasonExiting {
		t.Errorf("continue: %v %s %+v", st.Reason, st.Description, st.Trap)
	}
}

// TestTrapTablesAgreeWithRanges: for each architecture the one trap table
// and the cause ranges filters use tell the same story: every interrupt
// row lies in interrupts() and no exception range holds one, every fault
// in faults(), every cause a user can name in exceptions() or
// interrupts(), each catch name resolves to its cause and each interrupt
// number to an interrupt.
func TestTrapTablesAgreeWithRanges(t *testing.T) {
	in := func(c uint32, rs []checkpoint.CauseRange) bool {
		for _, r := range rs {
			if c >= r.Lo && c <= r.Hi {
				return true
			}
		}
		return false
	}
	for _, a := range allCPUs() {
		ta := traps{a}
		for _, c := range ta.trapTable() {
			irq := c.kind == TrapInterrupt
			if irq != in(c.cause, ta.interrupts()) || irq && in(c.cause, ta.exceptions()) {
				t.Errorf("%s %s: interrupt %v, but the ranges say otherwise", a.arch(), c.name, irq)
			}
			if c.fault != in(c.cause, ta.faults()) {
				t.Errorf("%s %s: fault %v, but faults() says otherwise", a.arch(), c.name, c.fault)
			}
			if len(c.catch) > 0 && !irq && !in(c.cause, ta.exceptions()) {
				t.Errorf("%s %s can be caught but lies in no exception range", a.arch(), c.name)
			}
			for _, w := range c.catch {
				if rs, ok := ta.named(w); !ok || !in(c.cause, rs) {
					t.Errorf("%s: %q resolves to %v, not %s", a.arch(), w, rs, c.name)
				}
			}
		}
		for _, r := range append(ta.interrupts(), ta.exceptions()...) {
			for _, c := range []uint32{r.Lo, r.Hi} {
				if ta.interrupt(c) != in(c, ta.interrupts()) {
					t.Errorf("%s cause %#x (%s): interrupt %v", a.arch(), c, ta.name(c), ta.interrupt(c))
				}
			}
		}
		for _, n := range []uint32{0, 7, 100} {
			if c, err := ta.irq(n); err != nil || !ta.interrupt(c) {
				t.Errorf("%s interrupt %d: cause %#x %v", a.arch(), n, c, err)
			}
		}
	}
}

// TestSVCallFilterWithRTOS: on Cortex-M firmware with an RTOS the SVCall
// exception filter stops at the port's svc (the scheduler start): only a
// system call the table counts as a fault (RISC-V's ecall yield) is let
// through as the kernel's own.
func TestSVCallFilterWithRTOS(t *testing.T) {
	s := openRTOS(t, "rtos-cm3.elf")
	if err := s.SetExceptionFilters([]string{FilterSVCall}); err != nil {
		t.Fatal(err)
	}
	st := s.ContinueUntil(5_000_000)
	if st.Reason != ReasonException || st.Trap == nil || st.Trap.Name != "SVCall" {
		t.Fatalf("continue: %v %s %+v, want the SVCall exception", st.Reason, st.Description, st.Trap)
	}
}
