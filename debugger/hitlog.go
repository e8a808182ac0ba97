package debugger

import (
	"cmp"
	"slices"
)

// maxHitTimes bounds the hits remembered per breakpoint; beyond it the
// earliest half is forgotten and only counted.
const maxHitTimes = 1 << 16

// hitLog is the hits of one breakpoint seen so far, in time order, so that
// a forward hit count means "hits from the start of history up to this
// one" however the user moved in time.
type hitLog struct {
	keys    []hitKey // sorted by time, then hart
	dropped uint64   // forgotten hits, all earlier than keys[0]
}

func compareHits(a, b hitKey) int {
	if c := cmp.Compare(a.time, b.time); c != 0 {
		return c
	}
	return cmp.Compare(a.hart, b.hart)
}

// note records a hit (once, however often it is replayed) and returns
// its number: 1 for the earliest hit seen.
func (l *hitLog) note(k hitKey) uint64 {
	i, found := slices.BinarySearchFunc(l.keys, k, compareHits)
	n := l.dropped + uint64(i) + 1
	if found {
		return n
	}
	l.keys = slices.Insert(l.keys, i, k)
	if len(l.keys) > maxHitTimes {
		half := len(l.keys) / 2
		l.keys = slices.Delete(l.keys, 0, half)
		l.dropped += uint64(half)
	}
	return n
}

// forgetAfter drops the hits after time t (that history was replaced).
func (l *hitLog) forgetAfter(t uint64) {
	if t == ^uint64(0) {
		return
	}
	i, _ := slices.BinarySearchFunc(l.keys, hitKey{time: t + 1}, compareHits)
	l.keys = l.keys[:i]
}
