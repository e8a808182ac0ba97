package debugger

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// LineSpec asks for a breakpoint on a source line.
type LineSpec struct {
	Line int
	Condition
}

// FunctionSpec asks for a breakpoint on a function by name.
type FunctionSpec struct {
	Name string
	Condition
}

// InstructionSpec asks for a breakpoint on an instruction address.
type InstructionSpec struct {
	Addr uint32
	Condition
}

// DataSpec asks for a data breakpoint (watchpoint) on [Addr, Addr+Size).
type DataSpec struct {
	// Name says what is watched (an expression), for stop descriptions.
	Name       string
	Addr, Size uint32
	Access     Access
	Condition
}

// SetLineBreakpoints makes the line breakpoints of one source file (as
// the front-end names it) those of specs, in one pass: a breakpoint already
// on a requested line keeps its id and hits (its condition is amended),
// the others are removed and the new ones added. Each line moves to the
// next line with code; unresolved ones are returned unverified with the
// reason. The result is in the order of specs.
func (s *Session) SetLineBreakpoints(path string, specs []LineSpec) []*Breakpoint {
	wants := make([]BreakpointSpec, len(specs))
	for i, sp := range specs {
		wants[i] = BreakpointSpec{Kind: KindLine, File: path, Line: sp.Line, Condition: sp.Condition}
	}
	return s.replace(func(b *Breakpoint) bool { return b.Kind == KindLine && b.Spec.File == path },
		wants, func(sp BreakpointSpec) string { return strconv.Itoa(sp.Line) })
}

// SetFunctionBreakpoints makes the function breakpoints those of specs
// (kept by name, as SetLineBreakpoints keeps lines).
func (s *Session) SetFunctionBreakpoints(specs []FunctionSpec) []*Breakpoint {
	wants := make([]BreakpointSpec, len(specs))
	for i, sp := range specs {
		wants[i] = BreakpointSpec{Kind: KindFunction, Function: sp.Name, Condition: sp.Condition}
	}
	return s.replace(func(b *Breakpoint) bool { return b.Kind == KindFunction },
		wants, func(sp BreakpointSpec) string { return strings.TrimSpace(sp.Function) })
}

// SetInstructionBreakpoints makes the instruction breakpoints those of
// specs (kept by address).
func (s *Session) SetInstructionBreakpoints(specs []InstructionSpec) []*Breakpoint {
	wants := make([]BreakpointSpec, len(specs))
	for i, sp := range specs {
		wants[i] = BreakpointSpec{Kind: KindInstruction, Addr: sp.Addr, Condition: sp.Condition}
	}
	return s.replace(func(b *Breakpoint) bool { return b.Kind == KindInstruction },
		wants, func(sp BreakpointSpec) string { return strconv.FormatUint(uint64(sp.Addr), 16) })
}

// SetDataBreakpoints makes the data breakpoints those of specs (kept by
// range and access).
func (s *Session) SetDataBreakpoints(specs []DataSpec) []*Breakpoint {
	wants := make([]BreakpointSpec, len(specs))
	for i, sp := range specs {
		acc := sp.Access
		if acc == 0 {
			acc = AccessWrite
		}
		wants[i] = BreakpointSpec{Kind: KindData, Addr: sp.Addr, Size: sp.Size, Access: acc, Expr: sp.Name, Condition: sp.Condition}
	}
	return s.replace(func(b *Breakpoint) bool { return b.Kind == KindData },
		wants, func(sp BreakpointSpec) string {
			return fmt.Sprintf("%x/%d/%d/%s", sp.Addr, sp.Size, sp.Access, sp.Expr)
		})
}

// Exception filter names (trap stops).
const (
	FilterAllFaults = "faults"
	FilterIllegal   = "illegal"
	FilterEbreak    = "ebreak"
)

// SetExceptionFilters chooses which traps stop the run (see
// SetExceptionFilterOptions).
func (s *Session) SetExceptionFilters(names []string) error {
	opts := make([]ExceptionFilter, len(names))
	for i, n := range names {
		opts[i] = ExceptionFilter{ID: n}
	}
	return s.SetExceptionFilterOptions(opts)
}

// DataTarget is what a data breakpoint on an expression would watch.
type DataTarget struct {
	Addr, Size  uint32
	Description string
}

// DataTargetOf resolves an expression (evaluated in frame index of hart)
// to the memory a data breakpoint watches: an lvalue in memory.
func (s *Session) DataTargetOf(hart, index int, expr string) (DataTarget, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return s.globalDataTarget(expr)
	}
	v, err := f.Evaluate(expr)
	if err != nil {
		if p, ok, perr := s.PeripheralPath(expr); ok && perr == nil {
			return s.PeripheralTarget(p) // a device register (periphwrite.go)
		}
		return DataTarget{}, fmt.Errorf("%s: %w", expr, err)
	}
	return dataTargetOf(expr, v)
}

// globalDataTarget resolves an expression without a frame.
func (s *Session) globalDataTarget(expr string) (DataTarget, error) {
	v, err := s.EvaluateGlobal(expr)
	if err != nil {
		if p, ok, perr := s.PeripheralPath(expr); ok && perr == nil {
			return s.PeripheralTarget(p)
		}
		return DataTarget{}, err
	}
	return dataTargetOf(expr, v)
}

func dataTargetOf(expr string, v cexpr.Value) (DataTarget, error) {
	if !v.HasAddr {
		return DataTarget{}, fmt.Errorf("%s is not in memory (a register or a computed value cannot be watched)", expr)
	}
	n := cexpr.Size(v.Type)
	if n <= 0 || n > 1<<20 {
		return DataTarget{}, fmt.Errorf("%s has no watchable size", expr)
	}
	return DataTarget{Addr: v.Addr, Size: uint32(n),
		Description: fmt.Sprintf("%s (%d bytes at %#x)", expr, n, v.Addr)}, nil
}

// ParseDataID reads a data breakpoint id made by DataID.
func ParseDataID(id string) (addr, size uint32, err error) {
	a, sz, ok := strings.Cut(id, "/")
	if !ok {
		return 0, 0, fmt.Errorf("bad data breakpoint id %q", id)
	}
	av, err1 := strconv.ParseUint(a, 0, 32)
	sv, err2 := strconv.ParseUint(sz, 0, 32)
	if err1 != nil || err2 != nil || sv == 0 {
		return 0, 0, fmt.Errorf("bad data breakpoint id %q", id)
	}
	return uint32(av), uint32(sv), nil
}

// DataID names a watched range ("0x80001000/4").
func DataID(addr, size uint32) string { return fmt.Sprintf("%#x/%d", addr, size) }

// DataTargetOfValue is what a data breakpoint on a shown value watches.
func (s *Session) DataTargetOfValue(name string, v cexpr.Value) (DataTarget, error) {
	return dataTargetOf(name, v)
}
