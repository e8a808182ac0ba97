package gdbserver

import (
	"errors"
	"fmt"
	"strconv"
)

// TaskHartBase marks the "hart" of a switched-out RTOS task in register
// reads: TaskHartBase + its thread id. A target that lists tasks reads
// such a task's registers from its saved context, and refuses writes.
const TaskHartBase = 1 << 16

// TaskThread is an RTOS task shown to gdb as a thread.
type TaskThread struct {
	ID int
	// Hart is the hart running it, -1 when it is switched out.
	Hart int
	// Extra is qThreadExtraInfo's text: name, state and priority.
	Extra string
}

// TaskLister is implemented by targets that show an RTOS's tasks as
// gdb threads.
type TaskLister interface {
	// Tasks lists the tasks now; none when there is no RTOS or its
	// scheduler has not started (the harts are the threads then).
	Tasks() []TaskThread
}

// tasks returns the target's tasks now (nil without any).
func (ss *session) tasks() []TaskThread {
	if l, ok := ss.t.(TaskLister); ok {
		return l.Tasks()
	}
	return nil
}

// taskThread maps a thread id to the hart index the stub uses for it:
// the running task's hart, or TaskHartBase + id for a switched-out task.
func (ss *session) taskThread(id int) (int, bool) {
	for _, t := range ss.tasks() {
		if t.ID == id {
			if t.Hart >= 0 {
				return t.Hart, true
			}
			return TaskHartBase + id, true
		}
	}
	return 0, false
}

// threadName is the thread id gdb knows hart (or a task "hart") by.
func (ss *session) threadName(hart int) string {
	if hart >= TaskHartBase {
		return strconv.FormatUint(uint64(hart-TaskHartBase), 16)
	}
	for _, t := range ss.tasks() {
		if t.Hart == hart {
			return strconv.FormatUint(uint64(t.ID), 16)
		}
	}
	return threadID(hart)
}

// taskThreadInfo is qfThreadInfo's reply when tasks are the threads.
func (ss *session) taskThreadInfo() (string, bool) {
	ts := ss.tasks()
	if len(ts) == 0 {
		return "", false
	}
	out := "m"
	for i, t := range ts {
		if i > 0 {
			out += ","
		}
		out += strconv.FormatUint(uint64(t.ID), 16)
	}
	return out, true
}

// taskExtra is qThreadExtraInfo's text for a task "hart".
func (ss *session) taskExtra(hart int) (string, bool) {
	name := ss.threadName(hart)
	for _, t := range ss.tasks() {
		if strconv.FormatUint(uint64(t.ID), 16) == name {
			return t.Extra, true
		}
	}
	return "", false
}

// errSwitchedOut refuses register writes to a switched-out task.
var errSwitchedOut = errors.New("the task is switched out: its registers are its saved context and read-only")

// Tasks implements TaskLister.
func (a *SessionTarget) Tasks() []TaskThread {
	var out []TaskThread
	for _, th := range a.s.Threads() {
		if th.Task == nil {
			return nil
		}
		out = append(out, TaskThread{ID: th.ID, Hart: th.Hart,
			Extra: fmt.Sprintf("%s, %s", th.Name, th.Task.Describe())})
	}
	return out
}

// taskRegister reads a register of a switched-out task from its saved
// context.
func (a *SessionTarget) taskRegister(hart int, r Reg) (uint32, error) {
	regs, err := a.s.ThreadRegisters(hart - TaskHartBase)
	if err != nil {
		return 0, err
	}
	n, err := a.regNum(r)
	if err != nil {
		return 0, err
	}
	for _, reg := range regs {
		if reg.Num == n {
			return reg.Value, nil
		}
	}
	return 0, fmt.Errorf("a switched-out task's register %s is not saved", regName(r))
}

// regName spells a Reg for messages.
func regName(r Reg) string {
	switch r.Kind {
	case RegNamed:
		return r.Name
	case RegPC:
		return "pc"
	case RegCSR:
		return fmt.Sprintf("CSR %#x", r.Num)
	}
	return fmt.Sprintf("%d", r.Num)
}
