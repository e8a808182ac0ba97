package checkpoint

import (
	"fmt"
	"runtime"
	"sort"
	"sync"

	"github.com/rewind-debugger/rewind/vm"
)

// maxScanners bounds the goroutines a reverse search scans segments with.
const maxScanners = 4

// twinChunk bounds one run of a twin, so that it sees a Pause soon.
const twinChunk = 1 << 20

// twin is a machine of the same board that scans segments of the history
// alongside the timeline's own; when ok, it is at history time at (and
// cursor is its place in the input log), so a scan starting there goes on
// without a restore. ok holds only within one search.
type twin struct {
	m      *vm.Machine
	at     uint64
	ok     bool
	cursor int
}

// span is a stretch [lo, hi) of history starting at checkpoint snap.
type span struct {
	lo, hi uint64
	snap   int
}

// scanners is how many segments a search may scan at once: one per core
// (at most maxScanners), 1 when the conditions' functions need the
// timeline's own machine or semihosting may touch host files.
func (t *Timeline) scanners() int {
	n := min(runtime.GOMAXPROCS(0), maxScanners)
	if t.scanN > 0 {
		n = t.scanN
	}
	if n < 2 || !t.cond.Concurrent || t.m.Config().SemihostDir != "" {
		return 1
	}
	return n
}

// SetScanners sets how many segments a search may scan at once (0: one per
// core, at most 4; 1: the timeline's machine alone), so that tests and
// benchmarks can compare parallel and sequential searches on any machine.
func (t *Timeline) SetScanners(n int) { t.scanN = max(n, 0) }

// candidates returns up to n whole segments that may hold a hit, newest
// first, the first being [segStart, hi) of checkpoint i, going back no
// further than floor; and where the search goes on after them.
func (t *Timeline) candidates(i int, segStart, hi, floor uint64, n int, need *needs) ([]span, uint64) {
	out := []span{{lo: segStart, hi: hi, snap: i}}
	next := segStart
	for k := i - 1; k >= 0 && len(out) < n && next > floor; k-- {
		sn := t.store.snaps[k]
		lo := max(sn.time, floor)
		if sn.seg.mayHit(need) {
			out = append(out, span{lo: lo, hi: next, snap: k})
		}
		next = lo
	}
	return out, next
}

// scanParallel scans the spans at once, the first on the timeline's own
// machine and each other one on a twin, and returns their hits, each
// list oldest first. Results equal those of scanning them one by one.
func (t *Timeline) scanParallel(spans []span) ([][]Hit, error) {
	groups := make([][]span, len(spans))
	for k := range spans {
		groups[k] = spans[k : k+1]
	}
	return t.scanGroups(groups)
}

