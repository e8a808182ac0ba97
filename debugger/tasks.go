package debugger

import (
	"errors"
	"fmt"
	"log/slog"

	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
)

// Thread is one thread of execution as front-ends list it: a hart, or,
// once an RTOS kernel's scheduler runs, one of its tasks.
type Thread struct {
	// ID is stable over the whole session: a hart's is its number plus
	// one; a task's is its TCB number (uxTCBNumber), or an id the
	// session gives it the first time it sees the TCB.
	ID int
	// Name is the hart's ("hart 0") or the task's name.
	Name string
	// Hart is the hart the thread runs on now, -1 for a switched-out task.
	Hart int
	// Task is set for an RTOS task.
	Task *rtos.Task
}

// Running reports whether the thread is executing now (a hart, or the
// task a hart runs).
func (t Thread) Running() bool { return t.Hart >= 0 }

// Label is the thread's name with its state in brackets for a task that
// is not running: "Prod [blocked on queue numbersQueue (receive)]".
func (t Thread) Label() string {
	if t.Task == nil || t.Running() {
		return t.Name
	}
	what := t.Task.State.String()
	if t.Task.WaitingOn != "" {
		what += " on " + t.Task.WaitingOn
	}
	return fmt.Sprintf("%s [%s]", t.Name, what)
}

// taskState is the session's RTOS awareness: the detected kernel (nil
// when the firmware has none) and the thread ids given to TCBs.
type taskState struct {
	probed bool
	kernel *rtos.Kernel
	ids    map[uint32]int
	nextID int
	// trapReturn caches which functions return from a trap (portcode.go).
	trapReturn map[*symbols.Function]bool
}

// RTOS returns the FreeRTOS kernel detected in the firmware, or nil when
// there is none (or Options.NoRTOS is set). It is detected once, from the
// symbols.
func (s *Session) RTOS() *rtos.Kernel {
	if !s.tasks.probed {
		s.tasks.probed = true
		if s.opt.NoRTOS {
			return nil
		}
		k, err := rtos.Detect(s.syms, s.rtosPort())
		if err != nil {
			slog.Debug("no RTOS awareness", "why", err)
			return nil
		}
		s.tasks.kernel = k
	}
	return s.tasks.kernel
}

// Tasks lists the RTOS tasks now. It returns rtos.ErrNotStarted before the
// scheduler runs, and an error when the firmware has no RTOS.
func (s *Session) Tasks() ([]rtos.Task, error) {
	k := s.RTOS()
	if k == nil {
		return nil, errors.New("the firmware has no RTOS the debugger knows")
	}
	return k.Tasks(s.m)
}

// Threads lists the threads now: the RTOS's tasks once its scheduler runs
// (the running one on hart 0), otherwise the harts. It is recomputed from
// the memory of the current moment, so it follows every seek and step.
func (s *Session) Threads() []Thread {
	if tasks, err := s.Tasks(); err == nil {
		out := make([]Thread, 0, len(tasks))
		for i := range tasks {
			t := &tasks[i]
			th := Thread{ID: s.taskID(t), Name: t.Name, Hart: -1, Task: t}
			if t.State == rtos.StateRunning {
				th.Hart = 0
			}
			out = append(out, th)
		}
		return out
	} else if !errors.Is(err, rtos.ErrNotStarted) && s.RTOS() != nil {
		slog.Debug("reading the RTOS tasks failed: showing harts", "err", err)
	}
	out := make([]Thread, s.m.Harts())
	for h := range out {
		out[h] = Thread{ID: h + 1, Name: fmt.Sprintf("hart %d", h), Hart: h}
	}
	return out
}

// taskID is the stable thread id of a task.
func (s *Session) taskID(t *rtos.Task) int {
	if t.Number != 0 {
		return int(t.Number)
	}
	if s.tasks.ids == nil {
		s.tasks.ids = map[uint32]int{}
		s.tasks.nextID = 1000
	}
	id, ok := s.tasks.ids[t.TCB]
	if !ok {
		id = s.tasks.nextID
		s.tasks.nextID++
		s.tasks.ids[t.TCB] = id
	}
	return id
}

// TaskHartBase marks the "hart" of an RTOS task in the frame queries that
// take a hart and a frame index (Frame, Evaluate, Locals, Globals,
// Children, Env): TaskHart(id) reads thread id's stack as ThreadFrames
// does, a switched-out task's from its saved registers, read-only.
const TaskHartBase = 1 << 10

