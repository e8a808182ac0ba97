package gdbserver

import (
	"fmt"
	"log/slog"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// TimelineTarget adapts a checkpoint.Timeline to Target: forward runs
// extend or replay history, reverse runs search it.
type TimelineTarget struct {
	tl      *checkpoint.Timeline
	m       *vm.Machine
	log     *slog.Logger
	limit   uint64 // forward runs stop here with EventHistoryEnd
	bps     map[uint32]*bpPair
	wps     []Watchpoint
	running atomic.Bool
	hitTime uint64 // Stop.Time of the last stop translated by event
	console func([]byte)
	pending []byte   // output not yet sent to the console
	notices []string // messages for the user, see Notices
}

// bpPair holds the software and hardware breakpoints at one address.
type bpPair struct {
	sw, hw *Breakpoint
}

// NewTimelineTarget wraps tl. Forward execution stops with
// EventHistoryEnd at time limit (checkpoint.Forever for none: running past
// the end of history then extends it).
func NewTimelineTarget(tl *checkpoint.Timeline, limit uint64, log *slog.Logger) *TimelineTarget {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &TimelineTarget{tl: tl, m: tl.Machine(), log: log, limit: limit, bps: map[uint32]*bpPair{}}
}

// Harts implements Target.
func (a *TimelineTarget) Harts() int { return a.m.Harts() }

// ReadRegister implements Target.
func (a *TimelineTarget) ReadRegister(hart int, r Reg) (uint32, error) {
	if hart < 0 || hart >= a.m.Harts() {
		return 0, fmt.Errorf("no hart %d", hart)
	}
	h := a.m.Hart(hart)
	switch r.Kind {
	case RegGPR:
		return h.Reg(int(r.Num)), nil
	case RegPC:
		return h.PC(), nil
	}
	v, ok := h.ReadCSR(r.Num)
	if !ok {
		return 0, fmt.Errorf("no CSR %#x", r.Num)
	}
	return v, nil
}

// WriteRegister implements Target; before the end of history it forks.
func (a *TimelineTarget) WriteRegister(hart int, r Reg, v uint32) error {
	if hart < 0 || hart >= a.m.Harts() {
		return fmt.Errorf("no hart %d", hart)
	}
	n := uint32(r.Num)
	switch r.Kind {
	case RegPC:
		n = checkpoint.RegPC
	case RegCSR:
		n = checkpoint.RegCSR + uint32(r.Num)
	}
	forked, err := a.tl.SetRegister(hart, n, v)
	a.noteFork(forked)
	return err
}

// ReadMemory implements Target.
func (a *TimelineTarget) ReadMemory(addr uint32, buf []byte) error {
	return a.m.ReadMemory(addr, buf)
}

// WriteMemory implements Target; before the end of history it forks.
func (a *TimelineTarget) WriteMemory(addr uint32, data []byte) error {
	forked, err := a.tl.WriteMemory(addr, data)
	a.noteFork(forked)
	return err
}

// noteFork tells the user, through the log and gdb's console, that a
// change to the past discarded the recorded future.
func (a *TimelineTarget) noteFork(forked bool) {
	if !forked {
		return
	}
	a.log.Warn("the past was changed: the history after this moment is discarded", "time", a.tl.Now())
	a.notices = append(a.notices, fmt.Sprintf(
		"rewind: the past was changed at time %d: the recorded history after this moment was discarded\n", a.tl.Now()))
}

// TakeNotices implements Notices.
func (a *TimelineTarget) TakeNotices() []string {
	n := a.notices
	a.notices = nil
	return n
}

// SetBreakpoint implements Target.
func (a *TimelineTarget) SetBreakpoint(b Breakpoint) error {
	p := a.bps[b.Addr]
	if p == nil {
		p = &bpPair{}
		a.bps[b.Addr] = p
	}
	if b.Hardware {
		p.hw = &b
	} else {
		p.sw = &b
	}
	a.arm()
	return nil
}

// ClearBreakpoint implements Target.
func (a *TimelineTarget) ClearBreakpoint(addr uint32, hardware bool) error {
	if p := a.bps[addr]; p != nil {
		if hardware {
			p.hw = nil
		} else {
			p.sw = nil
		}
		if p.sw == nil && p.hw == nil {
			delete(a.bps, addr)
		}
	}
	a.arm()
	return nil
}

// SetWatchpoint implements Target.
func (a *TimelineTarget) SetWatchpoint(w Watchpoint) error {
	a.wps = append(a.wps, w)
	a.arm()
	return nil
}

// ClearWatchpoint implements Target.
func (a *TimelineTarget) ClearWatchpoint(w Watchpoint) error {
	for i, x := range a.wps {
		if x == w {
			a.wps = append(a.wps[:i], a.wps[i+1:]...)
			break
		}
	}
	a.arm()
	return nil
}

// arm gives the timeline the current stop conditions.
func (a *TimelineTarget) arm() {
	var c checkpoint.Conditions
	for addr := range a.bps {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: addr, Hart: -1})
	}
	for _, w := range a.wps {
		acc := vm.AccessRW
		switch w.Kind {
		case WatchWrite:
			acc = vm.AccessWrite
		case WatchRead:
			acc = vm.AccessRead
		}
		c.Watchpoints = append(c.Watchpoints, checkpoint.Watchpoint{Addr: w.Addr, Size: w.Len, Access: acc})
	}
	c.Predicate = a.accept
	a.tl.SetConditions(c)
}

// accept is the timeline's predicate: breakpoint conditions are evaluated
// with the machine at the hit.
func (a *TimelineTarget) accept(_ *vm.Machine, st vm.Stop) bool {
	if st.Reason != vm.StopBreakpoint {
		return true
	}
	p := a.bps[st.PC]
	if p == nil {
		return false
	}
	for _, b := range []*Breakpoint{p.sw, p.hw} {
		if b != nil && (b.Cond == nil || b.Cond(st.Hart)) {
			return true
		}
	}
	return false
}

// Interrupt implements Target.
func (a *TimelineTarget) Interrupt() {
	if a.running.Load() {
		a.tl.Pause()
	}
}

// Now implements Target.
func (a *TimelineTarget) Now() uint64 { return a.tl.Now() }

// Seek implements Target.
func (a *TimelineTarget) Seek(t uint64) error { return a.tl.Seek(t) }

// History implements Target.
func (a *TimelineTarget) History() History {
	st := a.tl.Stats()
	return History{
		Start: a.tl.Start(), End: a.tl.End(),
		Checkpoints: st.Checkpoints, Bytes: st.Bytes,
		Cached: st.Cached, CachedBytes: st.CachedBytes, Events: st.Events,
	}
}

// SendUART implements Target.
func (a *TimelineTarget) SendUART(data []byte) error {
	forked, err := a.tl.UARTInput(data)
	a.noteFork(forked)
	return err
}

// SetConsole implements Console.
func (a *TimelineTarget) SetConsole(sink func([]byte)) { a.console = sink }

// Output takes one byte the firmware printed for the first time (pass it
// from checkpoint.Options.Output); lines go to gdb's console.
func (a *TimelineTarget) Output(b byte) {
	if a.console == nil {
		return
	}
	a.pending = append(a.pending, b)
	if b == '\n' || len(a.pending) >= 256 {
		a.flushOutput()
	}
}

// flushOutput sends pending output to the console.
func (a *TimelineTarget) flushOutput() {
	if len(a.pending) > 0 && a.console != nil {
		a.console(a.pending)
	}
	a.pending = a.pending[:0]
}
