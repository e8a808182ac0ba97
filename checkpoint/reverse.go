package checkpoint

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
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
	return t.ReverseRunWhere(floor, func(Hit) bool { return true })
}

// ReverseRunWhere is ReverseRun that lands on the latest hit visit accepts:
// visit is called with the hits, newest first, until it returns true (a
// hit count counted backwards, say), all in one search.
func (t *Timeline) ReverseRunWhere(floor uint64, visit func(Hit) bool) (st vm.Stop, found bool, err error) {
	origin := t.m.Time()
	floor = max(floor, t.start)
	if floor > origin {
		return vm.Stop{}, false, fmt.Errorf("checkpoint: reverse run to %d, after now (%d)", floor, origin)
	}
	if !t.cond.empty() {
		var h Hit
		h, found, err = t.searchBack(origin, floor, visit)
		st = h.Stop
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
