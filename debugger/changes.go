package debugger

import (
	"bytes"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// Change is one moment an expression's value changed.
type Change struct {
	// Time is the moment right after the write (seek there to see New).
	Time     uint64
	Hart     int
	PC       uint32 // the writing instruction
	Function string
	File     string
	Line     int
	Old, New string
}

// HistoryOptions tune ValueHistory.
type HistoryOptions struct {
	// Limit bounds the changes listed (default DefaultHistoryLimit); the
	// count is never bounded.
	Limit int
	// Last lists the latest changes instead of the earliest.
	Last bool
	// Format formats the values.
	Format symbols.FormatOptions
}

// DefaultHistoryLimit is the changes ValueHistory lists by default.
const DefaultHistoryLimit = 10000

// ValueHistory is every change of a value over the recorded history.
type ValueHistory struct {
	// Count is the number of changes in the whole history.
	Count int
	// Changes lists them, or the first (Last: the last) Limit of them.
	Changes []Change
	// Truncated is set when Changes lists fewer than Count.
	Truncated bool
	// Last says Changes are the latest ones.
	Last bool
	// Start and End are the extent of the history searched.
	Start, End uint64
}

// ValueHistory replays the whole recorded history (start to end) and
// lists the moments at which the memory expr names now (in frame index
// of hart) changed value. It is a query: the session is left exactly where
// it was, with its breakpoints armed as before.
func (s *Session) ValueHistory(hart, index int, expr string, opt HistoryOptions) (ValueHistory, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return ValueHistory{}, err
	}
	v, err := f.Evaluate(expr)
	if err != nil {
		return ValueHistory{}, fmt.Errorf("%s: %w", expr, err)
	}
	if !v.HasAddr {
		return ValueHistory{}, fmt.Errorf("%s is not in memory: only values in memory have a history", expr)
	}
	size := cexpr.Size(v.Type)
	if size <= 0 || size > 1<<16 {
		return ValueHistory{}, fmt.Errorf("%s has no size to follow", expr)
	}
	if opt.Limit <= 0 {
		opt.Limit = DefaultHistoryLimit
	}
	now := s.tl.Now()
	defer func() {
		_ = s.tl.Seek(now)
		s.arm(false)
	}()
	return s.scanChanges(v, uint32(size), f.Env(), opt)
}

// scanChanges replays the whole history watching writes to v.
func (s *Session) scanChanges(v cexpr.Value, size uint32, env cexpr.Env, opt HistoryOptions) (ValueHistory, error) {
	h := ValueHistory{Start: s.tl.Start(), End: s.tl.End(), Last: opt.Last}
	if err := s.tl.Seek(h.Start); err != nil {
		return h, fmt.Errorf("replaying history: %w", err)
	}
	s.tl.SetConditions(checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: v.Addr, Size: size, Access: vm.AccessWrite}}})
	old, _ := s.ReadMemory(v.Addr, int(size))
	oldText := s.syms.Format(v, env, opt.Format)
	for s.tl.Now() < h.End {
		if s.pausing() {
			s.ClearPause()
			return h, fmt.Errorf("history of the value: paused at time %d (%d changes so far)", s.tl.Now(), h.Count)
		}
		st := s.tl.Run(h.End)
		if st.Reason != vm.StopWatchpoint {
			break
		}
		cur, _ := s.ReadMemory(v.Addr, int(size))
		if bytes.Equal(cur, old) {
			continue
		}
		h.Count++
		newText := s.syms.Format(v, env, opt.Format)
		h.add(s.change(st, oldText, newText), opt)
		old, oldText = cur, newText
	}
	h.unring(opt.Limit)
	h.Truncated = h.Count > len(h.Changes)
	return h, nil
}

// add keeps c when it is among the first (or last) Limit changes.
func (h *ValueHistory) add(c Change, opt HistoryOptions) {
	switch {
	case len(h.Changes) < opt.Limit:
		h.Changes = append(h.Changes, c)
	case opt.Last: // a ring: the oldest kept change is overwritten
		h.Changes[(h.Count-1)%opt.Limit] = c
	}
}

// unring puts the ring of the last changes back in time order.
func (h *ValueHistory) unring(limit int) {
	if !h.Last || h.Count <= limit {
		return
	}
	k := h.Count % limit
	h.Changes = append(h.Changes[k:], h.Changes[:k]...)
}

// change describes a write found by the scan.
func (s *Session) change(st vm.Stop, old, new string) Change {
	c := Change{Time: s.tl.Now(), Hart: st.Hart, PC: st.PC, Old: old, New: new}
	if loc, ok := s.syms.PCToLine(st.PC); ok {
		c.File, c.Line = loc.File.Name, loc.Line
	}
	if fn := s.syms.FunctionAt(st.PC); fn != nil {
		c.Function = fn.Name
	}
	return c
}
