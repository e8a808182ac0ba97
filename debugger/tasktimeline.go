package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/debugger/rtos"
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
// finds the writes to pxCurrentTCB and xSchedulerRunning over stretches
// of timelineChunk steps, oldest first (checkpoint.Timeline.HitsIn), so
// segments that cannot hold such a write are skipped by their summaries
// and the others are scanned on several cores; it never steps
// instruction by instruction, and leaves the session where it was. Pause
// interrupts it.
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
	key := taskTimelineKey{from: from, max: max, id: s.historyID()}
	b, start, ok := s.taskKept.resume(key, to)
	if !ok {
		if err := s.tl.Seek(from); err != nil {
			return TaskTimeline{}, fmt.Errorf("task timeline: %w", err)
		}
		b = timelineBuilder{tl: TaskTimeline{From: from, To: to}, max: max, cur: s.runningTCB(), since: from}
	}
	c := switchConditions(k)
	for lo := start; lo < to && !b.tl.Truncated; lo += timelineChunk {
		hi := min(to, lo+timelineChunk)
		hits, err := s.switchesIn(c, lo, hi)
		if err != nil {
			return TaskTimeline{}, err
		}
		for _, h := range hits {
			if !b.at(h.Time+1, uint32(h.Note)) {
				break
			}
		}
	}
	if to == s.tl.End() {
		s.taskKept.keep(key, to, b)
	}
	b.finish(to)
	s.nameIntervals(b.tl.Intervals)
	return b.tl, nil
}

// timelineChunk is the stretch of history one search of TaskTimeline
// covers: its hits are held at once, and a truncated timeline stops after
// the stretch holding its last interval.
const timelineChunk = 1 << 24

// switchConditions stop at every write to pxCurrentTCB or
// xSchedulerRunning and note the running task after it (0 before the
// scheduler runs), reading only the machine they are given.
func switchConditions(k *rtos.Kernel) checkpoint.Conditions {
	return checkpoint.Conditions{
		Watchpoints: []checkpoint.Watchpoint{
			{Addr: k.CurrentTCBAddr(), Size: 4, Access: vm.AccessWrite},
			{Addr: k.SchedulerRunningAddr(), Size: 4, Access: vm.AccessWrite},
		},
		Note: func(m *vm.Machine, _ vm.Stop) uint64 {
			if started, err := k.Started(m); err != nil || !started {
				return 0
			}
			tcb, err := k.CurrentTCB(m)
			if err != nil {
				return 0
			}
			return uint64(tcb)
		},
		Concurrent: true,
	}
}

// switchesIn returns the hits of c in [lo, hi), oldest first.
func (s *Session) switchesIn(c checkpoint.Conditions, lo, hi uint64) ([]checkpoint.Hit, error) {
	hits, err := s.tl.HitsIn(c, lo, hi)
	if errors.Is(err, checkpoint.ErrPaused) {
		s.ClearPause()
		return nil, fmt.Errorf("task timeline: %w", ErrQueryPaused)
	}
	if err != nil {
		return nil, fmt.Errorf("task timeline: %w", err)
	}
	return hits, nil
}

// timelineBuilder turns the moments the running task may have changed
// into intervals.
type timelineBuilder struct {
	tl    TaskTimeline
	max   int
	cur   uint32 // the running task (0: none)
	since uint64 // when it started running
}

// at records that task tcb runs from time t on; it returns false once the
// timeline is full.
func (b *timelineBuilder) at(t uint64, tcb uint32) bool {
	if tcb == b.cur {
		return true
	}
	if b.cur != 0 && t > b.since {
		if len(b.tl.Intervals) == b.max {
			b.tl.Truncated, b.tl.To = true, b.since
			return false
		}
		b.tl.Intervals = append(b.tl.Intervals, TaskInterval{TCB: b.cur, From: b.since, To: t})
	}
	b.cur, b.since = tcb, t
	return true
}

// finish closes the interval running at the end, to.
func (b *timelineBuilder) finish(to uint64) {
	if b.tl.Truncated || b.cur == 0 || to <= b.since {
		return
	}
	if len(b.tl.Intervals) == b.max {
		b.tl.Truncated, b.tl.To = true, b.since
		return
	}
	b.tl.Intervals = append(b.tl.Intervals, TaskInterval{TCB: b.cur, From: b.since, To: to})
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
