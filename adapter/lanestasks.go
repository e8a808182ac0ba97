package adapter

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger"
)

// taskLanes makes a lane per RTOS task from the session's task timeline:
// the intervals the task ran, each also a marker where it was switched
// in. Tasks come in the order they first ran.
func (s *Server) taskLanes(sess *debugger.Session) []timelineLane {
	tl, err := sess.TaskTimeline(0, 0, taskIntervals)
	if err != nil {
		l := timelineLane{ID: "tasks", Label: "tasks", Kind: "task", Events: []laneEvent{}}
		l.failed(err)
		return []timelineLane{l}
	}
	byTCB := map[uint32]*timelineLane{}
	var order []uint32
	for _, iv := range tl.Intervals {
		l := byTCB[iv.TCB]
		if l == nil {
			l = &timelineLane{ID: fmt.Sprintf("task:%#x", iv.TCB), Label: "task " + iv.Name, Kind: "task",
				Events: []laneEvent{}, Intervals: []laneInterval{}, Truncated: tl.Truncated}
			byTCB[iv.TCB] = l
			order = append(order, iv.TCB)
		}
		text := fmt.Sprintf("%s runs from t=%d to t=%d", iv.Name, iv.From, iv.To)
		l.Intervals = append(l.Intervals, laneInterval{From: iv.From, To: iv.To, Label: text})
		l.Events = append(l.Events, laneEvent{Time: iv.From, Label: fmt.Sprintf("%s switched in at t=%d", iv.Name, iv.From)})
		l.Total++
	}
	out := make([]timelineLane, 0, len(order))
	for _, tcb := range order {
		out = append(out, *byTCB[tcb])
	}
	return out
}
