package debugger

import "github.com/rewind-debugger/rewind/checkpoint"

// EventKind selects the traps an events query lists.
type EventKind int

// Event kinds.
const (
	EventAnyTrap   EventKind = iota // interrupts and exceptions
	EventInterrupt                  // interrupts (asynchronous traps)
	EventException                  // synchronous traps
)

// EventFilter selects traps: a kind and, when Code is not negative, the
// cause as users number it (TrapEvent.Code).
type EventFilter struct {
	Kind EventKind
	Code int
}

// matches reports whether a trap with this cause is selected, in the
// trap architecture ta (the code is the cause without RISC-V's interrupt
// bit; on Cortex-M the exception number).
func (f EventFilter) matches(ta traps, cause uint32) bool {
	irq := ta.interrupt(cause)
	switch {
	case f.Kind == EventInterrupt && !irq, f.Kind == EventException && irq:
		return false
	}
	return f.Code < 0 || uint32(f.Code) == ta.code(cause)
}

// causes are the cause ranges of the filter's kind (nil: every trap), so
// that a summary of the traps taken can rule segments out.
func (f EventFilter) causes(ta traps) *checkpoint.TrapFilter {
	switch f.Kind {
	case EventInterrupt:
		return &checkpoint.TrapFilter{Ranges: ta.interrupts()}
	case EventException:
		return &checkpoint.TrapFilter{Ranges: ta.exceptions()}
	}
	return nil
}

// TrapEvent is one trap taken.
type TrapEvent struct {
	// Time is the moment before the trap entry (seek there to see the
	// interrupted state; one step later the handler's first instruction).
	Time     uint64
	Hart     int
	PC       uint32 // where the trap was taken
	Function string
	File     string
	Line     int
	Cause    uint32 // the cause as vm stops report it (RISC-V mcause, Cortex-M exception number)
	Tval     uint32 // RISC-V mtval
	Name     string // the cause's name
	// Interrupt marks an asynchronous trap; Code is the cause as users
	// number it (a RISC-V mcause without its interrupt bit; on Cortex-M the
	// exception number).
	Interrupt bool
	Code      uint32
}

// TrapEvents is the answer of QueryEvents.
type TrapEvents struct {
	QueryInfo
	Events []TrapEvent
}

// QueryEvents lists every trap the filter selects over the whole history,
// oldest first (a page, with the count). The answer for each filter and
// page is kept (see eventsCache): when the history has only grown since,
// just the new stretch is searched, so a timeline that asks after every
// step costs time proportional to what happened since.
func (s *Session) QueryEvents(f EventFilter, p QueryPage) (TrapEvents, error) {
	var out TrapEvents
	err := s.query(func() error {
		key := eventsKey{f: f, limit: p.limit(), last: p.Last}
		old, floor := s.events.since(key, s.historyID(), s.tl.End())
		if floor == s.tl.End() && old != nil {
			out = *old
			return nil
		}
		// A trap filter, not a predicate: the search skips the segments
		// whose summary holds no selected trap, and scans the others on
		// several cores.
		ta := s.traps()
		c := checkpoint.Conditions{Traps: true, Concurrent: true, TrapCauses: f.causes(ta),
			TrapFilter: func(_ int, cause uint32) bool { return f.matches(ta, cause) }}
		hits, info, err := s.searchSince(c, floor, p)
		if err != nil {
			return err
		}
		out.QueryInfo = info
		for _, h := range hits {
			e := TrapEvent{Time: h.Time, Hart: h.Hart, PC: h.PC, Cause: h.Cause, Tval: h.Tval, Name: ta.name(h.Cause),
				Interrupt: ta.interrupt(h.Cause), Code: ta.code(h.Cause)}
			e.Function, e.File, e.Line = s.placeOf(h.PC)
			out.Events = append(out.Events, e)
		}
		if old != nil {
			out = old.joined(out, key.limit)
		}
		s.events.keep(key, s.historyID(), out)
		return nil
	})
	return out, err
}
