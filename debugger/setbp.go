package debugger

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/cexpr"
	"github.com/rewind-debugger/rewind/vm"
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
	Access     vm.Access
	Condition
}

// SetLineBreakpoints replaces the breakpoints of one source file. Each
// line moves to the next line with code; unresolved ones are returned
// unverified with the reason.
func (s *Session) SetLineBreakpoints(path string, specs []LineSpec) []*Breakpoint {
	if s.bps.line == nil {
		s.bps.line = map[string][]*Breakpoint{}
	}
	out := make([]*Breakpoint, 0, len(specs))
	for _, sp := range specs {
		b := s.bps.newBP(KindLine)
		b.File, b.Line = path, sp.Line
		locs, err := s.syms.LineToPCs(path, sp.Line)
		if err != nil {
			b.Message = err.Error()
		} else if len(locs) > 0 {
			b.Verified, b.Line = true, locs[0].Line
			b.File = locs[0].File.Path
			for _, l := range locs {
				b.Addrs = append(b.Addrs, l.Addr)
			}
		}
		b.fill(sp.Condition)
		out = append(out, b)
	}
	s.bps.line[path] = out
	s.arm(false)
	return out
}

// SetFunctionBreakpoints replaces the function breakpoints.
func (s *Session) SetFunctionBreakpoints(specs []FunctionSpec) []*Breakpoint {
	out := make([]*Breakpoint, 0, len(specs))
	for _, sp := range specs {
		b := s.bps.newBP(KindFunction)
		fns := s.syms.FunctionsNamed(strings.TrimSpace(sp.Name))
		if len(fns) == 0 {
			b.Message = fmt.Sprintf("no function named %q", sp.Name)
		}
		for _, f := range fns {
			addr := s.syms.BreakpointAddr(f)
			b.Addrs = append(b.Addrs, addr)
			if loc, ok := s.syms.PCToLine(addr); ok && b.Line == 0 {
				b.File, b.Line = loc.File.Path, loc.Line
			}
			b.Verified = true
		}
		b.fill(sp.Condition)
		out = append(out, b)
	}
	s.bps.fn = out
	s.arm(false)
	return out
}

// SetInstructionBreakpoints replaces the instruction breakpoints.
func (s *Session) SetInstructionBreakpoints(specs []InstructionSpec) []*Breakpoint {
	out := make([]*Breakpoint, 0, len(specs))
	for _, sp := range specs {
		b := s.bps.newBP(KindInstruction)
		b.Addrs = []uint32{sp.Addr}
		b.Verified = sp.Addr&1 == 0
		if !b.Verified {
			b.Message = fmt.Sprintf("%#x is not an instruction address (odd)", sp.Addr)
		}
		if loc, ok := s.syms.PCToLine(sp.Addr); ok {
			b.File, b.Line = loc.File.Path, loc.Line
		}
		b.fill(sp.Condition)
		out = append(out, b)
	}
	s.bps.insn = out
	s.arm(false)
	return out
}

// SetDataBreakpoints replaces the data breakpoints.
func (s *Session) SetDataBreakpoints(specs []DataSpec) []*Breakpoint {
	out := make([]*Breakpoint, 0, len(specs))
	for _, sp := range specs {
		b := s.bps.newBP(KindData)
		b.Addr, b.Size, b.Access = sp.Addr, sp.Size, sp.Access
		if b.Access == 0 {
			b.Access = vm.AccessWrite
		}
		b.Verified = sp.Size > 0 && sp.Size <= 1<<20
		b.Message = b.String()
		if sp.Name != "" {
			b.Message = fmt.Sprintf("%s (%s)", sp.Name, describeAccess(b.Access))
		}
		if !b.Verified {
			b.Message = fmt.Sprintf("cannot watch %d bytes", sp.Size)
		}
		b.fill(sp.Condition)
		out = append(out, b)
	}
	s.bps.data = out
	s.arm(false)
	return out
}

// Exception filter names (trap stops).
const (
	FilterAllFaults = "faults"
	FilterIllegal   = "illegal"
	FilterEbreak    = "ebreak"
)

// SetExceptionFilters chooses which traps stop the run.
func (s *Session) SetExceptionFilters(names []string) error {
	f := map[string]bool{}
	for _, n := range names {
		switch n {
		case FilterAllFaults, FilterIllegal, FilterEbreak:
			f[n] = true
		default:
			return fmt.Errorf("unknown exception filter %q", n)
		}
	}
	s.bps.filters = f
	s.arm(false)
	return nil
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
		return DataTarget{}, fmt.Errorf("%s: %w", expr, err)
	}
	return dataTargetOf(expr, v)
}

// globalDataTarget resolves an expression without a frame.
func (s *Session) globalDataTarget(expr string) (DataTarget, error) {
	v, err := s.EvaluateGlobal(expr)
	if err != nil {
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
