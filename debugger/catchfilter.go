package debugger

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// Exception filter names beyond FilterAllFaults, FilterIllegal and
// FilterEbreak (RISC-V only). The filters of one architecture are its
// cpu's ownFilters.
const (
	FilterInterrupts = "interrupts" // every interrupt; condition: numbers or names
	FilterHardFault  = "hardfault"  // Cortex-M only, as are the next four
	FilterMemManage  = "memmanage"
	FilterBusFault   = "busfault"
	FilterUsageFault = "usagefault"
	FilterSVCall     = "svc"
)

// ExceptionFilter is one exception filter chosen, with an optional
// condition naming the causes it is narrowed to ("7, 9" or "SysTick" for
// interrupts, "load-access-fault" for faults).
type ExceptionFilter struct {
	ID        string
	Condition string
}

// ExceptionFilterInfo describes an exception filter for front-ends.
type ExceptionFilterInfo struct {
	ID, Label, Description string
	// ConditionDescription says what a condition holds ("" when the filter
	// takes none).
	ConditionDescription string
	// Arch is "riscv" or "cortex-m" for a filter of one architecture
	// (ignored on the other), "" for both.
	Arch string
}

// commonFilters are the filters of every architecture.
func commonFilters() []ExceptionFilterInfo {
	return []ExceptionFilterInfo{
		{ID: FilterAllFaults, Label: "All faults", Description: "Stop when the firmware takes a fault: any RISC-V exception (access faults, misaligned accesses, illegal instructions, ebreak, ecall); on Cortex-M a HardFault, MemManage, BusFault or UsageFault",
			ConditionDescription: "cause names or numbers, comma-separated (load-access-fault, illegal, UsageFault, 5)"},
		{ID: FilterInterrupts, Label: "Interrupts", Description: "Stop at the first instruction of an interrupt handler (RISC-V timer, software, external; Cortex-M SysTick, PendSV, NMI, IRQn)",
			ConditionDescription: "interrupt numbers or names, comma-separated (RISC-V: 7 or timer; Cortex-M: IRQ number such as 7, or SysTick)"},
	}
}

// allFilters is every filter: the common ones, then each architecture's
// own (cpu.ownFilters, marked with its filterArch).
func allFilters() []ExceptionFilterInfo {
	out := commonFilters()
	for _, c := range allCPUs() {
		for _, f := range c.ownFilters() {
			f.Arch = c.filterArch()
			out = append(out, f)
		}
	}
	return out
}

// ExceptionFilters lists every exception filter of both architectures
// (those of the other architecture are accepted and ignored).
func ExceptionFilters() []ExceptionFilterInfo { return allFilters() }

// ArchExceptionFilters lists the filters for firmware of arch ("riscv" or
// "cortex-m"): the common ones and the architecture's own; every filter
// when arch is "" (what a DAP adapter offers when it does not know the
// firmware yet).
func ArchExceptionFilters(arch string) []ExceptionFilterInfo {
	var out []ExceptionFilterInfo
	for _, f := range allFilters() {
		if arch == "" || f.Arch == "" || f.Arch == arch {
			out = append(out, f)
		}
	}
	return out
}

// ExceptionFilters lists the filters that apply to the session's firmware:
// the common ones and its architecture's.
func (s *Session) ExceptionFilters() []ExceptionFilterInfo {
	return ArchExceptionFilters(s.filterArch())
}

// filterArch names the session's architecture as exception filters do.
func (s *Session) filterArch() string { return s.cpu().filterArch() }

// SetExceptionFilterOptions chooses which traps stop the run: each filter
// with its condition. Filters of the other architecture are ignored; an
// unknown filter or a condition naming no cause is an error and changes
// nothing.
func (s *Session) SetExceptionFilterOptions(opts []ExceptionFilter) error {
	names := map[string]bool{}
	var caught checkpoint.TrapFilter
	for _, o := range opts {
		rs, err := s.filterCauses(o)
		if err != nil {
			return err
		}
		names[o.ID] = true
		caught.Ranges = append(caught.Ranges, rs...)
	}
	s.bps.filters, s.bps.caught = names, nil
	if len(caught.Ranges) > 0 {
		s.bps.caught = &caught
	}
	s.arm(false)
	return nil
}

// filterCauses resolves one filter to the causes it selects here.
func (s *Session) filterCauses(o ExceptionFilter) ([]checkpoint.CauseRange, error) {
	var info *ExceptionFilterInfo
	fs := allFilters()
	for i := range fs {
		if fs[i].ID == o.ID {
			info = &fs[i]
		}
	}
	if info == nil {
		return nil, fmt.Errorf("unknown exception filter %q", o.ID)
	}
	if info.Arch != "" && info.Arch != s.filterArch() {
		return nil, nil
	}
	kind := EventException
	if o.ID == FilterInterrupts {
		kind = EventInterrupt
	}
	if strings.TrimSpace(o.Condition) != "" {
		rs, _, err := s.parseCauses(kind, o.Condition)
		if err != nil {
			return nil, fmt.Errorf("exception filter %s: %w", o.ID, err)
		}
		return rs, nil
	}
	ta := s.traps()
	switch o.ID {
	case FilterAllFaults:
		return ta.faults(), nil
	case FilterInterrupts:
		return ta.interrupts(), nil
	}
	rs, _ := ta.named(o.ID)
	return rs, nil
}
