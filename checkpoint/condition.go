package checkpoint

import "github.com/rewind-debugger/rewind/vm"

// Breakpoint stops before the instruction at Addr executes, on hart Hart or
// on any hart when Hart is negative.
type Breakpoint struct {
	Addr uint32
	Hart int
}

// Watchpoint stops on an access of kind Access to [Addr, Addr+Size).
type Watchpoint struct {
	Addr, Size uint32
	Access     vm.Access
}

// Conditions are the stop conditions of forward and reverse runs. The
// timeline knows nothing of source code: conditions and hit counts of the
// debugger above are expressed through Predicate.
type Conditions struct {
	Breakpoints []Breakpoint
	Watchpoints []Watchpoint
	// Traps stops when a hart takes a trap (exception or interrupt).
	Traps bool
	// TrapCauses, when set, narrows the trap stops to the causes it selects.
	TrapCauses *TrapFilter
	// TrapFilter, when set with Traps, selects the traps that count by
	// hart and cause (mcause on RISC-V, the exception number on
	// Cortex-M). Reverse searches skip segments whose traps it all rejects,
	// so prefer it to a Predicate that looks at the cause. It must be a
	// pure function of its arguments.
	TrapFilter func(hart int, cause uint32) bool
	// Predicate, when set, is asked at every breakpoint, watchpoint or trap
	// hit; the hit counts only if it returns true. It runs with the machine
	// at the hit: before the instruction for a breakpoint, after the access
	// for a watchpoint, after trap entry for a trap. A reverse search calls
	// it for every hit it scans, in forward order, so it must not rely on
	// being called once per moment.
	Predicate func(m *vm.Machine, st vm.Stop) bool
	// Note, when set, is called at each hit a reverse search accepts, with
	// the machine at the hit; its result is the hit's Note (SearchBack).
	Note func(m *vm.Machine, st vm.Stop) uint64
	// Concurrent says Predicate, Note and TrapFilter look only at the
	// machine and stop they are given and may run on several goroutines
	// at once: a reverse search may then scan several segments at once on
	// twin machines (see vm.Machine.Twin), with the same result. On a
	// twin only what is read through the machine given is the hit's
	// moment: the timeline (its Now, events, output) is not the twin's.
	Concurrent bool
}

func (c *Conditions) empty() bool {
	return len(c.Breakpoints) == 0 && len(c.Watchpoints) == 0 && !c.Traps
}

// arm installs the conditions in the machine.
func (c *Conditions) arm(m *vm.Machine) {
	for _, b := range c.Breakpoints {
		m.SetBreakpoint(b.Addr)
	}
	for _, w := range c.Watchpoints {
		m.SetWatchpoint(w.Addr, w.Size, w.Access)
	}
	m.SetTrapStops(c.Traps)
}

// disarm removes them.
func (c *Conditions) disarm(m *vm.Machine) {
	for _, b := range c.Breakpoints {
		m.ClearBreakpoint(b.Addr)
	}
	for _, w := range c.Watchpoints {
		m.ClearWatchpoint(w.Addr, w.Size, w.Access)
	}
	m.SetTrapStops(false)
}

// accepts reports whether a machine stop is a hit of these conditions
// (right hart for a breakpoint, predicate true).
func (c *Conditions) accepts(m *vm.Machine, st vm.Stop) bool {
	switch st.Reason {
	case vm.StopBreakpoint:
		if !c.breakpointAt(st.Hart, st.PC) {
			return false
		}
	case vm.StopTrap:
		if !c.TrapCauses.Matches(st.Cause) || c.TrapFilter != nil && !c.TrapFilter(st.Hart, st.Cause) {
			return false
		}
	case vm.StopWatchpoint:
	default:
		return false
	}
	return c.Predicate == nil || c.Predicate(m, st)
}

// breakpointAt reports whether a breakpoint applies to hart h at pc.
func (c *Conditions) breakpointAt(h int, pc uint32) bool {
	for _, b := range c.Breakpoints {
		if b.Addr == pc && (b.Hart < 0 || b.Hart == h) {
			return true
		}
	}
	return false
}
