package debugger

// Catchpoints and exception filters: stops on traps of chosen causes, in
// both directions of time. A forward run stops just after the trap entry,
// at the first instruction of the handler (where a gdb user's hardware
// vector catch stops); a reverse run lands on the moment before the
// trapping instruction (an exception) or before the interrupted
// instruction (an interrupt), so one step forward takes the trap again.
// The causes are kept as a checkpoint.TrapFilter, so a reverse search can
// skip history that took no trap of those causes.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// Exception filter names beyond FilterAllFaults, FilterIllegal and
// FilterEbreak (RISC-V only).
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

// exceptionFilters is every filter, both architectures.
var exceptionFilters = []ExceptionFilterInfo{
	{ID: FilterAllFaults, Label: "All faults", Description: "Stop when the firmware takes a fault: any RISC-V exception (access faults, misaligned accesses, illegal instructions, ebreak, ecall); on Cortex-M a HardFault, MemManage, BusFault or UsageFault",
		ConditionDescription: "cause names or numbers, comma-separated (load-access-fault, illegal, UsageFault, 5)"},
	{ID: FilterInterrupts, Label: "Interrupts", Description: "Stop at the first instruction of an interrupt handler (RISC-V timer, software, external; Cortex-M SysTick, PendSV, NMI, IRQn)",
		ConditionDescription: "interrupt numbers or names, comma-separated (RISC-V: 7 or timer; Cortex-M: IRQ number such as 7, or SysTick)"},
	{ID: FilterIllegal, Label: "Illegal instruction", Description: "Stop on an illegal instruction trap (RISC-V)", Arch: "riscv"},
	{ID: FilterEbreak, Label: "ebreak", Description: "Stop when the firmware executes ebreak (RISC-V)", Arch: "riscv"},
	{ID: FilterHardFault, Label: "HardFault", Description: "Stop on a HardFault (Cortex-M), escalated faults included", Arch: "cortex-m"},
	{ID: FilterMemManage, Label: "MemManage", Description: "Stop on a MemManage fault (Cortex-M)", Arch: "cortex-m"},
	{ID: FilterBusFault, Label: "BusFault", Description: "Stop on a BusFault (Cortex-M)", Arch: "cortex-m"},
	{ID: FilterUsageFault, Label: "UsageFault", Description: "Stop on a UsageFault: undefined instruction, invalid state, divide by zero, unaligned access (Cortex-M)", Arch: "cortex-m"},
	{ID: FilterSVCall, Label: "SVCall", Description: "Stop when the firmware executes svc (Cortex-M)", Arch: "cortex-m"},
}

