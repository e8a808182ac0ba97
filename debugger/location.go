package debugger

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// Location is a parsed location spec: "file:line", "line", "function",
// "*addr" (a number or an expression) or "+offset"/"-offset" (lines after
// or before the current line).
type Location struct {
	Kind     Kind   // KindLine, KindFunction or KindInstruction
	File     string // KindLine ("" = the current file)
	Line     int    // KindLine (0 with Offset set: relative)
	Offset   int    // KindLine: lines from the current line, when Relative
	Relative bool   // "+N" or "-N"
	Function string // KindFunction
	AddrExpr string // KindInstruction: a number or an expression
}

// ParseLocation reads a location spec (see Location).
func ParseLocation(spec string) (Location, error) {
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "":
		return Location{}, errors.New("no location given")
	case strings.HasPrefix(spec, "*"):
		e := strings.TrimSpace(spec[1:])
		if e == "" {
			return Location{}, errors.New("no address after '*'")
		}
		return Location{Kind: KindInstruction, AddrExpr: e}, nil
	case spec[0] == '+' || spec[0] == '-':
		n, err := strconv.Atoi(strings.TrimSpace(spec[1:]))
		if err != nil || n < 0 {
			return Location{}, fmt.Errorf("bad line offset %q (want +N or -N)", spec)
		}
		if spec[0] == '-' {
			n = -n
		}
		return Location{Kind: KindLine, Offset: n, Relative: true}, nil
	}
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		n, err := strconv.Atoi(spec[i+1:])
		file := strings.TrimSpace(spec[:i])
		if err != nil || n <= 0 || file == "" {
			return Location{}, fmt.Errorf("bad location %q (want file:line)", spec)
		}
		return Location{Kind: KindLine, File: file, Line: n}, nil
	}
	if n, err := strconv.Atoi(spec); err == nil {
		if n <= 0 {
			return Location{}, fmt.Errorf("bad line number %d", n)
		}
		return Location{Kind: KindLine, Line: n}, nil
	}
	if !isIdent(spec) {
		return Location{}, fmt.Errorf("bad location %q (want file:line, function, *address or +offset)", spec)
	}
	return Location{Kind: KindFunction, Function: spec}, nil
}

// isIdent reports whether s is a C identifier (dots and '$' allowed, as
// in compiler-made names).
func isIdent(s string) bool {
	for i, r := range s {
		ok := r == '_' || r == '.' || r == '$' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || (i > 0 && '0' <= r && r <= '9')
		if !ok {
			return false
		}
	}
	return s != ""
}

// ParseUint reads a number in C notation (0x.., 0.., decimal).
func ParseUint(s string) (uint64, error) {
	return strconv.ParseUint(strings.TrimSpace(s), 0, 64)
}

// ResolveLocation turns a location spec into a breakpoint spec, seen from
// frame index of hart: a bare or relative line is in that frame's file
// (defaultFile when given instead), "*expr" is evaluated there.
func (s *Session) ResolveLocation(hart, index int, spec, defaultFile string) (BreakpointSpec, error) {
	l, err := ParseLocation(spec)
	if err != nil {
		return BreakpointSpec{}, err
	}
	sp := BreakpointSpec{Kind: l.Kind, File: l.File, Line: l.Line, Function: l.Function}
	switch l.Kind {
	case KindLine:
		return s.resolveLine(hart, index, l, sp, defaultFile)
	case KindInstruction:
		a, err := s.addressOf(hart, index, l.AddrExpr)
		if err != nil {
			return BreakpointSpec{}, err
		}
		sp.Addr = a
	}
	return sp, nil
}

// resolveLine completes a line location: the file, and the line of a
// relative one.
func (s *Session) resolveLine(hart, index int, l Location, sp BreakpointSpec, defaultFile string) (BreakpointSpec, error) {
	cur, curLine := defaultFile, 0
	if f, err := s.Frame(hart, index); err == nil && f.Location.Line > 0 {
		curLine = f.Location.Line
		if cur == "" {
			cur = f.Location.File.Name
		}
	}
	if l.Relative {
		if curLine == 0 {
			return BreakpointSpec{}, errors.New("no current line for a relative location")
		}
		sp.Line = curLine + l.Offset
		if sp.Line <= 0 {
			return BreakpointSpec{}, fmt.Errorf("line %d is before the start of the file", sp.Line)
		}
	}
	if sp.File == "" {
		if cur == "" {
			return BreakpointSpec{}, fmt.Errorf("no current source file: say file:%d", sp.Line)
		}
		sp.File = cur
	}
	return sp, nil
}

// addressOf evaluates an address: a number, or an expression in frame
// index of hart.
func (s *Session) addressOf(hart, index int, expr string) (uint32, error) {
	a, err := ParseUint(expr)
	if err != nil {
		v, err := s.EvaluateUint(hart, index, expr)
		if err != nil {
			return 0, err
		}
		a = uint64(v)
	}
	if a > 0xffffffff {
		return 0, fmt.Errorf("address %#x is out of range", a)
	}
	return uint32(a), nil
}

// WatchSpec makes a data breakpoint spec for the memory expr names now
// (in frame index of hart).
func (s *Session) WatchSpec(hart, index int, expr string, acc Access) (BreakpointSpec, error) {
	dt, err := s.DataTargetOf(hart, index, expr)
	if err != nil {
		return BreakpointSpec{}, err
	}
	sp := BreakpointSpec{Kind: KindData, Addr: dt.Addr, Size: dt.Size, Access: acc, Expr: expr}
	if f, err := s.Frame(hart, index); err == nil {
		if v, err := f.Evaluate(expr); err == nil && v.HasAddr {
			sp.value = &cexpr.Value{Type: v.Type, Addr: v.Addr, HasAddr: true, BitOffset: v.BitOffset, BitSize: v.BitSize}
		}
	}
	return sp, nil
}
