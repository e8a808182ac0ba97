package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// Kind says what a breakpoint is attached to.
type Kind int

// Breakpoint kinds.
const (
	KindLine Kind = iota
	KindFunction
	KindInstruction
	KindData
)

// Breakpoint is one breakpoint as the session resolved it.
type Breakpoint struct {
	ID       int
	Kind     Kind
	Verified bool
	// Message says why a breakpoint is not verified, or what a data
	// breakpoint watches.
	Message string
	File    string // source path (line and function breakpoints)
	Line    int    // the line used: the requested one or the next with code
	Addrs   []uint32
	// Addr, Size and Access describe a data breakpoint.
	Addr, Size uint32
	Access     vm.Access

	Condition  string
	LogMessage string
	condFunc   CondFunc
	hit        hitCond
	seen       hitLog // hits seen going forward, for hit counts
	back       uint64 // hits counted during one reverse search
}

// Condition-related fields shared by every breakpoint specification.
type Condition struct {
	// Condition is a C expression; the breakpoint stops only where it is
	// non-zero (evaluated in the innermost frame of the hit).
	Condition string
	// HitCondition: "5" or ">= 5", "== 7", "% 3 == 0".
	HitCondition string
	// LogMessage, if set, makes a log point: the message, with {expr}
	// replaced by values, is output and the run goes on.
	LogMessage string
	// Func, if set, is a condition the front-end evaluates (see CondFunc).
	Func CondFunc
}

// stops reports whether this breakpoint stops (a log point does not).
func (b *Breakpoint) stops() bool { return b.LogMessage == "" }

// fill sets the condition fields, reporting a bad hit condition.
func (b *Breakpoint) fill(c Condition) {
	b.Condition, b.LogMessage, b.condFunc = c.Condition, c.LogMessage, c.Func
	h, err := parseHitCond(c.HitCondition)
	if err != nil {
		b.Verified, b.Message = false, err.Error()
		return
	}
	b.hit = h
}

// breakpoints holds every breakpoint of the session.
type breakpoints struct {
	nextID  int
	line    map[string][]*Breakpoint // by the path the client gave
	fn      []*Breakpoint
	insn    []*Breakpoint
	data    []*Breakpoint
	filters map[string]bool
	temp    map[uint32]bool // run-to and step-out addresses
}

func (bs *breakpoints) newBP(k Kind) *Breakpoint {
	bs.nextID++
	return &Breakpoint{ID: bs.nextID, Kind: k}
}

// resetHits forgets the hits seen (a restart).
func (bs *breakpoints) resetHits() {
	bs.each(func(b *Breakpoint) { b.seen = hitLog{} })
}

// each calls f for every breakpoint.
func (bs *breakpoints) each(f func(b *Breakpoint)) {
	for _, l := range bs.line {
		for _, b := range l {
			f(b)
		}
	}
	for _, l := range [][]*Breakpoint{bs.fn, bs.insn, bs.data} {
		for _, b := range l {
			f(b)
		}
	}
}

// at lists the code breakpoints at addr.
func (bs *breakpoints) at(addr uint32) []*Breakpoint {
	var out []*Breakpoint
	bs.each(func(b *Breakpoint) {
		if b.Kind == KindData || !b.Verified {
			return
		}
		for _, a := range b.Addrs {
			if a == addr {
				out = append(out, b)
				return
			}
		}
	})
	return out
}

// watching lists the data breakpoints an access matches.
func (bs *breakpoints) watching(addr uint32, size int, acc vm.Access) []*Breakpoint {
	var out []*Breakpoint
	for _, b := range bs.data {
		if !b.Verified || b.Access&acc == 0 {
			continue
		}
		lo, hi := uint64(b.Addr), uint64(b.Addr)+uint64(b.Size) // a range may end at 2^32
		if uint64(addr) < hi && lo < uint64(addr)+uint64(max(size, 1)) {
			out = append(out, b)
		}
	}
	return out
}

// Breakpoints lists every breakpoint (for consoles).
func (s *Session) Breakpoints() []*Breakpoint {
	var out []*Breakpoint
	s.bps.each(func(b *Breakpoint) { out = append(out, b) })
	return out
}

func describeAccess(a vm.Access) string {
	switch a {
	case vm.AccessRead:
		return "read"
	case vm.AccessWrite:
		return "write"
	}
	return "access"
}

// String describes the breakpoint for messages ("breakpoint 2 at demo.c:93").
func (b *Breakpoint) String() string {
	if b.Kind == KindData {
		return fmt.Sprintf("data breakpoint %d on %s of %d bytes at %#x", b.ID, describeAccess(b.Access), b.Size, b.Addr)
	}
	return fmt.Sprintf("breakpoint %d at %s:%d", b.ID, b.File, b.Line)
}

// forgetHitsAfter forgets the hits seen after time t (history after t
// was replaced by an edit of the past).
func (bs *breakpoints) forgetHitsAfter(t uint64) {
	bs.each(func(b *Breakpoint) { b.seen.forgetAfter(t) })
}
