package debugger

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
)

// Call is one call of a function.
type Call struct {
	// Time is the moment before the function's first instruction.
	Time uint64
	Hart int
	// Caller is the function the call came from, and its line.
	Caller     string
	CallerFile string
	CallerLine int
	// Args are the arguments as the debugger shows them ("a=1, b=0x20").
	Args string
	// Returned is set when the call returned within history: at time
	// ReturnTime (the moment back at the return address in the caller's
	// frame), returning Return ("" for void).
	Returned   bool
	ReturnTime uint64
	Return     string
}

// Calls is the answer of QueryCalls.
type Calls struct {
	QueryInfo
	Function string
	Calls    []Call
}

// QueryCalls lists every call of the function named fn over the whole
// history, oldest first (a page, with the count): the arguments where its
// body begins and the value it returned, found by running to the return
// address in the same frame.
func (s *Session) QueryCalls(fn string, p QueryPage) (Calls, error) {
	fns := s.syms.FunctionsNamed(strings.TrimSpace(fn))
	if len(fns) == 0 {
		return Calls{}, fmt.Errorf("no function named %q", fn)
	}
	out := Calls{Function: fns[0].Name}
	err := s.query(func() error {
		var c checkpoint.Conditions
		for _, f := range fns {
			c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: f.Low, Hart: -1})
		}
		hits, info, err := s.searchAll(c, p)
		out.QueryInfo = info
		if err != nil {
			return err
		}
		for _, h := range hits {
			if err := s.queryPaused(); err != nil {
				return err
			}
			call, err := s.callAt(h, s.syms.FunctionAt(h.PC))
			if err != nil {
				return err
			}
			out.Calls = append(out.Calls, call)
		}
		return nil
	})
	return out, err
}

// callAt details one call found at its entry: caller, arguments, return.
func (s *Session) callAt(h checkpoint.Hit, fn *symbols.Function) (Call, error) {
	c := Call{Time: h.Time, Hart: h.Hart}
	if err := s.tl.Seek(h.Time); err != nil {
		return c, fmt.Errorf("call at time %d: %w", h.Time, err)
	}
	hr := s.m.Hart(h.Hart)
	ra, sp := hr.Reg(1), hr.Reg(2)
	c.Caller, c.CallerFile, c.CallerLine = s.placeOf(ra - 4)
	body := s.syms.BreakpointAddr(fn)
	if body == h.PC || s.runToPC(h.Hart, body, func(m *vm.Machine) bool { return m.Hart(h.Hart).Reg(2) <= sp }) {
		c.Args = s.argsNow(h.Hart)
	}
	if s.runToPC(h.Hart, ra, func(m *vm.Machine) bool { return m.Hart(h.Hart).Reg(2) == sp }) {
		c.Returned, c.ReturnTime = true, s.tl.Now()
		c.Return = s.returnedNow(h.Hart, fn)
	}
	return c, nil
}

// runToPC runs forward, no further than the end of history, until hart is
// about to execute pc with ok true; it reports whether it got there.
func (s *Session) runToPC(hart int, pc uint32, ok func(m *vm.Machine) bool) bool {
	s.tl.SetConditions(checkpoint.Conditions{
		Breakpoints: []checkpoint.Breakpoint{{Addr: pc, Hart: hart}},
		Predicate:   func(m *vm.Machine, _ vm.Stop) bool { return ok(m) },
	})
	st := s.tl.Run(s.tl.End())
	return st.Reason == vm.StopBreakpoint
}

// argsNow formats the arguments of hart's innermost frame.
func (s *Session) argsNow(hart int) string {
	f, err := s.Frame(hart, 0)
	if err != nil {
		return ""
	}
	var parts []string
	for _, a := range f.Args() {
		v := "<optimized out>"
		if a.Err != nil {
			v = "<unavailable>"
		} else if !a.Value.OptimizedOut {
			v = s.syms.Format(a.Value, f.Env(), symbols.FormatOptions{MaxElements: 8, MaxDepth: 1})
		}
		parts = append(parts, a.Name+"="+v)
	}
	return strings.Join(parts, ", ")
}

// returnedNow formats what fn returned, read from a0 (and a1) just after
// the return; "" for void or an unknown type.
func (s *Session) returnedNow(hart int, fn *symbols.Function) string {
	f, err := s.Frame(hart, 0)
	if err != nil {
		return ""
	}
	v, err := f.Evaluate(fn.Name)
	if err != nil {
		return ""
	}
	ft, ok := v.Type.(*godwarf.FuncType)
	if !ok || ft.ReturnType == nil {
		return ""
	}
	n := cexpr.Size(ft.ReturnType)
	if _, void := ft.ReturnType.(*godwarf.VoidType); void || n <= 0 || n > 8 {
		return ""
	}
	var b [8]byte
	hr := s.m.Hart(hart)
	binary.LittleEndian.PutUint32(b[:4], hr.Reg(10))
	binary.LittleEndian.PutUint32(b[4:], hr.Reg(11))
	return s.syms.Format(cexpr.Value{Type: ft.ReturnType, Bytes: b[:n]}, f.Env(), symbols.FormatOptions{})
}
