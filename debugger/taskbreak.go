package debugger

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// InTask is a breakpoint condition (Condition.Func) that holds only while
// the RTOS task with TCB tcb runs: "stop here only in task X". It reads
// pxCurrentTCB at the hit, so it holds in forward runs and reverse
// searches alike; without a running scheduler it is false.
func (s *Session) InTask(tcb uint32) CondFunc {
	return func(int) (bool, error) {
		return s.isCurrent(tcb), nil
	}
}

// maxSwitches bounds the context switches one RunToTaskSwitch looks at.
const maxSwitches = 1 << 20

// RunToTaskSwitch runs forward (or backward) to the next (previous)
// moment task tcb is switched in (in) or out: a write to pxCurrentTCB
// that makes it tcb, or that replaces tcb by another task, once the
// scheduler runs (the kernel sets pxCurrentTCB as it creates tasks
// before). It watches
// pxCurrentTCB with a data breakpoint whose condition reads the new value
// at each write and checks the old one from history; the other
// breakpoints stop the run as usual. Going forward it stops just after
// the write, going backward just before it; that stop has ReasonStep and
// a description naming both tasks ("Cons switched out, Prod switched in").
func (s *Session) RunToTaskSwitch(tcb uint32, in, backward bool) Stop {
	k := s.RTOS()
	if k == nil {
		return s.errorStop(errors.New("the firmware has no RTOS the debugger knows"))
	}
	cond := func(int) (bool, error) {
		cur, err := k.CurrentTCB(s.m)
		return (cur == tcb) == in, err
	}
	bp, err := s.AddBreakpoint(BreakpointSpec{Kind: KindData, Addr: k.CurrentTCBAddr(), Size: 4,
		Access: AccessWrite, Expr: "pxCurrentTCB", Condition: Condition{Func: cond}})
	if err != nil {
		return s.errorStop(fmt.Errorf("watching pxCurrentTCB: %w", err))
	}
	defer func() { _ = s.RemoveBreakpoint(bp.ID) }()
	for range maxSwitches {
		var st Stop
		if backward {
			st = s.ReverseContinue()
		} else {
			st = s.Continue()
		}
		if !slices.Contains(st.BreakpointIDs, bp.ID) || st.Watch == nil {
			return st
		}
		before := binary.LittleEndian.Uint32(append(st.Watch.Before, 0, 0, 0, 0))
		after := binary.LittleEndian.Uint32(append(st.Watch.After, 0, 0, 0, 0))
		running, _ := k.Started(s.m)
		if running && (in && before != tcb && after == tcb || !in && before == tcb && after != tcb) {
			if len(st.BreakpointIDs) == 1 { // the switch alone: say so plainly
				st.Reason, st.BreakpointIDs, st.Breakpoints, st.Watch = ReasonStep, nil, nil, nil
				st.Description = fmt.Sprintf("%s switched out, %s switched in", s.taskName(before), s.taskName(after))
			}
			return st
		}
	}
	return s.stopHere(ReasonPause, s.hart, "no such context switch in many; stopped")
}

// rtosYield reports whether a trap cause is a system call (TrapCall) that
// the architecture's table counts among the faults, in firmware with an
// RTOS: the kernel's yield (portYIELD is ecall on RISC-V), which the
// "faults" exception filter lets pass. Cortex-M's SVCall is no fault, so
// its own filter still stops at the ports' svc (the scheduler start).
func (s *Session) rtosYield(cause uint32) bool {
	t := s.traps()
	return t.row(cause).kind == TrapCall && t.fault(cause) && s.RTOS() != nil
}

// taskName names the task with TCB tcb now (its address if none).
func (s *Session) taskName(tcb uint32) string {
	if t, err := s.taskByTCB(tcb); err == nil {
		return t.Name
	}
	return fmt.Sprintf("task 0x%08x", tcb)
}
