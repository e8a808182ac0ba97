package rpc

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// Thread is one thread: a hart, or an RTOS task once its scheduler runs.
type Thread struct {
	ID       int    `json:"id"`
	Name     string `json:"name"`
	Label    string `json:"label"` // the name and, for a task not running, its state
	Running  bool   `json:"running"`
	State    string `json:"state,omitempty"`
	Priority uint32 `json:"priority,omitempty"`
	// WaitingOn names what a blocked task waits for ("delay", "queue
	// numbersQueue (receive)").
	WaitingOn string `json:"waitingOn,omitempty"`
	// StackUsed and StackSize are in bytes (StackSize 0: unknown).
	StackUsed uint32  `json:"stackUsed,omitempty"`
	StackSize uint32  `json:"stackSize,omitempty"`
	Frames    []Frame `json:"frames"`
}

// ThreadsParams selects how many frames each thread lists.
type ThreadsParams struct {
	// Frames bounds each thread's frames (default 1: where it is).
	Frames int `json:"frames,omitempty"`
}

// TasksTimelineParams is a span of history and a bound on the result.
type TasksTimelineParams struct {
	From  uint64 `json:"from,omitempty"`
	To    uint64 `json:"to,omitempty"`
	Limit int    `json:"limit,omitempty"`
}

// TaskInterval is a stretch of history a task was running.
type TaskInterval struct {
	Task string `json:"task"`
	TCB  uint32 `json:"tcb"`
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
}

// TasksTimeline says which task ran when.
type TasksTimeline struct {
	From      uint64         `json:"from"`
	To        uint64         `json:"to"`
	Intervals []TaskInterval `json:"intervals"`
	Truncated bool           `json:"truncated,omitempty"`
}

func threads(srv *Server, p ThreadsParams) (any, error) {
	s := srv.sess.s
	if p.Frames <= 0 {
		p.Frames = 1
	}
	out := []Thread{}
	for _, th := range s.Threads() {
		t := Thread{ID: th.ID, Name: th.Name, Label: th.Label(), Running: th.Running(), Frames: []Frame{}}
		if task := th.Task; task != nil {
			t.State, t.Priority, t.WaitingOn = task.State.String(), task.Priority, task.WaitingOn
			t.StackSize, t.StackUsed = task.StackSize(), task.StackUsed()
		}
		fs, err := s.ThreadFrames(th.ID)
		if err != nil {
			return nil, failed(err)
		}
		t.Frames = framesOf(fs[:min(len(fs), p.Frames)])
		out = append(out, t)
	}
	return out, nil
}

// framesOf converts frames for the wire.
func framesOf(fs []*symbols.Frame) []Frame {
	out := make([]Frame, 0, len(fs))
	for _, f := range fs {
		out = append(out, Frame{Index: f.Index, Function: f.Name, File: f.Location.File.Name, Line: f.Location.Line, PC: f.PC})
	}
	return out
}

func tasksTimeline(srv *Server, p TasksTimelineParams) (any, error) {
	tl, err := srv.sess.s.TaskTimeline(p.From, p.To, p.Limit)
	if err != nil {
		return nil, failed(err)
	}
	out := TasksTimeline{From: tl.From, To: tl.To, Truncated: tl.Truncated, Intervals: make([]TaskInterval, 0, len(tl.Intervals))}
	for _, iv := range tl.Intervals {
		out.Intervals = append(out.Intervals, TaskInterval{Task: iv.Name, TCB: iv.TCB, From: iv.From, To: iv.To})
	}
	return out, nil
}

// taskCondition is the condition of a breakpoint limited to RTOS task
// thread (nil for 0).
func taskCondition(s *debugger.Session, thread int) (debugger.CondFunc, error) {
	if thread == 0 {
		return nil, nil
	}
	th, err := s.Thread(thread)
	if err != nil || th.Task == nil {
		return nil, fmt.Errorf("thread %d is not an RTOS task now", thread)
	}
	return s.InTask(th.Task.TCB), nil
}
