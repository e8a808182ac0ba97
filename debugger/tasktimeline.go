package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// TaskInterval is a stretch of history during which one RTOS task was
// the running one (pxCurrentTCB, once the scheduler runs): [From, To).
type TaskInterval struct {
	TCB      uint32
	Name     string
	From, To uint64
}

// TaskTimeline says which task ran when over a span of history.
type TaskTimeline struct {
	From, To  uint64
	Intervals []TaskInterval
	// Truncated says the span held more intervals than asked for: the
	// list holds the first ones and To is where the last one ends.
	Truncated bool
}

// DefaultTimelineIntervals bounds a TaskTimeline when max is 0.
const DefaultTimelineIntervals = 10_000

// TaskTimeline finds the intervals each task ran in [from, to) of the
// recorded history (to 0: its end), at most max (0: the default). It
// replays the span once with write watchpoints on pxCurrentTCB and
// xSchedulerRunning, never stepping instruction by instruction, and
// leaves the session where it was. Pause interrupts it.
func (s *Session) TaskTimeline(from, to uint64, max int) (TaskTimeline, error) {
	k := s.RTOS()
	if k == nil {
		return TaskTimeline{}, errors.New("the firmware has no RTOS the debugger knows")
	}
	if to == 0 || to > s.tl.End() {
		to = s.tl.End()
	}
	if from < s.tl.Start() {
		from = s.tl.Start()
	}
	if max <= 0 {
		max = DefaultTimelineIntervals
	}
	now := s.tl.Now()
	defer func() { _ = s.tl.Seek(now); s.arm(false) }()
	s.tl.SetConditions(checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{
		{Addr: k.CurrentTCBAddr(), Size: 4, Access: vm.AccessWrite},
		{Addr: k.SchedulerRunningAddr(), Size: 4, Access: vm.AccessWrite},
	}})
	if err := s.tl.Seek(from); err != nil {
		return TaskTimeline{}, fmt.Errorf("task timeline: %w", err)
	}
	tl := TaskTimeline{From: from, To: to}
	cur, since := s.runningTCB(), from
	for s.tl.Now() < to {
		if s.pausing() {
			s.ClearPause()
			return TaskTimeline{}, checkpoint.ErrPaused
		}
		st := s.tl.Run(min(to, s.tl.Now()+runChunk))
		if st.Reason != vm.StopWatchpoint && st.Reason != vm.StopLimit {
			break
		}
		next := s.runningTCB()
		if next == cur {
			continue
		}
		if cur != 0 && s.tl.Now() > since {
			if len(tl.Intervals) == max {
				tl.Truncated, tl.To = true, since
				break
			}
			tl.Intervals = append(tl.Intervals, TaskInterval{TCB: cur, From: since, To: s.tl.Now()})
		}
		cur, since = next, s.tl.Now()
	}
	if !tl.Truncated && cur != 0 && to > since {
		if len(tl.Intervals) == max {
			tl.Truncated, tl.To = true, since
		} else {
			tl.Intervals = append(tl.Intervals, TaskInterval{TCB: cur, From: since, To: to})
		}
	}
	s.nameIntervals(tl.Intervals)
	return tl, nil
}

// runningTCB is pxCurrentTCB once the scheduler runs, 0 before.
func (s *Session) runningTCB() uint32 {
	cur, ok := s.currentTask()
	if !ok {
		return 0
	}
	return cur
}

// nameIntervals names each interval's task from the task list at the
// current moment (a TCB not listed then keeps its address as its name).
func (s *Session) nameIntervals(iv []TaskInterval) {
	names := map[uint32]string{}
	if tasks, err := s.Tasks(); err == nil {
		for _, t := range tasks {
			names[t.TCB] = t.Name
		}
	}
	for i := range iv {
		if n, ok := names[iv[i].TCB]; ok {
			iv[i].Name = n
		} else {
			iv[i].Name = fmt.Sprintf("0x%08x", iv[i].TCB)
		}
	}
}
