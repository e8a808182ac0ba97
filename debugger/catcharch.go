package debugger

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// trapArch is what the debugger knows of one architecture's traps: the
// causes the vm reports in vm.Stop.Cause (mcause on RISC-V, the exception
// number on Cortex-M), their names, which are interrupts, which are faults,
// and the names a user types to catch them. Session.traps picks it from the
// machine, so no other code branches on the architecture for traps.
type trapArch interface {
	// name spells a cause ("machine timer interrupt", "UsageFault", "IRQ 7").
	name(cause uint32) string
	// interrupt reports whether a cause is asynchronous (an interrupt)
	// rather than raised by the instruction that trapped.
	interrupt(cause uint32) bool
	// fault reports whether a cause is a fault (what the "faults" filter
	// and the fault report cover).
	fault(cause uint32) bool
	// faults are the ranges of the causes fault selects.
	faults() []checkpoint.CauseRange
	// interrupts and exceptions are the ranges of every interrupt and of
	// every synchronous exception.
	interrupts() []checkpoint.CauseRange
	exceptions() []checkpoint.CauseRange
	// irq returns the cause of interrupt number n as a user numbers it
	// (RISC-V: the mcause interrupt code; Cortex-M: IRQ n, exception 16+n).
	irq(n uint32) (uint32, error)
	// named resolves a cause name or alias, case-insensitively; ok is false
	// for a name this architecture does not have.
	named(name string) ([]checkpoint.CauseRange, bool)
	// names lists the names named accepts, for help and completion.
	names() []string
}

// traps returns the trap architecture of the session's machine.
func (s *Session) traps() trapArch {
	if s.m.IsCortexM() {
		return cortexMTraps{}
	}
	return riscvTraps{}
}

// TrapName spells a trap cause in the session's architecture: an mcause
// value on RISC-V ("illegal instruction"), an exception number on
// Cortex-M ("HardFault", "IRQ 7").
func (s *Session) TrapName(cause uint32) string { return s.traps().name(cause) }

// TrapCauseNames lists the cause names the catch commands accept on this
// session's architecture.
func (s *Session) TrapCauseNames() []string { return s.traps().names() }

// one is the range of a single cause.
func one(c uint32) []checkpoint.CauseRange { return []checkpoint.CauseRange{{Lo: c, Hi: c}} }

// riscvTraps are RISC-V machine-mode traps.
type riscvTraps struct{}

// riscvNames are the catch names of RISC-V causes (mcause values).
var riscvNames = []struct {
	name  string
	cause []uint32
}{
	{"misaligned-fetch", []uint32{0}},
	{"fetch-access-fault", []uint32{1}},
	{"illegal-instruction", []uint32{causeIllegal}},
	{"ebreak", []uint32{causeBreakpoint}},
	{"misaligned-load", []uint32{4}},
	{"load-access-fault", []uint32{5}},
	{"misaligned-store", []uint32{6}},
	{"store-access-fault", []uint32{7}},
	{"ecall", []uint32{8, 9, 11}},
	{"software", []uint32{interruptBit | 3}},
	{"timer", []uint32{interruptBit | 7}},
	{"external", []uint32{interruptBit | 11}},
}

func (riscvTraps) name(c uint32) string              { return causeName(c) }
func (riscvTraps) interrupt(c uint32) bool           { return c&interruptBit != 0 }
func (riscvTraps) fault(c uint32) bool               { return c&interruptBit == 0 }
func (t riscvTraps) faults() []checkpoint.CauseRange { return t.exceptions() }
func (riscvTraps) interrupts() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: interruptBit, Hi: ^uint32(0)}}
}
func (riscvTraps) exceptions() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: 0, Hi: interruptBit - 1}}
}

func (riscvTraps) irq(n uint32) (uint32, error) {
	if n >= interruptBit {
		return 0, fmt.Errorf("interrupt code %d out of range", n)
	}
	return interruptBit | n, nil
}

