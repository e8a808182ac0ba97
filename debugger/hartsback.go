package debugger

import "fmt"

// hartCycles is hart's cycle counter (cpu.stepCounters): one more for
// each of its steps (an instruction or a trap entry) while the firmware
// leaves it alone.
func (s *Session) hartCycles(hart int) uint64 {
	c, _, _ := s.cpu().stepCounters(s.m.Hart(hart))
	return c
}

// hartStepsBack finds the moment before hart's nth latest step, on a board
// with several harts: the latest time whose cycle counter is n less than now,
// found by probing back at doubling distances and bisecting (O(log n)
// seeks). ok=false when the counter cannot tell (the firmware inhibits or
// wrote it): the caller steps one at a time. start=true when hart took
// fewer than n steps in all (the time is then the start of history). The
// timeline is left anywhere.
func (s *Session) hartStepsBack(hart int, n uint64) (t uint64, start, ok bool, err error) {
	if _, _, ok := s.cpu().stepCounters(s.m.Hart(hart)); !ok {
		return 0, false, false, nil
	}
	first := s.tl.Start()
	have := s.hartCycles(hart)
	if have < n {
		return first, true, true, nil
	}
	want := have - n
	cycles := func(at uint64) (uint64, error) {
		if err := s.tl.Seek(at); err != nil {
			return 0, fmt.Errorf("counting hart %d's steps back: %w", hart, err)
		}
		return s.hartCycles(hart), nil
	}
	t, found, err := s.latestWhere(n, func(at uint64) (bool, error) {
		c, err := cycles(at)
		return c <= want, err
	})
	if err != nil || !found { // !found: the firmware wrote the counter
		return first, false, false, err
	}
	c, err := cycles(t)
	return t, false, err == nil && c == want, err
}
