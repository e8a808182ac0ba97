package checkpoint

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// maxHits is how many hits a scan records before it skips ahead (rr's
// bound on work in segments that hit often).
const maxHits = 20

// firstWindow is the size of the first window searched back from Now; each
// following window is windowGrowth times larger, so the cost of finding a
// hit is proportional to its distance, not to the checkpoint spacing.
const (
	firstWindow  = 256
	windowGrowth = 8
)

// ReverseContinue moves back to the most recent moment before Now at which
// a stop condition held, and returns that hit with found=true. A breakpoint
// hit is the moment before the instruction executes; a watchpoint or trap
// hit is the moment before the instruction that made the access or trapped
// (its Stop.Time), so the old value is visible and one step forward performs
// it. With no earlier hit it moves to Start and returns found=false. Paused,
// it returns ErrPaused and stays at Now. A Pause made before this call is
// dropped (it calls ClearPause first).
func (t *Timeline) ReverseContinue() (st vm.Stop, found bool, err error) {
	t.ClearPause()
	return t.ReverseRun(t.start)
}

// ReverseRun is ReverseContinue with a time limit: it searches only after
// floor and, finding no hit, moves to floor (returning StopLimit there).
// Unlike ReverseContinue it keeps a pending Pause (returning ErrPaused
// at once), so a caller that checks for pauses itself calls ClearPause
// before its check and no Pause made in between is lost.
func (t *Timeline) ReverseRun(floor uint64) (st vm.Stop, found bool, err error) {
	origin := t.m.Time()
	floor = max(floor, t.start)
	if floor > origin {
		return vm.Stop{}, false, fmt.Errorf("checkpoint: reverse run to %d, after now (%d)", floor, origin)
	}
	if !t.cond.empty() {
		st, found, err = t.searchBack(origin, floor)
	}
	if err != nil {
		if serr := t.seek(origin); serr != nil {
			return vm.Stop{}, false, serr
		}
		return vm.Stop{}, false, err
	}
	target := floor
	if found {
		target = st.Time
	} else {
		st = vm.Stop{Reason: vm.StopLimit, Time: floor}
	}
	if err := t.seek(target); err != nil {
		return vm.Stop{}, false, err
	}
	return st, found, nil
}

// ClearPause forgets a pending Pause request. Safe from any goroutine.
func (t *Timeline) ClearPause() {
	t.pause.Store(false)
	t.m.ClearPause()
}

// searchBack finds the last hit strictly before T, searching windows of
// growing size back from T inside its segment, then whole segments going
// back, skipping those whose summary rules out a hit.
func (t *Timeline) searchBack(T, floor uint64) (vm.Stop, bool, error) {
	exec, write, canSkip := t.cond.pages(t.ramLo, t.ramSz)
	total, done := T-floor, uint64(0)
	progress := func(n uint64) {
		done += n
		if t.opt.Progress != nil {
			t.opt.Progress(done, total)
		}
	}
	hi := T
	first := true
	for hi > floor {
		if t.pause.Load() {
			return vm.Stop{}, false, ErrPaused
		}
		sn := t.store.snaps[t.store.before(hi)]
		segStart := max(sn.time, floor)
		if canSkip && sn.seg.known && !sn.seg.mayHit(exec, write) {
			progress(hi - segStart)
			hi, first = segStart, false
			continue
		}
		lo := segStart
		if first && hi-lo > firstWindow {
			lo = window(T, hi, segStart)
		}
		st, found, err := t.searchRange(lo, hi)
		if err != nil || found {
			return st, found, err
		}
		progress(hi - lo)
		if lo == segStart {
			first = false
		}
		hi = lo
	}
	return vm.Stop{}, false, nil
}

// window returns the start of the next window back from hi, no earlier
// than floor: the window is firstWindow steps when hi is the origin T of the
// search and grows geometrically with the distance already searched.
func window(T, hi, floor uint64) uint64 {
	w := uint64(firstWindow)
	for dist := T - hi; w <= dist && w < hi-floor; {
		w *= windowGrowth
	}
	if hi-floor <= w {
		return floor
	}
	return hi - w
}

// searchRange scans [lo, hi) forward with the conditions armed and returns
// the last hit whose time is before hi. After maxHits hits it runs to the
// middle of what is left with stops off and searches the later half first.
func (t *Timeline) searchRange(lo, hi uint64) (vm.Stop, bool, error) {
	if err := t.seek(lo); err != nil {
		return vm.Stop{}, false, err
	}
	t.arm()
	var best vm.Stop
	found, count, skip := false, 0, false
	for {
		if t.pause.Load() {
			return vm.Stop{}, false, ErrPaused
		}
		st := t.runTo(hi, skip)
		switch st.Reason {
		case vm.StopBreakpoint:
			skip = true
		case vm.StopWatchpoint, vm.StopTrap:
			skip = false
		case vm.StopPause:
			continue
		default:
			return best, found, nil
		}
		if st.Time >= hi || !t.cond.accepts(t.m, st) {
			continue
		}
		best, found = st, true
		if count++; count > maxHits && hi-t.m.Time() > 2*firstWindow {
			return t.splitSearch(best, hi)
		}
	}
}

// splitSearch continues a scan that hit too often: from Now (p), it skips
// to the middle of [p, hi), searches the later half, and only if that holds
// no hit searches [p, mid). best is the last hit before p.
func (t *Timeline) splitSearch(best vm.Stop, hi uint64) (vm.Stop, bool, error) {
	p := t.m.Time()
	mid := p + (hi-p)/2
	if err := t.seek(mid); err != nil {
		return vm.Stop{}, false, err
	}
	if st, found, err := t.searchRange(mid, hi); err != nil || found {
		return st, found, err
	}
	if st, found, err := t.searchRange(p, mid); err != nil || found {
		return st, found, err
	}
	return best, true, nil
}