// scanGroups scans each group of spans in order on one machine, the
// groups at once (the first on the timeline's machine, the others on
// twins), and returns each group's hits, oldest first.
func (t *Timeline) scanGroups(groups [][]span) ([][]Hit, error) {
	if err := t.ensureTwins(len(groups) - 1); err != nil {
		return nil, err
	}
	hits := make([][]Hit, len(groups))
	errs := make([]error, len(groups))
	var wg sync.WaitGroup
	for k := 1; k < len(groups); k++ {
		wg.Go(func() {
			tw := t.twins[k-1]
			defer func() { // a condition that panics on a twin fails the search, not the process
				if r := recover(); r != nil {
					tw.ok = false // its position is unknown: restored before its next scan
					hits[k], errs[k] = nil, fmt.Errorf("scan on a twin machine: panic: %v", r)
				}
			}()
			hits[k], errs[k] = scanGroup(groups[k], func(sp span) ([]Hit, error) { return t.scanOnTwin(tw, sp) })
		})
	}
	func() {
		defer wg.Wait() // even when group 0 panics: no twin outlives the search
		hits[0], errs[0] = scanGroup(groups[0], func(sp span) ([]Hit, error) {
			hs, _, err := t.scanRange(sp.lo, sp.hi, 0)
			return hs, err
		})
	}()
	for _, g := range groups[1:] {
		t.twinScans += len(g)
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return hits, nil
}

// scanGroup scans spans in order and returns their hits, oldest first.
func scanGroup(spans []span, scan func(span) ([]Hit, error)) ([]Hit, error) {
	var out []Hit
	for _, sp := range spans {
		hs, err := scan(sp)
		if err != nil {
			return nil, err
		}
		out = append(out, hs...)
	}
	return out, nil
}

// ensureTwins makes n twin machines of the timeline's machine.
func (t *Timeline) ensureTwins(n int) error {
	for len(t.twins) < n {
		m, err := t.m.Twin()
		if err != nil {
			return err
		}
		t.twins = append(t.twins, &twin{m: m})
	}
	return nil
}

// forgetTwins marks every twin's position unknown (a new search).
func (t *Timeline) forgetTwins() {
	for _, tw := range t.twins {
		tw.ok = false
	}
}

// scanOnTwin replays span s on a twin machine with the conditions armed
// and returns the accepted hits before s.hi, oldest first (as scanRange
// does on the timeline's machine). Pause stops it with ErrPaused.
func (t *Timeline) scanOnTwin(tw *twin, s span) (hits []Hit, err error) {
	m := tw.m
	if sn := t.store.snaps[s.snap]; !tw.ok || tw.at > s.lo || sn.time > tw.at {
		if err := m.Restore(sn.s); err != nil {
			return nil, fmt.Errorf("checkpoint: twin restore time %d: %w", sn.time, err)
		}
		tw.cursor = sort.Search(len(t.events), func(j int) bool { return t.events[j].Time > sn.time })
	}
	tw.ok = false
	if err := t.twinReplay(m, &tw.cursor, s.lo); err != nil {
		return nil, err
	}
	t.cond.arm(m)
	defer t.cond.disarm(m)
	skip := false
	for {
		st, err := t.twinRun(m, &tw.cursor, s.hi, skip)
		if err != nil {
			return nil, err
		}
		switch st.Reason {
		case vm.StopBreakpoint:
			skip = true
		case vm.StopWatchpoint, vm.StopTrap:
			skip = false
		default:
			tw.at, tw.ok = m.Time(), st.Reason == vm.StopLimit && m.Time() == s.hi
			return hits, nil
		}
		if st.Time >= s.hi || !t.cond.accepts(m, st) {
			continue
		}
		h := Hit{Stop: st}
		if t.cond.Note != nil {
			h.Note = t.cond.Note(m, st)
		}
		hits = append(hits, h)
	}
}

// twinReplay runs a twin with no stops to time target.
func (t *Timeline) twinReplay(m *vm.Machine, cursor *int, target uint64) error {
	for m.Time() < target {
		st, err := t.twinRun(m, cursor, target, true)
		if err != nil {
			return err
		}
		if st.Reason != vm.StopLimit {
			return fmt.Errorf("checkpoint: twin replay to %d stopped at %d (%v)", target, m.Time(), st.Reason)
		}
	}
	return nil
}

// twinRun runs a twin forward to target or a stop, applying the input log
// on the way like runTo; it returns StopLimit at target.
func (t *Timeline) twinRun(m *vm.Machine, cursor *int, target uint64, skip bool) (vm.Stop, error) {
	for {
		now := m.Time()
		for *cursor < len(t.events) && t.events[*cursor].Time <= now {
			if err := t.events[*cursor].apply(m); err != nil {
				return vm.Stop{}, err
			}
			*cursor++
		}
		if now >= target {
			return vm.Stop{Reason: vm.StopLimit, Time: now}, nil
		}
		if t.pause.Load() {
			return vm.Stop{}, ErrPaused
		}
		limit := min(target, now+twinChunk)
		if *cursor < len(t.events) && t.events[*cursor].Time < limit {
			limit = t.events[*cursor].Time
		}
		st := m.RunFrom(limit, skip)
		if m.Time() != now {
			skip = false
		}
		switch st.Reason {
		case vm.StopLimit, vm.StopPause:
			continue
		case vm.StopIdle:
			if *cursor < len(t.events) && t.events[*cursor].Time <= m.Time() {
				continue
			}
		}
		return st, nil
	}
}

// HitsIn returns every hit of c in [lo, hi), oldest first, scanning
// forward: segments whose summary rules the conditions out are skipped,
// and when c is Concurrent the others are scanned several at once. It
// holds every hit, so callers bound the range. The stop conditions set
// with SetConditions are kept; the machine is left anywhere in [lo, hi].
// Pause stops it with ErrPaused.
func (t *Timeline) HitsIn(c Conditions, lo, hi uint64) ([]Hit, error) {
	lo = max(lo, t.start)
	hi = min(hi, t.end)
	saved := t.cond
	t.SetConditions(c)
	defer t.SetConditions(saved)
	if c.empty() || lo >= hi {
		return nil, nil
	}
	need := c.needs(t.ramLo, t.ramSz)
	var spans []span
	for k := max(t.store.at(lo), 0); k < len(t.store.snaps) && t.store.snaps[k].time < hi; k++ {
		sn := t.store.snaps[k]
		end := hi
		if k+1 < len(t.store.snaps) {
			end = min(hi, t.store.snaps[k+1].time)
		}
		if s := (span{lo: max(lo, sn.time), hi: end, snap: k}); s.lo < s.hi && sn.seg.mayHit(&need) {
			spans = append(spans, s)
		}
	}
	t.forgetTwins()
	hits, err := t.scanGroups(splitSpans(spans, t.scanners()))
	if err != nil {
		return nil, err
	}
	var out []Hit
	for _, hs := range hits {
		out = append(out, hs...)
	}
	return out, nil
}

// splitSpans cuts spans (oldest first) into at most n runs of consecutive
// spans of about equal length, so that each machine scans one run forward,
// restoring a checkpoint only after a skipped stretch.
func splitSpans(spans []span, n int) [][]span {
	var total uint64
	for _, s := range spans {
		total += s.hi - s.lo
	}
	var groups [][]span
	var acc uint64
	start := 0
	for i, s := range spans {
		acc += s.hi - s.lo
		if len(groups) < n-1 && acc*uint64(n) >= total*uint64(len(groups)+1) {
			groups = append(groups, spans[start:i+1])
			start = i + 1
		}
	}
	if start < len(spans) || len(groups) == 0 {
		groups = append(groups, spans[start:])
	}
	return groups
}
