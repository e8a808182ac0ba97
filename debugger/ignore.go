package debugger

import (
	"fmt"
	"slices"
)

// IgnoreBreakpoint makes breakpoint id pass its next count hits after the
// current time (gdb's "ignore"): it becomes a hit condition counting from
// the start of history. A count of 0 removes it.
func (s *Session) IgnoreBreakpoint(id, count int) error {
	b := s.bps.get(id)
	if b == nil {
		return fmt.Errorf("no breakpoint number %d", id)
	}
	if count < 0 {
		return fmt.Errorf("ignore count %d: want 0 or more", count)
	}
	cd := b.Spec.Condition
	cd.HitCondition = ""
	if count > 0 {
		cd.HitCondition = fmt.Sprintf("> %d", b.seen.upTo(s.tl.Now())+uint64(count))
	}
	_, err := s.AmendBreakpoint(id, cd)
	return err
}

// upTo counts the hits seen at or before time t.
func (l *hitLog) upTo(t uint64) uint64 {
	i, _ := slices.BinarySearchFunc(l.keys, hitKey{time: t + 1}, compareHits)
	return l.dropped + uint64(i)
}
