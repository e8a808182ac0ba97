package rpc

import (
	"testing"
)

// TestThreadsAndTaskTimeline lists the test kernel's tasks at a
// breakpoint in the producer, with each switched-out task's stack, steps
// over the producer's yield without leaving it, and reads the timeline.
func TestThreadsAndTaskTimeline(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": "../testdata/rtos/rtos.elf"})
	if th := call[[]Thread](t, c, "threads", nil); len(th) != 1 || th[0].Name != "hart 0" {
		t.Fatalf("threads before the scheduler: %+v", th)
	}
	yield := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "kernel.c:339"})
	call[Stop](t, c, "run", nil)
	th := call[[]Thread](t, c, "threads", map[string]any{"frames": 8})
	want := map[string]string{"Prod": "running", "Cons": "ready", "Mon": "blocked", "Busy": "ready", "IDLE": "ready"}
	if len(th) != len(want) {
		t.Fatalf("threads: %+v", th)
	}
	for _, x := range th {
		if want[x.Name] != x.State || len(x.Frames) == 0 || x.StackSize != 1024 || x.StackUsed == 0 {
			t.Errorf("thread %+v", x)
		}
	}
	mon := th[2]
	if mon.Label != "Mon [blocked on semaphore batchSemaphore (take)]" || mon.Frames[len(mon.Frames)-1].Function != "vMonitor" {
		t.Errorf("the monitor: %+v", mon)
	}
	st := call[Stop](t, c, "step", map[string]any{"granularity": "in"})
	st = call[Stop](t, c, "step", nil)
	if st.Function != "xQueueSend" || st.Line != 339 {
		t.Errorf("a step over the producer's yield ended in %s:%d", st.Function, st.Line)
	}
	if th := call[[]Thread](t, c, "threads", nil); !th[0].Running {
		t.Errorf("the producer is not running after its step: %+v", th)
	}
	// Only in the monitor: the breakpoint in xQueueReceive skips the
	// consumer's calls, forwards and backwards.
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": yield.ID})
	bp := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "xQueueReceive", "thread": 3})
	st = call[Stop](t, c, "run", nil)
	if th := call[[]Thread](t, c, "threads", nil); len(st.Breakpoints) != 1 || st.Breakpoints[0] != bp.ID || !th[2].Running {
		t.Errorf("run to xQueueReceive in the monitor: %+v, threads %+v", st, th)
	}
	at := st.Time
	call[Stop](t, c, "run", nil)
	if st = call[Stop](t, c, "run", map[string]any{"direction": "backward"}); st.Time != at {
		t.Errorf("back to xQueueReceive in the monitor: %+v, want time %d", st, at)
	}
	callErr(t, c, "breakpoint.set", map[string]any{"location": "xQueueReceive", "thread": 42}, CodeFailed)
	tl := call[TasksTimeline](t, c, "tasks.timeline", map[string]any{"limit": 4})
	if !tl.Truncated || len(tl.Intervals) != 4 || tl.Intervals[0].Task != "Mon" || tl.Intervals[1].Task != "Cons" {
		t.Errorf("tasks.timeline: %+v", tl)
	}
}
