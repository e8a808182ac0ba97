package adapter

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/rewind-debugger/rewind/debugger"
)

// laneSpec says which event lanes rewind/timeline adds: interrupts and
// exceptions (a lane per cause), calls of functions, writes to memory
// ranges (device registers, variables), and the RTOS tasks (a lane per
// task, with the intervals it ran).
type laneSpec struct {
	Interrupts bool        `json:"interrupts"`
	Exceptions bool        `json:"exceptions"`
	Calls      []string    `json:"calls"`
	Writes     []laneWrite `json:"writes"`
	Tasks      bool        `json:"tasks"`
}

// laneWrite is a range whose writes make a lane: an expression naming
// memory (evaluated in the current hart's innermost frame), or an
// address and size; label names the lane (default: the expression or
// the range).
type laneWrite struct {
	Expression string  `json:"expression"`
	Address    address `json:"address"`
	Size       uint32  `json:"size"`
	Label      string  `json:"label"`
}

// timelineLane is a row of events in the timeline: kind is "interrupt",
// "exception", "call", "write" or "task"; a task lane has the intervals
// its task ran (events mark where each began). Total counts the lane's
// events in the whole history; Truncated says only the latest are listed.
type timelineLane struct {
	ID        string         `json:"id"`
	Label     string         `json:"label"`
	Kind      string         `json:"kind"`
	Events    []laneEvent    `json:"events"`
	Intervals []laneInterval `json:"intervals,omitempty"`
	Total     int            `json:"total"`
	Truncated bool           `json:"truncated,omitempty"`
	Error     string         `json:"error,omitempty"`
	paused    bool           // its search was paused or cancelled (Error says so)
}

// failed sets the lane's error; a paused search marks it paused.
func (l *timelineLane) failed(err error) {
	l.Error, l.paused = err.Error(), errors.Is(err, debugger.ErrQueryPaused)
}

// laneEvent is one marker of a lane.
type laneEvent struct {
	Time  uint64 `json:"time"`
	Label string `json:"label"`
}

// laneInterval is a stretch of a task lane: [from, to).
type laneInterval struct {
	From  uint64 `json:"from"`
	To    uint64 `json:"to"`
	Label string `json:"label"`
}

// Lane bounds: the latest laneLimit events of a query, taskIntervals
// intervals of the task timeline.
const (
	laneLimit     = 1000
	taskIntervals = 20_000
	maxLaneSpecs  = 16
)

// laneCache keeps the lanes of one spec for one extent of history, so a
// timeline fetched after every step does not search the history again.
type laneCache struct {
	key   string
	lanes []timelineLane
}

// lanesFor returns the lanes spec asks for, from the cache when the
// history has not changed since. Called with s.mu held.
func (s *Server) lanesFor(sess *debugger.Session, spec laneSpec, h debugger.History) []timelineLane {
	spec = spec.bounded()
	key := s.lanesKey(spec, h)
	if s.lanes.key == key {
		return s.lanes.lanes
	}
	var makers []func() []timelineLane
	switch { // one search of the history for both kinds when both are asked
	case spec.Interrupts && spec.Exceptions:
		makers = append(makers, func() []timelineLane { return s.eventLanes(sess, debugger.EventAnyTrap) })
	case spec.Interrupts:
		makers = append(makers, func() []timelineLane { return s.eventLanes(sess, debugger.EventInterrupt) })
	case spec.Exceptions:
		makers = append(makers, func() []timelineLane { return s.eventLanes(sess, debugger.EventException) })
	}
	for _, fn := range spec.Calls {
		makers = append(makers, func() []timelineLane { return []timelineLane{s.callLane(sess, fn)} })
	}
	for _, w := range spec.Writes {
		makers = append(makers, func() []timelineLane { return []timelineLane{s.writeLane(sess, w)} })
	}
	if spec.Tasks && sess.RTOS() != nil {
		makers = append(makers, func() []timelineLane { return s.taskLanes(sess) })
	}
	lanes := []timelineLane{}
	for _, mk := range makers {
		ls := mk()
		lanes = append(lanes, ls...)
		if lanesPaused(ls) { // paused or cancelled: the rest too, and keep nothing
			return lanes
		}
	}
	s.lanes = laneCache{key: key, lanes: lanes}
	return lanes
}

// lanesKey names the lanes of spec over history h (and the forks so far).
func (s *Server) lanesKey(spec laneSpec, h debugger.History) string {
	b, _ := json.Marshal(spec)
	return fmt.Sprintf("%s@%d-%d#%d", b, h.Start, h.End, s.forks.Load())
}

