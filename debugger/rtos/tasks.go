package rtos

import (
	"fmt"
	"sort"
	"strings"
)

// State is what a task is doing at the moment read.
type State int

// Task states.
const (
	StateRunning State = iota
	StateReady
	StateBlocked
	StateSuspended
	StateDeleted
)

// String names the state as FreeRTOS's eTaskState does, in lower case.
func (s State) String() string {
	switch s {
	case StateRunning:
		return "running"
	case StateReady:
		return "ready"
	case StateBlocked:
		return "blocked"
	case StateSuspended:
		return "suspended"
	case StateDeleted:
		return "deleted"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Task is one task as the kernel's structures describe it.
type Task struct {
	TCB          uint32 // address of its TCB_t: the task's identity
	Number       uint32 // uxTCBNumber (creation order, from 1), 0 if not configured
	Name         string
	Priority     uint32
	BasePriority uint32 // uxBasePriority, equal to Priority unless a mutex raised it
	State        State
	// WaitingOn names what a blocked task waits for: "delay", or the
	// queue, semaphore or list it is on ("queue numbers (receive)").
	WaitingOn string
	// WakeTick is the tick count a delayed task wakes at (HasWake).
	WakeTick uint32
	HasWake  bool
	// TopOfStack is pxTopOfStack: where a switched-out task's registers lie.
	TopOfStack uint32
	// StackBase is pxStack (the lowest address); StackEnd is pxEndOfStack
	// (the highest word), 0 when the kernel does not record it.
	StackBase, StackEnd uint32
	// StackUnused is the number of bytes at the bottom of the stack never
	// written (the high-water mark, from the fill pattern).
	StackUnused uint32
}

// Describe is a one-line summary: state, priority, what it waits on.
func (t Task) Describe() string {
	var b strings.Builder
	b.WriteString(t.State.String())
	if t.WaitingOn != "" {
		fmt.Fprintf(&b, " on %s", t.WaitingOn)
	}
	if t.HasWake {
		fmt.Fprintf(&b, " until tick %d", t.WakeTick)
	}
	fmt.Fprintf(&b, ", priority %d", t.Priority)
	if t.BasePriority != t.Priority {
		fmt.Fprintf(&b, " (base %d)", t.BasePriority)
	}
	return b.String()
}

// Tasks lists every task the kernel knows, in creation order (or by TCB
// address without configUSE_TRACE_FACILITY): the running one and those
// on the ready, delayed, pending, suspended and terminating lists.
func (k *Kernel) Tasks(mem Memory) ([]Task, error) {
	started, err := k.Started(mem)
	if err != nil {
		return nil, err
	}
	if !started {
		return nil, ErrNotStarted
	}
	r := &reader{mem: mem}
	cur := r.u32(k.currentTCB)
	byTCB := map[uint32]*Task{}
	for _, l := range k.named {
		items, err := k.walk(r, l.name, l.addr)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if it.owner == 0 || byTCB[it.owner] != nil {
				continue
			}
			t := k.readTask(r, it.owner)
			t.State = l.state
			if l.state == StateBlocked {
				t.WakeTick, t.HasWake = it.value, true
			}
			byTCB[it.owner] = &t
		}
	}
	if byTCB[cur] == nil {
		t := k.readTask(r, cur)
		byTCB[cur] = &t
	}
	byTCB[cur].State = StateRunning
	tasks := make([]Task, 0, len(byTCB))
	for _, t := range byTCB {
		k.explainWait(r, t)
		tasks = append(tasks, *t)
	}
	if r.err != nil {
		return nil, r.err
	}
	sort.Slice(tasks, func(i, j int) bool {
		if tasks[i].Number != tasks[j].Number {
			return tasks[i].Number < tasks[j].Number
		}
		return tasks[i].TCB < tasks[j].TCB
	})
	return tasks, nil
}

// readTask reads the fields of the TCB at addr.
func (k *Kernel) readTask(r *reader, addr uint32) Task {
	l := k.lay
	t := Task{
		TCB:        addr,
		Number:     r.uint(addr, l.tcbNumber),
		Name:       k.taskName(r, addr),
		Priority:   r.uint(addr, l.priority),
		TopOfStack: r.u32(addr + l.topOfStack.off),
		StackBase:  r.u32(addr + l.stack.off),
		StackEnd:   r.uint(addr, l.endOfStack),
	}
	t.BasePriority = t.Priority
	if l.basePriority.ok {
		t.BasePriority = r.uint(addr, l.basePriority)
	}
	limit := t.TopOfStack
	if t.StackEnd > t.StackBase {
		limit = t.StackEnd + 4
	}
	t.StackUnused = unusedStack(r, t.StackBase, limit)
	return t
}

// taskName reads pcTaskName up to its NUL.
func (k *Kernel) taskName(r *reader, addr uint32) string {
	n := k.lay.name.size
	if n == 0 || n > 64 {
		n = 16
	}
	b := make([]byte, n)
	if r.err != nil || r.mem.ReadMemory(addr+k.lay.name.off, b) != nil {
		return ""
	}
	if i := strings.IndexByte(string(b), 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// explainWait fills WaitingOn for a blocked or suspended task from the
// list its event item is on. A suspended task waiting on an event with no
// timeout is blocked, as eTaskGetState reports it.
func (k *Kernel) explainWait(r *reader, t *Task) {
	l := k.lay
	ev := r.u32(t.TCB + l.eventItem.off + l.container.off)
	if ev == 0 {
		if t.State == StateBlocked {
			t.WaitingOn = "delay"
		}
		return
	}
	if t.State == StateSuspended {
		t.State = StateBlocked
	}
	if t.State != StateBlocked {
		return
	}
	t.WaitingOn = k.describeWaitList(r, ev)
}

// describeWaitList names the list at addr: a queue's (or semaphore's)
// waiting-to-send or waiting-to-receive list, or a data symbol.
func (k *Kernel) describeWaitList(r *reader, addr uint32) string {
	l := k.lay
	for _, w := range []struct {
		f   field
		dir string
	}{{l.waitToRecv, "receive"}, {l.waitToSend, "send"}} {
		if !w.f.ok || addr < w.f.off {
			continue
		}
		q := addr - w.f.off
		name, ok := k.registry.lookup(r, q)
		if !ok {
			name, ok = k.tab.SymbolAt(q)
			ok = ok && !strings.Contains(name, "+") // the queue must start there
		}
		if !ok {
			continue
		}
		kind := "queue"
		if l.itemSize.ok && r.uint(q, l.itemSize) == 0 {
			kind = "semaphore"
			if w.dir == "receive" {
				return fmt.Sprintf("%s %s (take)", kind, name)
			}
			return fmt.Sprintf("%s %s (give)", kind, name)
		}
		return fmt.Sprintf("%s %s (%s)", kind, name, w.dir)
	}
	if name, ok := k.tab.SymbolAt(addr); ok {
		return name
	}
	return fmt.Sprintf("list 0x%08x", addr)
}

// StackSize is the size of the task's stack in bytes, from pxStack to
// the end of its top word (pxEndOfStack); 0 when the kernel does not
// record the end.
func (t Task) StackSize() uint32 {
	if t.StackEnd <= t.StackBase {
		return 0
	}
	return t.StackEnd + 4 - t.StackBase
}

// StackUsed is the part of the stack the task has ever written (0 when
// the size is unknown).
func (t Task) StackUsed() uint32 {
	if size := t.StackSize(); size > t.StackUnused {
		return size - t.StackUnused
	}
	return 0
}
