package debugger

import (
	"slices"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// hitKey names one moment of one hart in a reverse search.
type hitKey struct {
	time uint64
	hart int
}

// arm gives the timeline the current stop conditions. In reverse mode the
// predicate only evaluates conditions (a search may scan a hit several
// times) and notes the results in seekHit; forward, it also counts hits,
// prints log points (only past the end of history, see liveFrom) and
// decides.
func (s *Session) arm(reverse bool) {
	s.reverse = reverse
	if !reverse {
		s.liveFrom = s.tl.End()
	}
	var c checkpoint.Conditions
	s.bps.index()
	addrs := s.bps.addrs
	if len(s.bps.temp) > 0 {
		addrs = slices.Clone(addrs)
		for a := range s.bps.temp {
			addrs = append(addrs, a)
		}
		slices.Sort(addrs)
		addrs = slices.Compact(addrs)
	}
	c.Breakpoints = make([]checkpoint.Breakpoint, len(addrs))
	for i, a := range addrs {
		c.Breakpoints[i] = checkpoint.Breakpoint{Addr: a, Hart: -1}
	}
	for _, b := range s.bps.data {
		c.Watchpoints = append(c.Watchpoints, checkpoint.Watchpoint{Addr: b.Addr, Size: b.Size, Access: b.Access.vmAccess()})
	}
	c.Traps, c.TrapCauses = s.trapConditions()
	c.Predicate, c.Concurrent = s.acceptOn, true // hitsmachine.go
	s.tl.SetConditions(c)
}

// hitResult is what the predicate decided about one hit.
type hitResult struct {
	ids     []int
	temp    bool
	condErr string // the condition error the session had noted at the hit
}

// accept is the timeline's predicate.
func (s *Session) accept(_ *vm.Machine, st vm.Stop) bool {
	var r hitResult
	prevErr := s.condErr
	s.condErr = ""
	defer func() {
		if s.condErr == "" {
			s.condErr = prevErr
		}
	}()
	switch st.Reason {
	case vm.StopBreakpoint:
		r.temp = s.bps.temp[st.PC]
		r.ids = s.take(s.bps.at(st.PC), st)
	case vm.StopWatchpoint:
		r.ids = s.take(s.bps.watching(st.Addr, st.Size, accessOf(st.Access)), st)
	case vm.StopTrap:
		r.ids = s.trapHit(st)
	default:
		return true
	}
	if !r.temp && len(r.ids) == 0 {
		return false
	}
	r.condErr = s.condErr
	if s.reverse {
		s.seekRes[hitKey{st.Time, st.Hart}] = r
	}
	s.lastHit = r
	return true
}

// take returns the IDs of the breakpoints that stop at a hit: condition
// true and, forward, hit condition met (log points print instead). Forward,
// a hit's number counts the hits seen from the start of history.
func (s *Session) take(bs []*Breakpoint, st vm.Stop) []int {
	var ids []int
	hart := st.Hart
	for _, b := range bs {
		if !s.condTrue(b, hart) {
			continue
		}
		if s.reverse {
			if b.stops() {
				ids = append(ids, b.ID)
			}
			continue
		}
		if !b.hit.holds(b.seen.note(hitKey{st.Time, hart})) {
			continue
		}
		if !b.stops() {
			if st.Time > s.liveFrom {
				s.logPoint(b, hart)
			}
			continue
		}
		ids = append(ids, b.ID)
	}
	return ids
}

// condTrue evaluates a breakpoint's condition on hart now; an error counts
// as true (the user is stopped and told).
func (s *Session) condTrue(b *Breakpoint, hart int) bool {
	if !s.funcCondTrue(b, hart) {
		return false
	}
	if b.Condition == "" {
		return true
	}
	fs, err := s.unwind(hart, 1)
	if err != nil || len(fs) == 0 {
		return true
	}
	var v cexpr.Value
	s.readOnly("condition", func() { v, err = fs[0].Evaluate(b.Condition) })
	if err != nil {
		s.condErr = b.Condition + ": " + err.Error()
		return true
	}
	raw, err := v.Load(fs[0].Env())
	if err != nil {
		return true
	}
	for _, x := range raw {
		if x != 0 {
			return true
		}
	}
	return false
}

// logPoint outputs a log point's message. It is called only for hits
// beyond the end history had when the run began (liveFrom): replaying
// recorded history is quiet, as the UART output is.
func (s *Session) logPoint(b *Breakpoint, hart int) {
	fs, _ := s.unwind(hart, 1)
	var f *symbols.Frame
	if len(fs) > 0 {
		f = fs[0]
	}
	var msg string
	s.readOnly("log message", func() { msg = formatLog(b.LogMessage, f) })
	if s.opt.Log != nil {
		s.opt.Log(msg+"\n", s.m.Time())
	}
}
