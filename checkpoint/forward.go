package checkpoint

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// Forever is a time limit that never comes.
const Forever = ^uint64(0)

// Run runs forward from Now with the stop conditions armed until a hit
// (Reason breakpoint, watchpoint or trap), the time limit (StopLimit), the
// end of the guest (StopExit, StopFatal: also when Now is already there), an
// idle machine waiting for input (StopIdle), or Pause (StopPause). Through
// history it re-executes silently; past End it extends history, taking
// checkpoints and sending output to the live sink. A breakpoint at Now
// itself is not reported (resume semantics). After a watchpoint or trap hit
// the machine is after the instruction that caused it.
func (t *Timeline) Run(limit uint64) vm.Stop {
	t.m.ClearPause() // a Pause made before this call is dropped
	t.pause.Store(false)
	if !t.cond.empty() {
		t.arm()
	}
	skip := true
	for {
		st := t.runTo(limit, skip)
		switch st.Reason {
		case vm.StopBreakpoint, vm.StopWatchpoint, vm.StopTrap:
			if t.cond.accepts(t.m, st) {
				return st
			}
			skip = st.Reason == vm.StopBreakpoint
		default:
			return st
		}
	}
}

// Seek moves to time target in [Start, End]: it restores the nearest
// checkpoint at or before target and re-executes up to it (or runs forward
// from Now when that is nearer). The machine state is then exactly what it
// was the first time history passed target.
func (t *Timeline) Seek(target uint64) error {
	if target < t.start || target > t.end {
		return fmt.Errorf("checkpoint: seek to %d outside history [%d, %d]", target, t.start, t.end)
	}
	return t.seek(target)
}

// StepBack moves n steps back (stopping at Start). It reports false when
// Now was already at Start.
func (t *Timeline) StepBack(n uint64) (bool, error) {
	now := t.m.Time()
	if now <= t.start {
		return false, nil
	}
	target := t.start
	if now-t.start > n {
		target = now - n
	}
	return true, t.seek(target)
}

// SeekPausable is Seek that Pause interrupts (a pending one too): it then
// returns ErrPaused with the machine where the replay got to, a moment of
// history between the checkpoint it restored and target.
func (t *Timeline) SeekPausable(target uint64) error {
	if target < t.start || target > t.end {
		return fmt.Errorf("checkpoint: seek to %d outside history [%d, %d]", target, t.start, t.end)
	}
	return t.seekWith(target, true)
}

func (t *Timeline) seek(target uint64) error { return t.seekWith(target, false) }

// seekWith moves to target; pausable lets Pause interrupt the replay.
func (t *Timeline) seekWith(target uint64, pausable bool) error {
	t.disarm()
	if pausable && t.pause.Load() {
		return ErrPaused
	}
	from, err := t.restoreFor(target)
	if err != nil {
		return err
	}
	for _, p := range cachePoints(from, target, t.opt.Interval) {
		if err := t.replayTo(p, pausable); err != nil {
			return err
		}
		t.cache.add(t.m.Snapshot(), p)
	}
	return t.replayTo(target, pausable)
}

// restoreFor restores the latest checkpoint (regular or cached) at or
// before target, unless running on from Now is as good; it returns the time
// the machine is then at.
func (t *Timeline) restoreFor(target uint64) (uint64, error) {
	now := t.m.Time()
	i := t.store.at(target)
	if i < 0 {
		return 0, fmt.Errorf("checkpoint: no checkpoint before time %d", target)
	}
	best := t.store.snaps[i].time
	c := t.cache.at(target)
	if c != nil && c.time > best {
		best = c.time
	}
	if target >= now && best <= now {
		return now, nil
	}
	if c != nil && c.time == best {
		return best, t.restoreSnapshot(c.s, c.time)
	}
	return best, t.restore(i)
}

// replayTo runs forward with stops off to target, which must be in
// history; pausable, it returns ErrPaused on Pause.
func (t *Timeline) replayTo(target uint64, pausable bool) error {
	for {
		st := t.runTo(target, true)
		if st.Reason == vm.StopPause {
			if pausable && t.pause.Load() {
				return ErrPaused
			}
			continue
		}
		ended := st.Reason == vm.StopExit || st.Reason == vm.StopFatal
		if (st.Reason != vm.StopLimit && !ended) || t.m.Time() != target {
			return fmt.Errorf("checkpoint: replay diverged: seeking %d stopped at %d (%v, pc %#x)",
				target, t.m.Time(), st.Reason, st.PC)
		}
		return nil
	}
}