// TaskHart is the "hart" that names thread id's frames in frame queries.
func TaskHart(id int) int { return TaskHartBase + id }

// Thread returns the thread with id now.
func (s *Session) Thread(id int) (Thread, error) {
	for _, t := range s.Threads() {
		if t.ID == id {
			return t, nil
		}
	}
	return Thread{}, fmt.Errorf("no thread %d now", id)
}

// ThreadFrames returns the call stack of thread id now: a running
// thread's from its hart, a switched-out task's from the registers its
// context switch saved.
func (s *Session) ThreadFrames(id int) ([]*symbols.Frame, error) {
	th, err := s.Thread(id)
	if err != nil {
		return nil, err
	}
	if th.Running() {
		fs, err := s.Frames(th.Hart)
		if err != nil || th.Task == nil {
			return fs, err
		}
		return taskStack(th.Task, fs), nil
	}
	tgt, err := s.savedTarget(th.Task)
	if err != nil {
		return nil, err
	}
	fs, err := s.syms.Unwind(tgt, symbols.UnwindOptions{})
	if err != nil {
		return nil, fmt.Errorf("unwinding task %s: %w", th.Name, err)
	}
	return taskStack(th.Task, fs), nil
}

// taskStack ends a task's call stack at its task function: the first
// frame with the highest CFA near the top of the task's stack. A task
// function never returns, so what lies past it is not a caller. Without
// pxEndOfStack the stack is left whole.
func taskStack(t *rtos.Task, fs []*symbols.Frame) []*symbols.Frame {
	if t.StackEnd == 0 {
		return fs
	}
	var top uint32
	for _, f := range fs {
		if atStackTop(t, f.CFA) {
			top = max(top, f.CFA)
		}
	}
	for i, f := range fs {
		if top != 0 && f.CFA == top {
			// an inlined frame is followed by the function holding it
			j := i
			for fs[j].Inlined && j+1 < len(fs) && fs[j+1].CFA == f.CFA {
				j++
			}
			return fs[:j+1]
		}
	}
	return fs
}

// stackTopSlack is how far below pxEndOfStack a task function's CFA may
// lie: the kernel aligns the initial stack pointer down (to 16 bytes on
// RISC-V) and a port may reserve a few words above it.
const stackTopSlack = 32

// atStackTop reports whether cfa is the CFA of task t's task function:
// the top of its stack.
func atStackTop(t *rtos.Task, cfa uint32) bool {
	end := t.StackEnd + 4
	return cfa <= end && cfa+stackTopSlack >= end
}

// ThreadRegisters lists the registers of thread id now, as Registers
// does for a hart: a running thread's are its hart's; a switched-out
// task's are those its context switch saved (the core registers and,
// when the port saves them, the xPSR and FP registers), with the
// registers the port does not switch (RISC-V gp, tp) read from the hart.
// The system registers and CSRs are no part of a task's context.
func (s *Session) ThreadRegisters(id int) ([]Register, error) {
	th, err := s.Thread(id)
	if err != nil {
		return nil, err
	}
	if th.Running() {
		return s.Registers(th.Hart)
	}
	tgt, err := s.savedTarget(th.Task)
	if err != nil {
		return nil, err
	}
	rf := s.regs()
	var out []Register
	for _, ri := range s.RegisterInfos() {
		r := Register{Name: ri.Name, Num: ri.Num, Info: ri}
		slot := rf.savedSlot(ri)
		v, saved := tgt.regs.Saved[slot]
		switch {
		case ri.Num == PCRegister:
			r.Value = tgt.PC()
		case saved && ri.Bits == 32:
			r.Value = v
		case ri.Group == GroupCore && ri.DWARF >= 0 && ri.Bits == 32:
			r.Value = tgt.Register(ri.DWARF) // not switched: the hart's
		default:
			continue
		}
		r.Fields = rf.fields(ri.Name, r.Value)
		out = append(out, r)
	}
	return out, nil
}

// TasksActive reports whether threads (from Threads) are RTOS tasks: a
// scheduler runs. Otherwise they are the harts.
func TasksActive(threads []Thread) bool { return len(threads) > 0 && threads[0].Task != nil }

// RunningTask is the id of the RTOS task running on hart now; ok is false
// when no task runs there (no RTOS, or its scheduler has not started).
func (s *Session) RunningTask(hart int) (id int, ok bool) {
	for _, th := range s.Threads() {
		if th.Task != nil && th.Running() && th.Hart == hart {
			return th.ID, true
		}
	}
	return 0, false
}
