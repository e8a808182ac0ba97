package checkpoint

import (
	"fmt"
	"sort"

	"github.com/rewind-debugger/rewind/vm"
)

// runTo runs the machine forward until target or a machine stop, keeping
// history consistent on the way:
//   - events of the input log apply on arrival at their stamps;
//   - checkpoint boundaries reset the activity summary, and at the frontier
//     (beyond End) a checkpoint is taken every interval steps;
//   - output is live (recorded, sent to the sink) only beyond End.
//
// One logical run is split into several machine runs at those points;
// skipFirst applies vm's resume semantics until the run has advanced, and
// the later calls report a breakpoint at their first step (vm.RunFrom), so
// a breakpoint exactly at a split point is reported exactly.
func (t *Timeline) runTo(target uint64, skipFirst bool) vm.Stop {
	for {
		now := t.m.Time()
		if err := t.applyDue(now); err != nil {
			return vm.Stop{Reason: vm.StopFatal, Time: now, PC: t.m.Hart(0).PC()}
		}
		if i := t.store.at(now); i >= 0 && t.store.snaps[i].time == now {
			t.resetActivity(now) // a segment starts here
		}
		if now >= t.end && t.final == nil {
			t.frontier(now)
		}
		if now >= target {
			return vm.Stop{Reason: vm.StopLimit, Time: now}
		}
		if now >= t.end && t.final != nil {
			return *t.final
		}
		limit := t.nextBoundary(now, target)
		t.live = now >= t.end
		st := t.m.RunFrom(limit, skipFirst)
		t.live = false
		if t.m.Time() != now {
			skipFirst = false // later calls are split points: report their first step
		}
		if after := t.m.Time(); after > t.end {
			t.end = after
		}
		switch st.Reason {
		case vm.StopLimit:
			continue
		case vm.StopPause:
			if !t.pause.Load() {
				continue // a stale request, made while nothing ran
			}
		case vm.StopIdle:
			if t.cursor < len(t.events) && t.events[t.cursor].Time <= t.m.Time() {
				continue // input due now wakes it (replaying a wait for input)
			}
		case vm.StopExit, vm.StopFatal:
			if t.m.Time() >= t.end {
				fin := st
				t.final = &fin
			}
		}
		return st
	}
}

// nextBoundary is the time the next machine Run must stop at.
func (t *Timeline) nextBoundary(now, target uint64) uint64 {
	limit := target
	if t.cursor < len(t.events) && t.events[t.cursor].Time < limit {
		limit = t.events[t.cursor].Time
	}
	if now < t.end && t.end < limit {
		limit = t.end
	}
	if i := t.store.at(now) + 1; i < len(t.store.snaps) && t.store.snaps[i].time < limit {
		limit = t.store.snaps[i].time
	}
	if now >= t.end {
		if next := (now/t.opt.Interval + 1) * t.opt.Interval; next < limit {
			limit = next
		}
	}
	return limit
}

// applyDue applies the events stamped at or before now not yet applied.
func (t *Timeline) applyDue(now uint64) error {
	for t.cursor < len(t.events) && t.events[t.cursor].Time <= now {
		if err := t.applyEvent(t.cursor); err != nil {
			return err
		}
		t.cursor++
	}
	return nil
}

// frontier runs at the end of history: it takes the checkpoint due at now.
func (t *Timeline) frontier(now uint64) {
	last := t.store.last()
	if now%t.opt.Interval != 0 || now <= last.time {
		return
	}
	if t.actFrom == last.time {
		last.seg = summaryOf(t.m.ActivitySince())
	} else {
		last.seg = summary{}
	}
	t.resetActivity(now)
	t.store.add(&snap{s: t.m.Snapshot(), time: now})
	t.store.thin(now)
}

// restore moves the machine to checkpoint i.
func (t *Timeline) restore(i int) error {
	sn := t.store.snaps[i]
	return t.restoreSnapshot(sn.s, sn.time)
}

// restoreSnapshot moves the machine to a snapshot taken at time.
func (t *Timeline) restoreSnapshot(s *vm.Snapshot, time uint64) error {
	if err := t.m.Restore(s); err != nil {
		return fmt.Errorf("checkpoint: restore time %d: %w", time, err)
	}
	t.resetActivity(time)
	t.cursor = sort.Search(len(t.events), func(j int) bool { return t.events[j].Time > time })
	return nil
}

// resetActivity starts a new activity summary at time now.
func (t *Timeline) resetActivity(now uint64) {
	t.m.ResetActivity()
	t.actFrom = now
}
