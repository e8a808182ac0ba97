package checkpoint

import (
	"math/bits"
	"sort"

	"github.com/rewind-debugger/rewind/vm"
)

// snap is one checkpoint: a machine snapshot at time, and the summary of
// the segment of history from it to the next checkpoint.
type snap struct {
	s    *vm.Snapshot
	time uint64
	size int64 // the memory it owns (see resize)
	seg  summary
}

// store holds the checkpoints of a timeline, sorted by time. The first one
// (the start of history) is never evicted; neither is the newest.
//
// Policy: checkpoints are taken every interval steps at the frontier, at
// times that are multiples of interval. With a budget, every checkpoint is
// kept until the checkpoints hold more than the budget; then the cheapest
// to lose (see cost) are evicted in batches down to 7/8 of it, so the
// memory the user grants is spent on faster seeks. Without a budget
// (negative), one whose age (end - time) is at least dense*interval is
// kept only if its index time/interval is a multiple of 2^level, where
// level grows by one each time the age doubles; so spacing doubles with age
// and about dense/2 checkpoints remain per doubling: O(log L) in all.
type store struct {
	snaps    []*snap
	interval uint64
	dense    uint64
	budget   int64
	held     int64 // the sum of the sizes of snaps
}

// at returns the index of the latest checkpoint at or before t (-1 if none).
func (st *store) at(t uint64) int {
	i := sort.Search(len(st.snaps), func(i int) bool { return st.snaps[i].time > t })
	return i - 1
}

// before returns the index of the latest checkpoint strictly before t.
func (st *store) before(t uint64) int {
	if t == 0 {
		return -1
	}
	return st.at(t - 1)
}

func (st *store) last() *snap { return st.snaps[len(st.snaps)-1] }

// add appends a checkpoint newer than every other one.
func (st *store) add(sn *snap) {
	st.snaps = append(st.snaps, sn)
	if sn.s != nil {
		st.resize(len(st.snaps) - 1)
	} else {
		st.held += sn.size
	}
}

// resize recounts the memory checkpoint i owns: the pages it holds that
// the checkpoint before it does not (a page version lives in consecutive
// snapshots, so each is owned by the oldest checkpoint holding it; when
// that one goes, ownership moves to the next), plus its fixed overhead.
// The sum over the checkpoints is never less than the memory they hold.
func (st *store) resize(i int) {
	sn := st.snaps[i]
	if sn.s == nil {
		return
	}
	st.held -= sn.size
	sn.size = int64(sn.s.HeldBytes())
	if i > 0 {
		sn.size -= int64(sn.s.SharedBytes(st.snaps[i-1].s))
	}
	st.held += sn.size
}

// remove drops checkpoint i, folding its segment into the previous one.
func (st *store) remove(i int) {
	if i > 0 {
		st.snaps[i-1].seg.merge(st.snaps[i].seg)
	}
	st.held -= st.snaps[i].size
	st.snaps = append(st.snaps[:i], st.snaps[i+1:]...)
	if i < len(st.snaps) {
		st.resize(i) // it owns what the removed one shared with it
	}
}

// truncate drops every checkpoint at or after t and reopens the segment of
// the last one left.
func (st *store) truncate(t uint64) {
	i := st.at(t - 1)
	if t == 0 {
		i = -1
	}
	for j := i + 1; j < len(st.snaps); j++ {
		st.held -= st.snaps[j].size
		st.snaps[j] = nil
	}
	st.snaps = st.snaps[:i+1]
	if len(st.snaps) > 0 {
		st.last().seg = summary{}
	}
}

// level is how many times the spacing has doubled at this age.
func (st *store) level(age uint64) int {
	d := st.dense * st.interval
	if age < d {
		return 0
	}
	return bits.Len64(age / d) // age in [d*2^(k-1), d*2^k) gives k
}

// keep reports whether a checkpoint at time t survives at this age.
func (st *store) keep(t, age uint64) bool {
	lv := st.level(age)
	if lv == 0 {
		return true
	}
	if t%st.interval != 0 {
		return false
	}
	n := t / st.interval
	return lv >= 64 || n&(1<<lv-1) == 0
}

// thin applies the policy after a checkpoint was added at end.
func (st *store) thin(end uint64) {
	if st.budget > 0 {
		if st.held > st.budget {
			st.evict(end, st.budget-st.budget/8)
		}
		return
	}
	for i := len(st.snaps) - 2; i >= 1; i-- {
		if sn := st.snaps[i]; !st.keep(sn.time, end-sn.time) {
			st.remove(i)
		}
	}
}

// cost is what evicting checkpoint i costs: removing it merges gaps g1
// and g2, raising the replay cost of a uniformly random seek into them by
// g1*g2; seeks are likelier near the present, so the cost is divided by
// the age.
func (st *store) cost(i int, end uint64) float64 {
	g1 := float64(st.snaps[i].time - st.snaps[i-1].time)
	g2 := float64(st.snaps[i+1].time - st.snaps[i].time)
	age := float64(end-st.snaps[i].time) + float64(st.interval)
	return g1 * g2 / age
}

// bytes is the memory held only by checkpoints.
func (st *store) bytes() int64 { return st.held }
