package gdbserver

import (
	"slices"

	"github.com/rewind-debugger/rewind/debugger"
)

// points is what gdb has inserted: code breakpoints by address and kind
// (software or hardware, each with its condition), and watchpoints. The
// session holds them as instruction and data breakpoints; codeByID and
// dataByID map the session's breakpoint ids back, to describe a stop.
type points struct {
	code     map[bpKey]Breakpoint
	watch    []Watchpoint
	codeByID map[int]bpKey      // session breakpoint id -> code breakpoint
	dataByID map[int]Watchpoint // session breakpoint id -> watchpoint
}

func newPoints() points {
	return points{code: map[bpKey]Breakpoint{}, codeByID: map[int]bpKey{}, dataByID: map[int]Watchpoint{}}
}

// SetBreakpoint implements Target.
func (a *SessionTarget) SetBreakpoint(b Breakpoint) error {
	a.points.code[bpKey{b.Addr, b.Hardware}] = b
	a.armCode()
	return nil
}

// ClearBreakpoint implements Target.
func (a *SessionTarget) ClearBreakpoint(addr uint32, hardware bool) error {
	delete(a.points.code, bpKey{addr, hardware})
	a.armCode()
	return nil
}

// SetWatchpoint implements Target.
func (a *SessionTarget) SetWatchpoint(w Watchpoint) error {
	a.points.watch = append(a.points.watch, w)
	a.armData()
	return nil
}

// ClearWatchpoint implements Target.
func (a *SessionTarget) ClearWatchpoint(w Watchpoint) error {
	if i := slices.Index(a.points.watch, w); i >= 0 {
		a.points.watch = slices.Delete(a.points.watch, i, i+1)
	}
	a.armData()
	return nil
}

// armCode gives the session gdb's code breakpoints as instruction
// breakpoints, with gdb's conditions as conditions the session evaluates
// at each hit.
func (a *SessionTarget) armCode() {
	keys := make([]bpKey, 0, len(a.points.code))
	specs := make([]debugger.InstructionSpec, 0, len(a.points.code))
	for k, b := range a.points.code {
		keys = append(keys, k)
		specs = append(specs, debugger.InstructionSpec{Addr: b.Addr,
			Condition: debugger.Condition{Func: condFunc(b.Cond)}})
	}
	clear(a.points.codeByID)
	for i, b := range a.s.SetInstructionBreakpoints(specs) {
		if !b.Verified {
			a.log.Warn("breakpoint not armed", "addr", keys[i].addr, "why", b.Message)
		}
		a.points.codeByID[b.ID] = keys[i]
	}
}

// condFunc adapts a Breakpoint's condition to the session's.
func condFunc(c func(hart int) bool) debugger.CondFunc {
	if c == nil {
		return nil
	}
	return func(hart int) (bool, error) { return c(hart), nil }
}

// armData gives the session gdb's watchpoints as data breakpoints.
func (a *SessionTarget) armData() {
	specs := make([]debugger.DataSpec, 0, len(a.points.watch))
	for _, w := range a.points.watch {
		specs = append(specs, debugger.DataSpec{Addr: w.Addr, Size: w.Len,
			Access: debugger.DataAccess(w.Kind != WatchWrite, w.Kind != WatchRead)})
	}
	clear(a.points.dataByID)
	for i, b := range a.s.SetDataBreakpoints(specs) {
		a.points.dataByID[b.ID] = a.points.watch[i]
	}
}

// hardwareOnly reports whether the code breakpoints that caused a stop
// were all inserted as hardware breakpoints (Z1).
func (p *points) hardwareOnly(ids []int) bool {
	hw := false
	for _, id := range ids {
		k, ok := p.codeByID[id]
		if !ok {
			continue
		}
		if !k.hardware {
			return false
		}
		hw = true
	}
	return hw
}

// watched returns the watchpoint behind a data stop.
func (p *points) watched(ids []int) (Watchpoint, bool) {
	for _, id := range ids {
		if w, ok := p.dataByID[id]; ok {
			return w, true
		}
	}
	return Watchpoint{}, false
}
