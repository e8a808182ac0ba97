package debugger

import "slices"

// taskTimelineKey is what a task timeline over a whole history depends on
// besides the history's end.
type taskTimelineKey struct {
	from uint64
	max  int
	id   historyID
}

// taskTimelineKept is the task timeline last built to the end of history,
// before its last interval was closed there, so that a timeline asked
// again after the history grew resumes at that end instead of searching
// the history from its start (the timeline's task lane after every step).
type taskTimelineKept struct {
	ok  bool
	key taskTimelineKey
	end uint64
	b   timelineBuilder
}

// resume returns the kept builder for key and the time to go on from when
// the timeline kept covers a past of the history up to to; else ok is
// false and from is key.from.
func (k *taskTimelineKept) resume(key taskTimelineKey, to uint64) (b timelineBuilder, from uint64, ok bool) {
	if !k.ok || k.key != key || k.end > to {
		return timelineBuilder{}, key.from, false
	}
	b = k.b
	b.tl.Intervals = slices.Clone(b.tl.Intervals)
	if !b.tl.Truncated {
		b.tl.To = to
	}
	return b, k.end, true
}

// keep records builder b, having covered the history up to end.
func (k *taskTimelineKept) keep(key taskTimelineKey, end uint64, b timelineBuilder) {
	b.tl.Intervals = slices.Clone(b.tl.Intervals)
	*k = taskTimelineKept{ok: true, key: key, end: end, b: b}
}