// lanesCached reports whether the lanes of spec over h are kept (no
// search needed). Called with s.mu held.
func (s *Server) lanesCached(spec laneSpec, h debugger.History) bool {
	return s.lanes.key == s.lanesKey(spec.bounded(), h)
}

// bounded is the spec with at most maxLaneSpecs calls and writes.
func (spec laneSpec) bounded() laneSpec {
	spec.Calls = spec.Calls[:min(len(spec.Calls), maxLaneSpecs)]
	spec.Writes = spec.Writes[:min(len(spec.Writes), maxLaneSpecs)]
	return spec
}

// lanesPaused reports whether a lane's search was interrupted by a pause
// (or a cancel).
func lanesPaused(ls []timelineLane) bool {
	for _, l := range ls {
		if l.paused {
			return true
		}
	}
	return false
}

// eventLanes makes a lane per cause of the traps of a kind: interrupts
// (kind "interrupt") first, then exceptions ("exception").
func (s *Server) eventLanes(sess *debugger.Session, kind debugger.EventKind) []timelineLane {
	res, err := sess.QueryEvents(debugger.EventFilter{Kind: kind, Code: -1}, debugger.QueryPage{Limit: laneLimit, Last: true})
	if err != nil {
		l := timelineLane{ID: "traps", Label: "traps", Kind: "exception", Events: []laneEvent{}}
		l.failed(err)
		return []timelineLane{l}
	}
	byCause := map[uint32]*timelineLane{}
	var causes []debugger.TrapEvent // the first event of each cause
	for _, e := range res.Events {
		l := byCause[e.Cause]
		if l == nil {
			name := "exception"
			if e.Interrupt {
				name = "interrupt"
			}
			l = &timelineLane{ID: fmt.Sprintf("%s:%d", name, e.Code), Label: e.Name, Kind: name,
				Events: []laneEvent{}, Truncated: res.Truncated}
			byCause[e.Cause] = l
			causes = append(causes, e)
		}
		label := fmt.Sprintf("%s at t=%d", e.Name, e.Time)
		if e.Function != "" {
			label += " in " + e.Function
		}
		l.Events = append(l.Events, laneEvent{Time: e.Time, Label: label})
		l.Total++
	}
	// interrupts first, each kind by cause
	sort.Slice(causes, func(i, j int) bool {
		if causes[i].Interrupt != causes[j].Interrupt {
			return causes[i].Interrupt
		}
		return causes[i].Code < causes[j].Code
	})
	out := make([]timelineLane, 0, len(causes))
	for _, c := range causes {
		out = append(out, *byCause[c.Cause])
	}
	return out
}

// callLane is the calls of one function.
func (s *Server) callLane(sess *debugger.Session, fn string) timelineLane {
	l := timelineLane{ID: "call:" + fn, Label: fn + "()", Kind: "call", Events: []laneEvent{}}
	res, err := sess.QueryCalls(fn, debugger.QueryPage{Limit: laneLimit, Last: true})
	if err != nil {
		l.failed(err)
		return l
	}
	l.Total, l.Truncated = res.Total, res.Truncated
	for _, c := range res.Calls {
		label := fmt.Sprintf("%s(%s)", res.Function, c.Args)
		if c.Returned && c.Return != "" {
			label += " = " + c.Return
		}
		l.Events = append(l.Events, laneEvent{Time: c.Time, Label: fmt.Sprintf("%s at t=%d", label, c.Time)})
	}
	return l
}

// writeLane is the writes to one range.
func (s *Server) writeLane(sess *debugger.Session, w laneWrite) timelineLane {
	addr, size, label := uint32(w.Address), w.Size, w.Label
	if label == "" {
		label = w.Expression
	}
	l := timelineLane{Kind: "write", Events: []laneEvent{}}
	if w.Expression != "" {
		dt, err := sess.DataTargetOf(sess.Hart(), 0, w.Expression)
		if err != nil {
			l.ID, l.Label, l.Error = "write:"+w.Expression, "writes to "+label, err.Error()
			return l
		}
		addr, size = dt.Addr, dt.Size
	}
	if label == "" {
		label = fmt.Sprintf("%s[%d]", hexAddr(addr), size)
	}
	l.ID, l.Label = fmt.Sprintf("write:%#x:%d", addr, size), "writes to "+label
	res, err := sess.QueryWrites(addr, size, debugger.QueryPage{Limit: laneLimit, Last: true})
	if err != nil {
		l.failed(err)
		return l
	}
	l.Total, l.Truncated = res.Total, res.Truncated
	for _, x := range res.Writes {
		text := fmt.Sprintf("%s ← %x at t=%d", label, x.New, x.Time)
		if x.Function != "" {
			text += " in " + x.Function
		}
		l.Events = append(l.Events, laneEvent{Time: x.Time, Label: text})
	}
	return l
}
