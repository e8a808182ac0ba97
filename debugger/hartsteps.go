package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// hartSteps is a count that grows with every step hart takes (retired
// instructions plus cycles, so idle steps in WFI count too) and never
// decreases unless the firmware writes the counters.
func (s *Session) hartSteps(hart int) uint64 {
	c, i, _ := s.cpu().stepCounters(s.m.Hart(hart))
	return c + i
}

// lastStepOf finds the moment just before hart's latest step before Now:
// the latest T with hartSteps(T) < hartSteps(Now). found=false means hart
// took no step since the start of history. The timeline is left at an
// arbitrary time.
func (s *Session) lastStepOf(hart int) (t uint64, found bool, err error) {
	want := s.hartSteps(hart)
	return s.latestWhere(1, func(at uint64) (bool, error) {
		if err := s.tl.Seek(at); err != nil {
			return false, fmt.Errorf("looking for hart %d's last step: %w", hart, err)
		}
		return s.hartSteps(hart) < want, nil
	})
}

// latestWhere finds the latest time T before Now at which holds, a
// condition true up to some time and false after it, probing back at
// doubling distances from d and then bisecting: O(log distance) probes.
// found=false when it holds nowhere down to the start of history.
func (s *Session) latestWhere(d uint64, holds func(at uint64) (bool, error)) (t uint64, found bool, err error) {
	now, start := s.tl.Now(), s.tl.Start()
	hi, lo := now, now // invariant once found: holds(lo), !holds(hi)
	for ; ; d *= 2 {
		lo = now - min(d, now-start)
		ok, err := holds(lo)
		if err != nil {
			return 0, false, err
		}
		if ok {
			break
		}
		if lo == start {
			return 0, false, nil
		}
		hi = lo
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		ok, err := holds(mid)
		if err != nil {
			return 0, false, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true, nil
}

// maxStepWait bounds the machine steps a one-instruction step of a hart
// may take while the other harts have their turns.
func (s *Session) maxStepWait() int {
	return (vm.HartQuantum+1)*s.m.Harts() + 64
}
