package dbgext

import (
	"bytes"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/debugger"
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

// maxChanges bounds the changes Changes reports (the earliest ones).
const maxChanges = 10000

// Changes lists every moment of the recorded history (start to end) at
// which the memory expr names now (in frame of hart) changed value, with
// the old and new values formatted. The position in time is kept.
//
// It replays history with a write watchpoint on that memory; the session's
// stop conditions are armed again afterwards by setting the exception
// filters the front-end uses (filters) again.
func Changes(s *debugger.Session, hart, frame int, expr string, opts symbols.FormatOptions, filters []string) ([]Change, bool, error) {
	f, err := s.Frame(hart, frame)
	if err != nil {
		return nil, false, err
	}
	v, err := f.Evaluate(expr)
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", expr, err)
	}
	if !v.HasAddr {
		return nil, false, fmt.Errorf("%s is not in memory: only values in memory have a history", expr)
	}
	size := cexpr.Size(v.Type)
	if size <= 0 || size > 1<<16 {
		return nil, false, fmt.Errorf("%s has no size to follow", expr)
	}
	env := f.Env()
	tl := s.Timeline()
	now := tl.Now()
	defer func() {
		_ = tl.Seek(now)
		_ = s.SetExceptionFilters(filters)
	}()
	return scanChanges(s, v, uint32(size), env, opts)
}

// scanChanges replays the whole history watching writes to v.
func scanChanges(s *debugger.Session, v cexpr.Value, size uint32, env cexpr.Env, opts symbols.FormatOptions) ([]Change, bool, error) {
	tl := s.Timeline()
	syms := s.Symbols()
	end := tl.End()
	if err := tl.Seek(tl.Start()); err != nil {
		return nil, false, fmt.Errorf("replaying history: %w", err)
	}
	tl.SetConditions(checkpoint.Conditions{Watchpoints: []checkpoint.Watchpoint{{Addr: v.Addr, Size: size, Access: vm.AccessWrite}}})
	old, _ := s.ReadMemory(v.Addr, int(size))
	oldText := syms.Format(v, env, opts)
	var out []Change
	for tl.Now() < end {
		st := tl.Run(end)
		if st.Reason != vm.StopWatchpoint {
			break
		}
		cur, _ := s.ReadMemory(v.Addr, int(size))
		if bytes.Equal(cur, old) {
			continue
		}
		if len(out) == maxChanges {
			return out, true, nil
		}
		c := Change{Time: tl.Now(), Hart: st.Hart, PC: st.PC, Old: oldText, New: syms.Format(v, env, opts)}
		if loc, ok := syms.PCToLine(st.PC); ok {
			c.File, c.Line = loc.File.Name, loc.Line
		}
		if fn := syms.FunctionAt(st.PC); fn != nil {
			c.Function = fn.Name
		}
		out = append(out, c)
		old, oldText = cur, c.New
	}
	return out, false, nil
}
