package debugger

// Finding the fault registers of a trap: just after its entry, where the
// session may not stand (a reverse stop is before the trap; a report is
// asked for later).

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// latestFault finds the newest trap into a fault handler at or before
// now: one taken at now itself (run into from the moment before it), else
// by a search back, reading the fault registers where it was taken. The
// session is left anywhere (see query).
func (s *Session) latestFault(now uint64) (*FaultReport, error) {
	if err := s.seekBefore(now); err != nil {
		return nil, err
	}
	faults := s.faultCauses()
	s.tl.SetConditions(checkpoint.Conditions{Traps: true, TrapCauses: faults})
	if st := s.tl.Run(now + 1); st.Reason == vm.StopTrap && st.Time == now {
		regs, ok := s.m.Hart(st.Hart).FaultRegisters()
		return s.faultReport(st, regs, ok), nil
	}
	if err := s.seekBefore(now); err != nil {
		return nil, err
	}
	ta := s.traps()
	type taken struct {
		regs vm.FaultRegisters
		ok   bool
	}
	seen := map[hitKey]taken{}
	c := checkpoint.Conditions{Traps: true, TrapCauses: faults,
		Predicate: func(m *vm.Machine, st vm.Stop) bool {
			if !ta.fault(st.Cause) {
				return false
			}
			regs, ok := m.Hart(st.Hart).FaultRegisters()
			seen[hitKey{st.Time, st.Hart}] = taken{regs, ok}
			return true
		}}
	h, found, err := s.tl.SearchBack(c, s.tl.Start(), func(checkpoint.Hit) bool { return true })
	if errors.Is(err, checkpoint.ErrPaused) {
		s.ClearPause()
		return nil, errors.New("the search for the last fault was paused")
	}
	if err != nil || !found {
		return nil, err
	}
	t := seen[hitKey{h.Time, h.Hart}]
	return s.faultReport(h.Stop, t.regs, t.ok), nil
}

// reenterTrap takes again the trap at time now that the session stood
// just after: the query that returned to now stopped before that trap
// (a Cortex-M fault or an interrupt takes no time, so both moments are
// now), and a report must not move the session.
func (s *Session) reenterTrap(now uint64) error {
	s.tl.SetConditions(checkpoint.Conditions{Traps: true})
	st := s.tl.Run(now + 1)
	s.arm(false)
	if st.Reason != vm.StopTrap || st.Time != now {
		if err := s.tl.Seek(now); err != nil {
			return err
		}
		return fmt.Errorf("returning to the trap entry at time %d: stopped by %v at %d", now, st.Reason, st.Time)
	}
	s.cache = frameCache{}
	return nil
}

// trapFault is the fault report of a trap or fatal stop st (nil when
// st is no fault). Forward, the machine is just after the trap entry and
// the fault registers are read there; at a reverse stop it is before the
// faulting instruction, so it runs forward into the trap, reads them and
// comes back.
func (s *Session) trapFault(st vm.Stop) *FaultReport {
	if !s.traps().fault(st.Cause) {
		return nil
	}
	if !s.reverse || st.Reason == vm.StopFatal {
		regs, ok := s.m.Hart(st.Hart).FaultRegisters()
		return s.faultReport(st, regs, ok)
	}
	regs, ok, err := s.regsAfterTrap(st)
	if err != nil {
		slog.Warn("reading the fault registers", "time", st.Time, "err", err)
	}
	return s.faultReport(st, regs, ok)
}

// regsAfterTrap reads the fault registers just after the trap st, which
// the session stands just before.
func (s *Session) regsAfterTrap(st vm.Stop) (vm.FaultRegisters, bool, error) {
	now := s.tl.Now()
	s.tl.SetConditions(checkpoint.Conditions{Traps: true,
		TrapCauses: &checkpoint.TrapFilter{Ranges: one(st.Cause)}})
	hit := s.tl.Run(now + 1)
	var regs vm.FaultRegisters
	_, ok := s.m.Hart(st.Hart).FaultRegisters() // whether the CPU has them
	found := hit.Reason == vm.StopTrap && hit.Time == st.Time
	if found {
		regs, ok = s.m.Hart(st.Hart).FaultRegisters()
	}
	s.arm(s.reverse)
	if err := s.seekBefore(now); err != nil {
		return regs, ok, err
	}
	if !found {
		return regs, ok, fmt.Errorf("no trap at time %d (%v)", st.Time, hit.Reason)
	}
	return regs, ok, nil
}
