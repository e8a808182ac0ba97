package gdbserver

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// maxStepScan bounds the machine steps a forward step of one hart may take
// while the other harts run their turns (a hart idle in wfi may never step).
const maxStepScan = 1 << 22

// POSIX signal numbers reported for fatal stops.
const (
	sigILL  = 4
	sigBUS  = 7
	sigSEGV = 11
)

// Resume implements Target.
func (a *TimelineTarget) Resume(act Action) (Event, error) {
	a.running.Store(true)
	defer a.running.Store(false)
	defer a.flushOutput()
	hart := act.Hart
	if hart < 0 || hart >= a.m.Harts() {
		hart = 0
	}
	switch {
	case act.Reverse && act.Step:
		return a.stepBack(hart)
	case act.Reverse:
		return a.reverseContinue(hart)
	case act.Step:
		return a.beforeAccess(a.stepForward(hart))
	}
	return a.beforeAccess(a.event(a.tl.Run(a.limit), hart))
}

// gdb treats RISC-V watchpoints as non-steppable: it expects a forward
// watchpoint stop before the accessing instruction executes (it then steps
// over it with the watchpoint removed), and a reverse stop after it (it
// then steps back over it). The timeline stops forward runs after the
// access and reverse searches before it; beforeAccess and afterAccess move
// the machine by that one instruction.

// beforeAccess moves back to just before the access of a forward
// watchpoint stop.
func (a *TimelineTarget) beforeAccess(ev Event) (Event, error) {
	if ev.Kind != EventWatchpoint {
		return ev, nil
	}
	if err := a.tl.Seek(a.hitTime); err != nil {
		return Event{}, fmt.Errorf("moving before the watched access: %w", err)
	}
	return ev, nil
}

// afterAccess moves to just after the access of a reverse watchpoint stop.
func (a *TimelineTarget) afterAccess(ev Event) (Event, error) {
	if ev.Kind != EventWatchpoint {
		return ev, nil
	}
	if err := a.tl.Seek(a.hitTime + 1); err != nil {
		return Event{}, fmt.Errorf("moving after the watched access: %w", err)
	}
	return ev, nil
}

// stepForward runs until hart has taken one step, or something stops the
// machine first.
func (a *TimelineTarget) stepForward(hart int) Event {
	start := a.steps(hart)
	for range maxStepScan {
		if a.tl.Now() >= a.limit {
			return Event{Kind: EventHistoryEnd, Hart: hart}
		}
		st := a.tl.Run(a.tl.Now() + 1)
		if st.Reason != vm.StopLimit {
			return a.event(st, hart)
		}
		if a.m.Harts() == 1 || a.steps(hart) != start {
			break
		}
	}
	return Event{Kind: EventStep, Hart: hart}
}

// steps returns the number of steps hart has taken (its mcycle).
func (a *TimelineTarget) steps(hart int) uint64 {
	h := a.m.Hart(hart)
	lo, _ := h.ReadCSR(0xb00)
	hi, _ := h.ReadCSR(0xb80)
	return uint64(hi)<<32 | uint64(lo)
}

// stepBack moves to just before the last step hart took.
func (a *TimelineTarget) stepBack(hart int) (Event, error) {
	if a.m.Harts() == 1 {
		moved, err := a.tl.StepBack(1)
		if err != nil {
			return Event{}, fmt.Errorf("stepping back: %w", err)
		}
		if !moved {
			return Event{Kind: EventHistoryBegin, Hart: hart}, nil
		}
		return Event{Kind: EventStep, Hart: hart}, nil
	}
	t, ok, err := a.lastStepOf(hart)
	if err != nil {
		return Event{}, err
	}
	if !ok {
		return Event{Kind: EventHistoryBegin, Hart: hart}, a.tl.Seek(a.tl.Start())
	}
	return Event{Kind: EventStep, Hart: hart}, a.tl.Seek(t)
}

