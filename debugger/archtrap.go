package debugger

import (
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
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

// trapCause is one row of an architecture's trap table: a cause the vm
// reports in vm.Stop.Cause (mcause on RISC-V, the exception number on
// Cortex-M), its name, its kind, whether it is a fault and the names a
// user types to catch it.
type trapCause struct {
	cause uint32
	name  string
	kind  TrapKind
	// fault: the "faults" filter, fault searches and the fault report
	// cover the cause.
	fault bool
	// catch are the names catch commands and filter conditions accept,
	// lower case; the first is the one help lists.
	catch []string
}

// trapArch is what the debugger knows of one architecture's traps. The
// table and unlisted say everything about a single cause; the rest are
// the cause ranges filters use and the numbering users type.
type trapArch interface {
	// trapTable lists the causes with a name (in the order help lists
	// their catch names).
	trapTable() []trapCause
	// unlisted describes a cause the table does not hold ("IRQ 7",
	// "interrupt 4", "exception 10").
	unlisted(cause uint32) trapCause
	// refine reads the state just after a trap was taken for more about
	// its cause (Cortex-M: a fault's status bits), given its table row.
	refine(h *vm.Hart, c trapCause) TrapClass
	// faults, interrupts and exceptions are the ranges of every fault,
	// interrupt and synchronous exception.
	faults() []checkpoint.CauseRange
	interrupts() []checkpoint.CauseRange
	exceptions() []checkpoint.CauseRange
	// irq returns the cause of interrupt number n as a user numbers it
	// (RISC-V: the mcause interrupt code; Cortex-M: IRQ n, exception 16+n).
	irq(n uint32) (uint32, error)
	// code is a cause as users number it (EventFilter.Code).
	code(cause uint32) uint32
	// pattern resolves names no single row holds ("irq7", "faults"), with
	// the words help shows for them.
	pattern(name string) ([]checkpoint.CauseRange, bool)
	patterns() []string
	// filterArch names the architecture as exception filters do
	// ("riscv", "cortex-m").
	filterArch() string
	// ownFilters are the architecture's exception filters beyond the
	// common ones (their Arch is filled in from filterArch).
	ownFilters() []ExceptionFilterInfo
}

// traps is a trap architecture with the lookups every front-end needs.
type traps struct{ trapArch }

// traps returns the trap architecture of the session's CPU.
func (s *Session) traps() traps { return traps{s.cpu()} }

// row describes one cause.
func (t traps) row(cause uint32) trapCause {
	for _, c := range t.trapTable() {
		if c.cause == cause {
			return c
		}
	}
	return t.unlisted(cause)
}

// name spells a cause ("machine timer interrupt", "UsageFault", "IRQ 7").
func (t traps) name(cause uint32) string { return t.row(cause).name }

// interrupt reports whether a cause is asynchronous (an interrupt)
// rather than raised by the instruction that trapped.
func (t traps) interrupt(cause uint32) bool { return t.row(cause).kind == TrapInterrupt }

// fault reports whether a cause is a fault (what the "faults" filter
// and the fault report cover).
func (t traps) fault(cause uint32) bool { return t.row(cause).fault }

// named resolves a cause name or alias, case-insensitively; ok is false
// for a name this architecture does not have.
func (t traps) named(name string) ([]checkpoint.CauseRange, bool) {
	n := normName(name)
	var out []checkpoint.CauseRange
	for _, c := range t.trapTable() {
		for _, w := range c.catch {
			if w == n {
				out = append(out, one(c.cause)...)
			}
		}
	}
	if len(out) > 0 {
		return out, true
	}
	return t.pattern(n)
}

// names lists the names named accepts, for help and completion: each
// cause's first catch name, spelled as the cause's name when that is the
// same word ("UsageFault", "illegal-instruction").
func (t traps) names() []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range t.trapTable() {
		if len(c.catch) == 0 || seen[c.catch[0]] {
			continue
		}
		seen[c.catch[0]] = true
		if strings.EqualFold(c.name, c.catch[0]) {
			out = append(out, c.name)
		} else {
			out = append(out, c.catch[0])
		}
	}
	return append(out, t.patterns()...)
}

// TrapName spells a trap cause in the session's architecture: an mcause
// value on RISC-V ("illegal instruction"), an exception number on
// Cortex-M ("HardFault", "IRQ 7").
func (s *Session) TrapName(cause uint32) string { return s.traps().name(cause) }

// TrapCauseNames lists the cause names the catch commands accept on this
// session's architecture.
func (s *Session) TrapCauseNames() []string { return s.traps().names() }

// ClassifyTrap reads a trap cause of hart (a RISC-V mcause, a Cortex-M
// exception number as vm stops report it) as interrupt or exception, with
// a name. On a Cortex-M core a fault is refined by the fault status
// registers as they are now (call it at the trap).
func (s *Session) ClassifyTrap(hart int, cause uint32) TrapClass {
	if hart < 0 || hart >= s.m.Harts() {
		hart = 0
	}
	t := s.traps()
	c := t.refine(s.m.Hart(hart), t.row(cause))
	c.Interrupt = c.Kind == TrapInterrupt
	return c
}

// plainClass is a table row as a TrapClass, for causes nothing refines.
func plainClass(c trapCause) TrapClass { return TrapClass{Kind: c.kind, Name: c.name} }

// one is the range of a single cause.
func one(c uint32) []checkpoint.CauseRange { return []checkpoint.CauseRange{{Lo: c, Hi: c}} }

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
