package console

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// infoTasks lists the RTOS tasks as threads, as gdb's "info threads"
// does with an RTOS-aware stub; it reports false when there are none
// (no RTOS, or its scheduler has not started).
func (c *Console) infoTasks() bool {
	threads := c.s.Threads()
	if !debugger.TasksActive(threads) {
		return false
	}
	fmt.Fprintln(c.out, "  Id   Task              State")
	for _, th := range threads {
		mark := " "
		if th.ID == c.selectedThread(threads) {
			mark = "*"
		}
		where := ""
		if fs, err := c.s.ThreadFrames(th.ID); err == nil && len(fs) > 0 {
			where = c.frameText(fs[0])
		}
		task := th.Task
		used := ""
		if size := task.StackSize(); size > 0 {
			used = fmt.Sprintf(", stack %d/%d bytes used", task.StackUsed(), size)
		}
		fmt.Fprintf(c.out, "%s %-4d %-17s %s%s\n", mark, th.ID, fmt.Sprintf("%q", th.Name), task.Describe(), used)
		if where != "" {
			fmt.Fprintf(c.out, "       %s\n", where)
		}
	}
	return true
}

// selectedThread is the id of the thread commands apply to: the one
// chosen with "thread N" if it still exists, else the running one.
func (c *Console) selectedThread(threads []debugger.Thread) int {
	running := 0
	for _, th := range threads {
		if th.ID == c.thread {
			return th.ID
		}
		if th.Running() && th.Hart == c.hart {
			running = th.ID
		}
	}
	return running
}

// cmdTaskThread selects an RTOS task ("thread N" while the scheduler
// runs) or shows the selected one.
func (c *Console) cmdTaskThread(threads []debugger.Thread, arg string) error {
	if arg == "" {
		th, err := c.s.Thread(c.selectedThread(threads))
		if err != nil {
			return err
		}
		fmt.Fprintf(c.out, "[Current thread is %d (%s)]\n", th.ID, th.Label())
		return nil
	}
	id, err := strconv.Atoi(arg)
	if err != nil {
		return fmt.Errorf("thread: bad thread id %q", arg)
	}
	th, err := c.s.Thread(id)
	if err != nil {
		return fmt.Errorf("thread: invalid thread id %d", id)
	}
	c.thread, c.frame = id, 0
	if th.Task == nil {
		c.hart, c.thread = th.Hart, 0
	}
	fmt.Fprintf(c.out, "[Switching to thread %d (%s)]\n", th.ID, th.Label())
	if fs, err := c.frames(); err == nil && len(fs) > 0 {
		fmt.Fprintf(c.out, "#0  %s\n", c.frameText(fs[0]))
	}
	return nil
}

// frames is the call stack of the selected thread: a task chosen with
// "thread N" (from its saved context when it is switched out), or the
// current hart's.
func (c *Console) frames() ([]*symbols.Frame, error) {
	threads := c.s.Threads()
	if id := c.selectedThread(threads); debugger.TasksActive(threads) && id != 0 {
		return c.s.ThreadFrames(id)
	}
	return c.s.Frames(c.hart)
}

// infoTasksTimeline prints which task ran when over the recorded
// history (at most N intervals, default 50).
func (c *Console) infoTasksTimeline(arg string) error {
	max := 50
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			return fmt.Errorf("info tasks-timeline: bad count %q", arg)
		}
		max = n
	}
	tl, err := c.s.TaskTimeline(0, 0, max)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%-12s %-12s %s\n", "from", "to", "task")
	for _, iv := range tl.Intervals {
		fmt.Fprintf(c.out, "%-12d %-12d %s\n", iv.From, iv.To, iv.Name)
	}
	if tl.Truncated {
		fmt.Fprintf(c.out, "(the first %d intervals, up to time %d)\n", len(tl.Intervals), tl.To)
	}
	return nil
}

// splitThread separates "LOCATION thread N" (gdb's per-thread
// breakpoint) and returns the condition that holds only in that task
// (nil without "thread N").
func (c *Console) splitThread(loc string) (string, debugger.CondFunc, error) {
	i := strings.LastIndex(" "+loc, " thread ")
	if i < 0 {
		return loc, nil, nil
	}
	id, err := strconv.Atoi(strings.TrimSpace(loc[i+len("thread "):]))
	if err != nil {
		return loc, nil, nil // a location that happens to contain the word
	}
	th, err := c.s.Thread(id)
	if err != nil || th.Task == nil {
		return "", nil, fmt.Errorf("unknown thread %d (a per-thread breakpoint needs an RTOS task)", id)
	}
	return strings.TrimSpace(loc[:max(i-1, 0)]), c.s.InTask(th.Task.TCB), nil
}

// frameHart is the "hart" frame queries use for the selected thread: a
// task chosen with "thread N" (debugger.TaskHart, its saved context when
// it is switched out), or the current hart.
func (c *Console) frameHart() int {
	if c.thread == 0 {
		return c.hart
	}
	if id := c.selectedThread(c.s.Threads()); id == c.thread {
		return debugger.TaskHart(id)
	}
	return c.hart
}

// stepsInSelected refuses a step while a switched-out task is selected
// ("thread N"): steps move the running task, so the selected frame would
// not be the one stepped. Continue is always allowed.
func (c *Console) stepsInSelected(name string) error {
	if name == "continue" || name == "reverse-continue" {
		return nil
	}
	h := c.frameHart()
	if h == c.hart {
		return nil
	}
	th, err := c.s.Thread(h - debugger.TaskHartBase)
	if err != nil || th.Running() {
		return nil
	}
	running := c.runningTask()
	return fmt.Errorf("%s: thread %d (%s) is switched out and steps move the running task: select it with 'thread %d', or run to thread %d with 'tswitch %d in'", name, th.ID, th.Name, running, th.ID, th.ID)
}

// runningTask is the id of the running task (0 if none).
func (c *Console) runningTask() int {
	id, _ := c.s.RunningTask(c.hart)
	return id
}

// cmdTaskSwitch runs forward ("tswitch N in|out") or backward
// ("reverse-tswitch N in|out") to where RTOS task N is switched in or
// out.
func (c *Console) cmdTaskSwitch(name, arg string) error {
	f := strings.Fields(arg)
	if len(f) != 2 || f[1] != "in" && f[1] != "out" {
		return fmt.Errorf("%s: usage: %s THREAD in|out", name, name)
	}
	id, err := strconv.Atoi(f[0])
	if err != nil {
		return fmt.Errorf("%s: bad thread id %q", name, f[0])
	}
	th, err := c.s.Thread(id)
	if err != nil || th.Task == nil {
		return fmt.Errorf("%s: thread %d is not an RTOS task now", name, id)
	}
	tcb, in, back := th.Task.TCB, f[1] == "in", strings.HasPrefix(name, "reverse-")
	c.backward = back
	defer func() { c.backward = false }()
	st, err := c.run.Run(func(s *debugger.Session) debugger.Stop { return s.RunToTaskSwitch(tcb, in, back) })
	if err != nil {
		return err
	}
	if st.Reason == debugger.ReasonStep && st.Description != "" {
		fmt.Fprintf(c.out, "%s.\n", st.Description)
	}
	c.showStop(st)
	return nil
}