// lastStepOf finds the time of the last step hart took before Now: the
// latest T with steps(T) < steps(Now), found by probing back in growing
// distances and then bisecting (a hart's step count never decreases).
func (a *TimelineTarget) lastStepOf(hart int) (uint64, bool, error) {
	now, start := a.tl.Now(), a.tl.Start()
	c := a.steps(hart)
	countAt := func(t uint64) (uint64, error) {
		if err := a.tl.Seek(t); err != nil {
			return 0, fmt.Errorf("stepping back: %w", err)
		}
		return a.steps(hart), nil
	}
	hi := now // steps(hi) == c
	lo := now
	for d := uint64(1); ; d *= 2 {
		if now-start <= d {
			lo = start
		} else {
			lo = now - d
		}
		n, err := countAt(lo)
		if err != nil {
			return 0, false, err
		}
		if n < c {
			break
		}
		if lo == start {
			return 0, false, a.tl.Seek(now)
		}
		hi = lo
	}
	for hi-lo > 1 { // steps(lo) < c == steps(hi)
		mid := lo + (hi-lo)/2
		n, err := countAt(mid)
		if err != nil {
			return 0, false, err
		}
		if n < c {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true, nil
}

// reverseContinue runs back to the last stop condition hit before Now.
func (a *TimelineTarget) reverseContinue(hart int) (Event, error) {
	st, found, err := a.tl.ReverseContinue()
	switch {
	case errors.Is(err, checkpoint.ErrPaused):
		return Event{Kind: EventInterrupted, Hart: hart}, nil
	case err != nil:
		return Event{}, fmt.Errorf("reverse continue: %w", err)
	case !found:
		return Event{Kind: EventHistoryBegin, Hart: hart}, nil
	}
	return a.afterAccess(a.event(st, hart))
}

// event translates a machine stop into a stop event.
func (a *TimelineTarget) event(st vm.Stop, hart int) Event {
	ev := Event{Hart: st.Hart}
	a.hitTime = st.Time
	switch st.Reason {
	case vm.StopBreakpoint:
		ev.Kind = EventBreakpoint
		if p := a.bps[st.PC]; p != nil && p.sw == nil {
			ev.Hardware = true
		}
	case vm.StopWatchpoint:
		ev.Kind = EventWatchpoint
		ev.Addr, ev.Access = a.watchHit(st)
	case vm.StopExit:
		ev.Kind, ev.ExitCode = EventExited, st.ExitCode
	case vm.StopFatal:
		ev.Kind, ev.Signal = EventFault, faultSignal(st.Cause)
	case vm.StopIdle:
		ev.Kind = EventIdle
	case vm.StopLimit:
		ev.Kind, ev.Hart = EventInterrupted, hart
		if a.tl.Now() >= a.limit {
			ev.Kind = EventHistoryEnd
		}
	default: // pause, or a trap (trap stops are not armed)
		ev.Kind = EventInterrupted
	}
	return ev
}

// watchHit picks the watchpoint an access hit and the address to report:
// inside the watched range, so gdb recognises its watchpoint.
func (a *TimelineTarget) watchHit(st vm.Stop) (uint32, WatchKind) {
	end := uint64(st.Addr) + uint64(max(st.Size, 1))
	for _, w := range a.wps {
		wend := uint64(w.Addr) + uint64(w.Len)
		if uint64(w.Addr) >= end || wend <= uint64(st.Addr) {
			continue
		}
		if (w.Kind == WatchWrite && st.Access == vm.AccessRead) || (w.Kind == WatchRead && st.Access == vm.AccessWrite) {
			continue
		}
		return max(st.Addr, w.Addr), w.Kind
	}
	if st.Access == vm.AccessRead {
		return st.Addr, WatchRead
	}
	return st.Addr, WatchWrite
}

// faultSignal maps an mcause to the signal gdb shows.
func faultSignal(cause uint32) int {
	switch cause {
	case 2: // illegal instruction
		return sigILL
	case 0, 4, 6: // misaligned
		return sigBUS
	case 3: // ebreak
		return sigTRAP
	}
	return sigSEGV
}
