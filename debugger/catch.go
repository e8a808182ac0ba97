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
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

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
