package debugger

import "github.com/rewind-debugger/rewind/checkpoint"

// historyID names one history: the timeline, its start and the number of
// times its past was changed. A history with the same ID and a later end
// has the same past up to the earlier end (it only grew).
type historyID struct {
	tl    *checkpoint.Timeline
	start uint64
	forks int
}

// historyID is the session's current history's.
func (s *Session) historyID() historyID {
	return historyID{tl: s.tl, start: s.tl.Start(), forks: len(s.tl.Forks())}
}

// eventsKey is what an events query's answer depends on besides history.
type eventsKey struct {
	f     EventFilter
	limit int
	last  bool
}

// maxEventAnswers bounds the answers eventsCache keeps.
const maxEventAnswers = 16

// eventsCache keeps the latest answer of each events query with the
// history it covers, so that after the history grows only the new stretch
// is searched (QueryEvents).
type eventsCache struct {
	id      historyID
	answers map[eventsKey]TrapEvents
}

// since returns the answer kept for key and the time from which the
// history (now ending at end) must still be searched: the answer's end
// when it covers a past of the current history, the history's start (and
// no answer) otherwise.
func (c *eventsCache) since(key eventsKey, id historyID, end uint64) (*TrapEvents, uint64) {
	a, ok := c.answers[key]
	if !ok || c.id != id || a.End > end {
		return nil, id.start
	}
	return &a, a.End
}

// keep records the answer for key over history id (dropping every answer
// of another history, and one other answer when maxEventAnswers are
// kept).
func (c *eventsCache) keep(key eventsKey, id historyID, a TrapEvents) {
	if c.id != id || c.answers == nil {
		c.id, c.answers = id, map[eventsKey]TrapEvents{}
	}
	if _, ok := c.answers[key]; !ok && len(c.answers) >= maxEventAnswers {
		for k := range c.answers { // make room: any one goes
			delete(c.answers, k)
			break
		}
	}
	c.answers[key] = a
}

// joined is the answer over the history that a (an earlier stretch)
// and next (the stretch that follows) cover together, with a page of at
// most limit events: the latest when a lists the latest, else the
// earliest.
func (a TrapEvents) joined(next TrapEvents, limit int) TrapEvents {
	out := next
	out.Start, out.Total = a.Start, a.Total+next.Total
	all := append(append([]TrapEvent(nil), a.Events...), next.Events...)
	if len(all) > limit {
		if a.Last {
			all = all[len(all)-limit:]
		} else {
			all = all[:limit]
		}
	}
	out.Events = all
	out.Truncated = out.Total > len(all)
	return out
}
