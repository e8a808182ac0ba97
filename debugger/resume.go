package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// Continue runs forward until a breakpoint, data breakpoint or trap
// filter stops it (with condition and hit count met), the guest exits or
// halts, or Pause.
func (s *Session) Continue() Stop {
	s.begin()
	return s.runForward(checkpoint.Forever)
}

// runForward runs with the armed conditions up to limit.
func (s *Session) runForward(limit uint64) Stop {
	s.arm(false)
	s.lastHit = hitResult{}
	s.condErr = ""
	st := s.runFor(limit)
	if out, ok := s.machineStop(st); ok {
		return out
	}
	if st.Reason == vm.StopLimit {
		return s.stopHere(ReasonStep, st.Hart, "")
	}
	return s.hitStop(st, s.lastHit.ids, s.lastHit.temp)
}

// hitStop describes a breakpoint, watchpoint or trap hit.
func (s *Session) hitStop(st vm.Stop, ids []int, temp bool) Stop {
	if len(ids) == 0 && temp {
		return s.stopHere(ReasonStep, st.Hart, "")
	}
	if st.Reason == vm.StopTrap {
		return s.trapStop(st, ids)
	}
	reason, desc := ReasonBreakpoint, ""
	if b := s.byID(ids); b != nil {
		switch b.Kind {
		case KindFunction:
			reason = ReasonFunction
		case KindInstruction:
			reason = ReasonInstruction
		case KindData:
			reason = ReasonData
			desc = fmt.Sprintf("%s by the instruction at %#x", b.Message, st.PC)
		}
	}
	if s.condErr != "" {
		desc = "condition error: " + s.condErr
	}
	out := s.stopHere(reason, st.Hart, desc)
	out.BreakpointIDs = ids
	s.noteHits(&out)
	return out
}

// byID finds the first breakpoint of ids.
func (s *Session) byID(ids []int) *Breakpoint {
	if len(ids) == 0 {
		return nil
	}
	return s.bps.get(ids[0])
}

// ReverseContinue runs backwards to the latest earlier moment at which a
// breakpoint, data breakpoint (before the access) or trap filter stops,
// with conditions evaluated there and hit counts counted backwards from
// now. With none it stops at the start of history.
func (s *Session) ReverseContinue() Stop {
	s.begin()
	return s.runBackward(s.tl.Start())
}

// runBackward searches back to floor.
func (s *Session) runBackward(floor uint64) Stop {
	s.arm(true)
	defer s.arm(false)
	s.bps.each(func(b *Breakpoint) { b.back = 0 })
	s.condErr = ""
	if s.pausing() {
		s.ClearPause()
		return s.stopHere(ReasonPause, s.hart, "paused")
	}
	if st, ok := s.backOverTrapEntry(); ok {
		return st
	}
	// One search: hits are visited newest first and counted backwards
	// until one stops (its result is taken from seekRes as it is visited).
	s.seekRes = map[hitKey]hitResult{}
	var ids []int
	var temp bool
	st, found, err := s.tl.ReverseRunWhere(floor, func(h checkpoint.Hit) bool {
		k := hitKey{h.Time, h.Hart}
		r := s.seekRes[k]
		delete(s.seekRes, k)
		var ok bool
		ids, ok = s.countBack(r)
		temp = r.temp
		if ok || r.temp {
			s.condErr = r.condErr // this hit's, whatever was scanned after it
		}
		return ok || r.temp
	})
	switch {
	case errors.Is(err, checkpoint.ErrPaused):
		s.ClearPause()
		return s.stopHere(ReasonPause, s.hart, "paused")
	case err != nil:
		return s.errorStop(fmt.Errorf("reverse search: %w", err))
	case !found:
		return s.startStop(floor)
	}
	return s.hitStop(st, ids, temp)
}

// countBack applies hit conditions to a reverse hit.
func (s *Session) countBack(r hitResult) ([]int, bool) {
	var ids []int
	for _, id := range r.ids {
		if id == 0 {
			ids = append(ids, 0)
			continue
		}
		b := s.byID([]int{id})
		if b == nil {
			continue
		}
		b.back++
		if b.hit.holds(b.back) {
			ids = append(ids, id)
		}
	}
	return ids, len(ids) > 0
}

// startStop reports reaching the floor of a backward run.
func (s *Session) startStop(floor uint64) Stop {
	if floor <= s.tl.Start() {
		return s.stopHere(ReasonStartOfHistory, s.hart,
			"reached the start of history: nothing earlier to go back to")
	}
	return s.stopHere(ReasonStep, s.hart, "")
}