func (riscvTraps) named(name string) ([]checkpoint.CauseRange, bool) {
	n := normName(name)
	switch n {
	case "illegal":
		n = "illegal-instruction"
	case "breakpoint":
		n = "ebreak"
	}
	for _, e := range riscvNames {
		if e.name == n {
			var out []checkpoint.CauseRange
			for _, c := range e.cause {
				out = append(out, one(c)...)
			}
			return out, true
		}
	}
	return nil, false
}

func (riscvTraps) names() []string {
	out := make([]string, len(riscvNames))
	for i, e := range riscvNames {
		out[i] = e.name
	}
	return out
}

// Cortex-M exception numbers the trap ranges need.
const (
	excHardFault  = 3
	excUsageFault = 6
	excSVCall     = 11
	excDebugMon   = 12
	excPendSV     = 14
	excIRQ0       = 16
	excMax        = 511 // the largest exception number (IPSR is 9 bits)
)

// cortexMNames are the Cortex-M system exceptions by number.
var cortexMNames = map[uint32]string{1: "Reset", 2: "NMI", 3: "HardFault", 4: "MemManage", 5: "BusFault",
	6: "UsageFault", 11: "SVCall", 12: "DebugMonitor", 14: "PendSV", 15: "SysTick"}

// cortexMTraps are Cortex-M exceptions.
type cortexMTraps struct{}

func (cortexMTraps) name(c uint32) string {
	if n, ok := cortexMNames[c]; ok {
		return n
	}
	if c >= excIRQ0 {
		return fmt.Sprintf("IRQ %d", c-excIRQ0)
	}
	return fmt.Sprintf("exception %d", c)
}

func (t cortexMTraps) interrupt(c uint32) bool { return !t.synchronous(c) }

// synchronous reports the exceptions an instruction raises.
func (cortexMTraps) synchronous(c uint32) bool {
	return (c >= excHardFault && c <= excUsageFault) || c == excSVCall || c == excDebugMon
}

func (cortexMTraps) fault(c uint32) bool { return c >= excHardFault && c <= excUsageFault }

func (cortexMTraps) faults() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: excHardFault, Hi: excUsageFault}}
}

func (cortexMTraps) interrupts() []checkpoint.CauseRange {
	const nmi = 2
	return []checkpoint.CauseRange{{Lo: nmi, Hi: nmi}, {Lo: excPendSV, Hi: excMax}}
}

func (cortexMTraps) exceptions() []checkpoint.CauseRange {
	return []checkpoint.CauseRange{{Lo: excHardFault, Hi: excUsageFault}, {Lo: excSVCall, Hi: excDebugMon}}
}

func (cortexMTraps) irq(n uint32) (uint32, error) {
	if n > excMax-excIRQ0 {
		return 0, fmt.Errorf("IRQ %d out of range (0-%d)", n, excMax-excIRQ0)
	}
	return excIRQ0 + n, nil
}

func (t cortexMTraps) named(name string) ([]checkpoint.CauseRange, bool) {
	n := normName(name)
	switch n {
	case "svc":
		n = "svcall"
	case "debugmon":
		n = "debugmonitor"
	case "faults":
		return []checkpoint.CauseRange{{Lo: excHardFault, Hi: excUsageFault}}, true
	}
	for c, cn := range cortexMNames {
		if strings.ToLower(cn) == n && c != 1 {
			return one(c), true
		}
	}
	if rest, ok := strings.CutPrefix(n, "irq"); ok {
		v, err := strconv.ParseUint(strings.TrimLeft(rest, " -_"), 0, 32)
		if c, ierr := t.irq(uint32(v)); err == nil && ierr == nil {
			return one(c), true
		}
	}
	return nil, false
}

func (cortexMTraps) names() []string {
	return []string{"HardFault", "MemManage", "BusFault", "UsageFault", "SVCall", "PendSV", "SysTick", "NMI", "DebugMonitor", "IRQn"}
}

// normName lowers a cause name and spells its separators as dashes
// ("Load access fault" and "load_access_fault" are "load-access-fault").
func normName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' {
			return '-'
		}
		return r
	}, s)
}
