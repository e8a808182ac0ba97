package checkpoint

import (
	"sort"

	"github.com/rewind-debugger/rewind/vm"
)

// seekCacheSize bounds the checkpoints kept by the seek cache.
const seekCacheSize = 24

// seekCache holds extra checkpoints taken on the way to a seek target, at
// distances growing geometrically back from it. Regular checkpoints are
// sparse deep in history; these make the next seeks near the same place
// (a user stepping back, a reverse search's windows) replay only a little.
// The entry used least recently goes first.
type seekCache struct {
	snaps []*cached // sorted by time
	tick  uint64
}

type cached struct {
	s    *vm.Snapshot
	time uint64
	used uint64
}

// at returns the latest entry at or before t, or nil.
func (c *seekCache) at(t uint64) *cached {
	i := sort.Search(len(c.snaps), func(i int) bool { return c.snaps[i].time > t })
	if i == 0 {
		return nil
	}
	c.tick++
	c.snaps[i-1].used = c.tick
	return c.snaps[i-1]
}

// add inserts a snapshot taken at time.
func (c *seekCache) add(s *vm.Snapshot, time uint64) {
	i := sort.Search(len(c.snaps), func(i int) bool { return c.snaps[i].time >= time })
	if i < len(c.snaps) && c.snaps[i].time == time {
		return
	}
	c.tick++
	c.snaps = append(c.snaps, nil)
	copy(c.snaps[i+1:], c.snaps[i:])
	c.snaps[i] = &cached{s: s, time: time, used: c.tick}
	if len(c.snaps) > seekCacheSize {
		old := 0
		for j, e := range c.snaps {
			if e.used < c.snaps[old].used {
				old = j
			}
		}
		c.snaps = append(c.snaps[:old], c.snaps[old+1:]...)
	}
}

// truncate drops the entries at or after t.
func (c *seekCache) truncate(t uint64) {
	i := sort.Search(len(c.snaps), func(i int) bool { return c.snaps[i].time >= t })
	clear(c.snaps[i:])
	c.snaps = c.snaps[:i]
}

// bytes is the memory held only by the cache's snapshots: what each holds
// beyond the regular checkpoint before it (an estimate from above).
func (c *seekCache) bytes(st *store) int64 {
	var n int64
	for _, e := range c.snaps {
		n += int64(e.s.HeldBytes())
		if i := st.at(e.time); i >= 0 {
			n -= int64(e.s.SharedBytes(st.snaps[i].s))
		}
	}
	return n
}

// cachePoints returns the times, ascending, at which a replay from from to
// target takes cache checkpoints: target-g, target-4g, ... after from,
// with g an eighth of the checkpoint interval. None for short replays.
func cachePoints(from, target, interval uint64) []uint64 {
	g := max(interval/16, 1024)
	if target-from <= 2*g {
		return nil
	}
	var pts []uint64
	for gap := g; gap < target-from; gap *= 4 {
		pts = append(pts, target-gap)
	}
	for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
		pts[i], pts[j] = pts[j], pts[i]
	}
	return pts
}
