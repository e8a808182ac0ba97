package checkpoint

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// Bounds of the reverse search (see searchBack).
const (
	// firstWindow is the size of the first window searched back from the
	// origin; later windows grow by windowGrowth while they are no larger
	// than the distance already searched, so finding a hit costs time
	// proportional to its distance, not to the checkpoint spacing.
	firstWindow  = 256
	windowGrowth = 8
	// searchCap is how many hits a scan of one range holds before it
	// splits the range and searches the later half first (rr's bound on
	// the work in stretches that hit often); ranges of at most minSplit
	// steps are scanned whole.
	searchCap = 64
	minSplit  = 2 * firstWindow
)

// Hit is one moment a reverse search met: a stop of its conditions that
// the predicate accepted (for a watchpoint or a trap, Time is before the
// instruction that made the access or trapped), and what the conditions'
// Note function noted there.
type Hit struct {
	vm.Stop
	Note uint64
}

// SearchBack is the timeline's reverse search: it visits the hits of c
// strictly before Now and at or after floor, newest first, until visit
// returns true, and returns that hit with found=true. The search holds at
// most a few hundred hits at a time, skips the segments whose summary rules
// out every condition, and costs time proportional to the distance from Now
// to the hit visit chooses. It stops with ErrPaused on Pause (a pending one
// too: see ReverseRun). The stop conditions set with SetConditions are
// kept; the machine is left anywhere in [floor, Now] (seek afterwards).
func (t *Timeline) SearchBack(c Conditions, floor uint64, visit func(Hit) bool) (Hit, bool, error) {
	origin := t.m.Time()
	floor = max(floor, t.start)
	if floor > origin {
		return Hit{}, false, fmt.Errorf("checkpoint: reverse search to %d, after now (%d)", floor, origin)
	}
	saved := t.cond
	t.SetConditions(c)
	defer t.SetConditions(saved)
	if c.empty() {
		return Hit{}, false, nil
	}
	return t.searchBack(origin, floor, visit)
}

// searchBack visits the hits before T, newest first: it searches windows
// growing back from T (see window), skipping at once the rest of a segment
// whose summary rules out a hit.
func (t *Timeline) searchBack(T, floor uint64, visit func(Hit) bool) (Hit, bool, error) {
	need := t.cond.needs(t.ramLo, t.ramSz)
	t.forgetTwins()
	total, done := T-floor, uint64(0)
	progress := func(n uint64) {
		done += n
		if t.opt.Progress != nil {
			t.opt.Progress(done, total)
		}
	}
	for hi := T; hi > floor; {
		if t.pause.Load() {
			return Hit{}, false, ErrPaused
		}
		sn := t.store.snaps[t.store.before(hi)]
		segStart := max(sn.time, floor)
		if !sn.seg.mayHit(&need) {
			progress(hi - segStart)
			hi = segStart
			continue
		}
		lo := window(T, hi, segStart)
		if n := t.scanners(); n > 1 && lo == segStart && segStart > floor {
			spans, next := t.candidates(t.store.before(hi), segStart, hi, floor, n, &need)
			if len(spans) > 1 {
				h, found, err := t.visitParallel(spans, visit)
				if err != nil || found {
					return h, found, err
				}
				progress(hi - next)
				hi = next
				continue
			}
		}
		h, found, err := t.visitRange(lo, hi, visit)
		if err != nil || found {
			return h, found, err
		}
		progress(hi - lo)
		hi = lo
	}
	return Hit{}, false, nil
}

// visitParallel scans the spans (newest first) at once and visits their
// hits newest first, as visitRange would one span after the other.
func (t *Timeline) visitParallel(spans []span, visit func(Hit) bool) (Hit, bool, error) {
	hits, err := t.scanParallel(spans)
	if err != nil {
		return Hit{}, false, err
	}
	for _, hs := range hits {
		for i := len(hs) - 1; i >= 0; i-- {
			if visit(hs[i]) {
				return hs[i], true, nil
			}
		}
	}
	return Hit{}, false, nil
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

// visitRange visits the hits in [lo, hi) newest first. A range holding more
// than searchCap hits is not held whole: the scan stops at the hit that
// exceeds the cap (time p), the later part [p, hi) is searched first in
// halves, and the hits kept from [lo, p) are visited last.
func (t *Timeline) visitRange(lo, hi uint64, visit func(Hit) bool) (Hit, bool, error) {
	limit := searchCap
	if hi-lo <= minSplit {
		limit = 0 // short: hold every hit (at most a few per step)
	}
	hits, p, err := t.scanRange(lo, hi, limit)
	if err != nil {
		return Hit{}, false, err
	}
	if p < hi {
		mid := p + (hi-p)/2
		if h, found, err := t.visitRange(mid, hi, visit); err != nil || found {
			return h, found, err
		}
		if mid > p {
			if h, found, err := t.visitRange(p, mid, visit); err != nil || found {
				return h, found, err
			}
		}
	}
	for i := len(hits) - 1; i >= 0; i-- {
		if visit(hits[i]) {
			return hits[i], true, nil
		}
	}
	return Hit{}, false, nil
}

// scanRange replays [lo, hi) forward with the conditions armed and returns
// the accepted hits before hi, oldest first, and the time the scan covered
// up to (hi when whole). With limit > 0 it stops at the hit that would be
// the limit+1st and returns the hits before that hit's time.
func (t *Timeline) scanRange(lo, hi uint64, limit int) ([]Hit, uint64, error) {
	if err := t.seek(lo); err != nil {
		return nil, 0, err
	}
	t.arm()
	var hits []Hit
	skip := false
	for {
		if t.pause.Load() {
			return nil, 0, ErrPaused
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
			return hits, hi, nil
		}
		if st.Time >= hi || !t.cond.accepts(t.m, st) {
			continue
		}
		if limit > 0 && len(hits) == limit && st.Time > lo {
			for len(hits) > 0 && hits[len(hits)-1].Time >= st.Time {
				hits = hits[:len(hits)-1] // they are rescanned from st.Time
			}
			return hits, st.Time, nil
		}
		h := Hit{Stop: st}
		if t.cond.Note != nil {
			h.Note = t.cond.Note(t.m, st)
		}
		hits = append(hits, h)
	}
}
