package debugger

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// BreakpointSpec asks for one breakpoint or data breakpoint (watchpoint).
type BreakpointSpec struct {
	Kind Kind
	// File and Line (KindLine; File is the path as the front-end names
	// it), Function (KindFunction), Addr (KindInstruction, and KindData
	// with Size and Access).
	File     string
	Line     int
	Function string
	Addr     uint32
	Size     uint32
	Access   Access
	// Expr says what a data breakpoint watches, for messages.
	Expr string
	Condition
	// Temporary breakpoints are removed when they stop the run.
	Temporary bool
	// Event and Causes describe a catchpoint (KindEvent): the kind of trap
	// and the causes typed by the user (empty: every trap of the kind).
	Event  EventKind
	Causes string
	// value is what a data breakpoint made by WatchSpec watches, to
	// format the values of its stops.
	value *cexpr.Value
}

// ErrNoBreakpoint is returned for a breakpoint id not in the table.
var ErrNoBreakpoint = errors.New("no such breakpoint")

// AddBreakpoint adds one breakpoint to the table under a new stable id. A
// breakpoint that cannot be placed is refused with the reason, and uses no
// id.
func (s *Session) AddBreakpoint(sp BreakpointSpec) (*Breakpoint, error) {
	b := &Breakpoint{Kind: sp.Kind}
	s.resolve(b, sp)
	if !b.Verified {
		msg := b.Message
		if msg == "" {
			msg = "it could not be placed"
		}
		return nil, fmt.Errorf("cannot set the breakpoint: %s", msg)
	}
	s.bps.nextID++
	b.ID = s.bps.nextID
	s.bps.insert(b)
	s.arm(false)
	return b, nil
}

// AmendBreakpoint changes the condition, hit condition and log message of
// breakpoint id, keeping its id and the hits it has seen.
func (s *Session) AmendBreakpoint(id int, c Condition) (*Breakpoint, error) {
	b := s.bps.get(id)
	if b == nil {
		return nil, fmt.Errorf("breakpoint %d: %w", id, ErrNoBreakpoint)
	}
	if _, err := parseHitCond(c.HitCondition); err != nil {
		return nil, err
	}
	b.fill(c)
	s.bps.dirty = true
	return b, nil
}

// EnableBreakpoint enables or disables breakpoint id (a disabled one stays
// in the table and never stops).
func (s *Session) EnableBreakpoint(id int, on bool) error {
	b := s.bps.get(id)
	if b == nil {
		return fmt.Errorf("breakpoint %d: %w", id, ErrNoBreakpoint)
	}
	b.Disabled = !on
	s.bps.dirty = true
	s.arm(false)
	return nil
}

// RemoveBreakpoint deletes breakpoint id.
func (s *Session) RemoveBreakpoint(id int) error {
	if s.bps.get(id) == nil {
		return fmt.Errorf("breakpoint %d: %w", id, ErrNoBreakpoint)
	}
	s.bps.removeIf(func(b *Breakpoint) bool { return b.ID == id })
	s.arm(false)
	return nil
}

// RemoveAllBreakpoints empties the table.
func (s *Session) RemoveAllBreakpoints() {
	s.bps.removeIf(func(*Breakpoint) bool { return true })
	s.arm(false)
}

// resolve fills b from sp: addresses, the line used, verification.
func (s *Session) resolve(b *Breakpoint, sp BreakpointSpec) {
	b.Spec = sp
	switch sp.Kind {
	case KindLine:
		locs, errs := s.syms.LinesToPCs(sp.File, []int{sp.Line})
		s.placeLine(b, sp, locs[0], errs[0])
	case KindFunction:
		s.placeFunction(b, sp.Function)
	case KindInstruction:
		s.placeInstruction(b, sp.Addr)
	case KindData:
		placeData(b, sp)
	case KindEvent:
		s.placeEvent(b, sp)
	default:
		b.Message = fmt.Sprintf("unknown breakpoint kind %d", sp.Kind)
	}
	b.fill(sp.Condition)
}

// placeFunction resolves a function breakpoint.
func (s *Session) placeFunction(b *Breakpoint, name string) {
	fns := s.syms.FunctionsNamed(strings.TrimSpace(name))
	if len(fns) == 0 {
		b.Message = fmt.Sprintf("no function named %q", name)
	}
	for _, f := range fns {
		addr := s.syms.BreakpointAddr(f)
		b.Addrs = append(b.Addrs, addr)
		if loc, ok := s.syms.PCToLine(addr); ok && b.Line == 0 {
			b.File, b.Line = loc.File.Path, loc.Line
		}
		b.Verified = true
	}
}

// placeInstruction resolves an instruction breakpoint.
func (s *Session) placeInstruction(b *Breakpoint, addr uint32) {
	b.Addrs = []uint32{addr}
	b.Verified = addr&1 == 0
	if !b.Verified {
		b.Message = fmt.Sprintf("%#x is not an instruction address (odd)", addr)
	}
	if loc, ok := s.syms.PCToLine(addr); ok {
		b.File, b.Line = loc.File.Path, loc.Line
	}
}

// placeData checks a data breakpoint.
func placeData(b *Breakpoint, sp BreakpointSpec) {
	b.Addr, b.Size, b.Access = sp.Addr, sp.Size, sp.Access
	if b.Access == 0 {
		b.Access = AccessWrite
	}
	b.Spec.Access = b.Access
	b.Verified = sp.Size > 0 && sp.Size <= 1<<20
	b.Message = fmt.Sprintf("%s of %d bytes at %#x", b.Access, b.Size, b.Addr)
	if sp.Expr != "" {
		b.Message = fmt.Sprintf("%s (%s)", sp.Expr, b.Access)
	}
	if !b.Verified {
		b.Message = fmt.Sprintf("cannot watch %d bytes", sp.Size)
	}
}