// ExceptionFilters lists every exception filter of both architectures (a
// DAP adapter offers them before it knows the firmware; those of the other
// architecture are accepted and ignored).
func ExceptionFilters() []ExceptionFilterInfo {
	return append([]ExceptionFilterInfo(nil), exceptionFilters...)
}

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
	for i := range exceptionFilters {
		if exceptionFilters[i].ID == o.ID {
			info = &exceptionFilters[i]
		}
	}
	if info == nil {
		return nil, fmt.Errorf("unknown exception filter %q", o.ID)
	}
	arch := "riscv"
	if s.m.IsCortexM() {
		arch = "cortex-m"
	}
	if info.Arch != "" && info.Arch != arch {
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

// irqWords joins "IRQ 7" into "irq7" before a cause list is split.
var irqWords = regexp.MustCompile(`(?i)\birq\s+(\d)`)

// parseCauses reads a list of causes (numbers or names, separated by
// commas or spaces) for a catchpoint of kind: for interrupts a number is
// an interrupt number (RISC-V mcause code, Cortex-M IRQ n), otherwise the
// cause itself (RISC-V mcause, Cortex-M exception number). Empty text is
// every trap of the kind. It returns the ranges and a description.
func (s *Session) parseCauses(kind EventKind, text string) ([]checkpoint.CauseRange, string, error) {
	ta := s.traps()
	fields := strings.FieldsFunc(irqWords.ReplaceAllString(text, "irq$1"), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields) == 0 {
		switch kind {
		case EventInterrupt:
			return ta.interrupts(), "any interrupt", nil
		case EventException:
			return ta.exceptions(), "any exception", nil
		}
		return []checkpoint.CauseRange{{Lo: 0, Hi: ^uint32(0)}}, "any trap", nil
	}
	var out []checkpoint.CauseRange
	var words []string
	for _, f := range fields {
		rs, err := s.parseCause(ta, kind, f)
		if err != nil {
			return nil, "", err
		}
		out = append(out, rs...)
		if len(rs) > 1 {
			words = append(words, f) // "ecall": three causes
			continue
		}
		words = append(words, ta.name(rs[0].Lo))
	}
	return out, strings.Join(words, ", "), nil
}

// parseCause reads one cause of a list.
func (s *Session) parseCause(ta trapArch, kind EventKind, f string) ([]checkpoint.CauseRange, error) {
	if n, err := strconv.ParseUint(f, 0, 32); err == nil {
		c := uint32(n)
		if kind == EventInterrupt {
			if c, err = ta.irq(c); err != nil {
				return nil, err
			}
		}
		return one(c), nil
	}
	rs, ok := ta.named(f)
	if !ok {
		return nil, fmt.Errorf("unknown cause %q (known: %s, or a number)", f, strings.Join(ta.names(), ", "))
	}
	if kind == EventInterrupt {
		for _, r := range rs {
			if !ta.interrupt(r.Lo) {
				return nil, fmt.Errorf("%s is not an interrupt (use catch trap)", ta.name(r.Lo))
			}
		}
	}
	return rs, nil
}

// placeEvent resolves a catchpoint: its causes and description.
func (s *Session) placeEvent(b *Breakpoint, sp BreakpointSpec) {
	rs, desc, err := s.parseCauses(sp.Event, sp.Causes)
	if err != nil {
		b.Message = err.Error()
		return
	}
	switch sp.Event {
	case EventInterrupt:
		if sp.Causes != "" && !strings.Contains(desc, "interrupt") {
			desc = "interrupt " + desc
		}
	case EventException:
		if sp.Causes != "" {
			desc = "trap " + desc
		}
	}
	b.traps, b.Message, b.Verified = &checkpoint.TrapFilter{Ranges: rs}, desc, true
}

// AddCatchpoint adds a catchpoint on traps of kind and the causes text
// names (see parseCauses), with an optional condition; it is listed,
// enabled, disabled and removed as any breakpoint.
func (s *Session) AddCatchpoint(kind EventKind, causes string, c Condition) (*Breakpoint, error) {
	return s.AddBreakpoint(BreakpointSpec{Kind: KindEvent, Event: kind, Causes: strings.TrimSpace(causes), Condition: c})
}

// trapConditions are the trap stops the filters and catchpoints need.
func (s *Session) trapConditions() (bool, *checkpoint.TrapFilter) {
	var f checkpoint.TrapFilter
	armed := false
	if s.bps.caught != nil {
		f.Ranges, armed = append(f.Ranges, s.bps.caught.Ranges...), true
	}
	for _, b := range s.bps.list {
		if b.Kind == KindEvent && b.live() && b.traps != nil {
			f.Ranges, armed = append(f.Ranges, b.traps.Ranges...), true
		}
	}
	if !armed {
		return false, nil
	}
	return true, &f
}

// trapHit decides a trap hit: id 0 when an exception filter selects it
// (an RTOS's own ecall yields excepted), and the catchpoints that take it
// (causes, condition and hit count).
func (s *Session) trapHit(st vm.Stop) []int {
	var ids []int
	if c := s.bps.caught; c != nil && c.Matches(st.Cause) && !s.rtosYield(st.Cause) {
		ids = append(ids, 0)
	}
	var bs []*Breakpoint
	for _, b := range s.bps.list {
		if b.Kind == KindEvent && b.live() && b.traps != nil && b.traps.Matches(st.Cause) {
			bs = append(bs, b)
		}
	}
	return append(ids, s.take(bs, st)...)
}

// trapStop describes a stop on a trap hit: the catchpoints that took it
// and, for a fault, the fault report.
func (s *Session) trapStop(st vm.Stop, ids []int) Stop {
	t := s.trapOf(st)
	desc := "exception: " + t.Name
	if t.Interrupt {
		desc = "interrupt: " + t.Name
	}
	if t.Fault != nil {
		desc = t.Fault.Summary()
	}
	out := s.stopHere(ReasonException, st.Hart, desc)
	out.Trap = t
	for _, id := range ids {
		if id != 0 {
			out.BreakpointIDs = append(out.BreakpointIDs, id)
		}
	}
	s.noteHits(&out)
	return s.keepStop(out)
}

// keepStop makes the copy of a stop just made by stopHere kept for the
// timeline (and for Fault) equal to st.
func (s *Session) keepStop(st Stop) Stop {
	if n := len(s.stops); n > 0 && s.stops[n-1].Time == st.Time {
		s.stops[n-1] = st
	}
	return st
}

// backOverTrapEntry lands a reverse run on the moment before the trap the
// session stopped just after, when that trap is caught. A Cortex-M fault
// and an interrupt take no time, so the moment before the trap has the
// time of the handler's first instruction: a search strictly before now
// cannot find it.
func (s *Session) backOverTrapEntry() (Stop, bool) {
	n := len(s.stops)
	if n == 0 {
		return Stop{}, false
	}
	last := s.stops[n-1]
	t := last.Trap
	if last.Reason != ReasonException || t == nil || last.Time != s.tl.Now() || t.Time != last.Time || last.PC == t.PC {
		return Stop{}, false
	}
	if armed, f := s.trapConditions(); !armed || !f.Matches(t.Cause) {
		return Stop{}, false
	}
	if err := s.seekBefore(t.Time); err != nil {
		return s.errorStop(err), true
	}
	st := vm.Stop{Reason: vm.StopTrap, Hart: last.Hart, PC: t.PC, Time: t.Time, Cause: t.Cause, Tval: t.Tval}
	return s.trapStop(st, last.BreakpointIDs), true
}

// seekBefore moves to time t as a replay first reaches it: before a trap
// taken at t that took no time, even when the session stands after it.
func (s *Session) seekBefore(t uint64) error {
	if t == s.tl.Now() && t > s.tl.Start() {
		if err := s.tl.Seek(t - 1); err != nil {
			return err
		}
	}
	return s.tl.Seek(t)
}
