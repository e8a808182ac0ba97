package debugger

import (
	"fmt"
	"slices"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// Kind says what a breakpoint is attached to.
type Kind int

// Breakpoint kinds.
const (
	KindLine Kind = iota
	KindFunction
	KindInstruction
	KindData
	KindEvent // a catchpoint: traps of chosen causes (catch.go)
)

// Breakpoint is one breakpoint of the session's table, as the session
// resolved it. Its ID is stable: it stays the same when the breakpoint is
// amended or when other breakpoints come and go. Front-ends read it; they
// change it only through the Session's methods.
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
	Access     Access
	// Spec is what was asked for.
	Spec BreakpointSpec
	// Disabled breakpoints stay in the table but never stop.
	Disabled bool
	// Stops counts the stops this breakpoint caused.
	Stops int

	Condition  string
	LogMessage string
	condFunc   CondFunc
	hit        hitCond
	seen       hitLog                 // hits seen going forward, for hit counts
	back       uint64                 // hits counted during one reverse search
	traps      *checkpoint.TrapFilter // the causes a KindEvent breakpoint catches
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

// live reports whether the breakpoint takes part in runs.
func (b *Breakpoint) live() bool { return b.Verified && !b.Disabled }

// fill sets the condition fields, reporting a bad hit condition.
func (b *Breakpoint) fill(c Condition) {
	b.Spec.Condition = c
	b.Condition, b.LogMessage, b.condFunc = c.Condition, c.LogMessage, c.Func
	h, err := parseHitCond(c.HitCondition)
	if err != nil {
		b.Verified, b.Message, b.hit = false, err.Error(), hitCond{}
		return
	}
	b.hit = h
}

// breakpoints is the session's breakpoint table: every breakpoint by its
// stable id, with an index of the code breakpoints by address.
type breakpoints struct {
	nextID  int
	list    []*Breakpoint // in id order
	byAddr  map[uint32][]*Breakpoint
	addrs   []uint32      // the keys of byAddr, sorted
	data    []*Breakpoint // the live data breakpoints
	dirty   bool          // byAddr, addrs and data are stale
	filters map[string]bool
	caught  *checkpoint.TrapFilter // the causes the exception filters select (nil: none)
	temp    map[uint32]bool        // run-to and step-out addresses
}

// insert adds b, whose id is larger than every id in the table.
func (bs *breakpoints) insert(b *Breakpoint) {
	bs.list = append(bs.list, b)
	bs.dirty = true
}

// removeIf deletes every breakpoint f selects, in one pass.
func (bs *breakpoints) removeIf(f func(b *Breakpoint) bool) {
	n := len(bs.list)
	bs.list = slices.DeleteFunc(bs.list, f)
	if len(bs.list) != n {
		bs.dirty = true
	}
}

// get returns breakpoint id, or nil.
func (bs *breakpoints) get(id int) *Breakpoint {
	i, ok := slices.BinarySearchFunc(bs.list, id, func(b *Breakpoint, id int) int { return b.ID - id })
	if !ok {
		return nil
	}
	return bs.list[i]
}

// resetHits forgets the hits seen (a restart).
func (bs *breakpoints) resetHits() {
	bs.each(func(b *Breakpoint) { b.seen = hitLog{} })
}

// each calls f for every breakpoint, in id order.
func (bs *breakpoints) each(f func(b *Breakpoint)) {
	for _, b := range bs.list {
		f(b)
	}
}

// index rebuilds the address index when the table changed.
func (bs *breakpoints) index() {
	if !bs.dirty && bs.byAddr != nil {
		return
	}
	bs.byAddr, bs.addrs, bs.data = map[uint32][]*Breakpoint{}, nil, nil
	for _, b := range bs.list {
		if b.Kind == KindData && b.live() {
			bs.data = append(bs.data, b)
		}
		if b.Kind == KindData || !b.live() {
			continue
		}
		for _, a := range b.Addrs {
			if l := bs.byAddr[a]; len(l) == 0 || l[len(l)-1] != b {
				bs.byAddr[a] = append(l, b)
			}
		}
	}
	for a := range bs.byAddr {
		bs.addrs = append(bs.addrs, a)
	}
	slices.Sort(bs.addrs)
	bs.dirty = false
}

// at lists the live code breakpoints at addr.
func (bs *breakpoints) at(addr uint32) []*Breakpoint {
	bs.index()
	return bs.byAddr[addr]
}

// watching lists the live data breakpoints an access matches.
func (bs *breakpoints) watching(addr uint32, size int, acc Access) []*Breakpoint {
	bs.index()
	var out []*Breakpoint
	for _, b := range bs.data {
		if b.Access&acc == 0 {
			continue
		}
		lo, hi := uint64(b.Addr), uint64(b.Addr)+uint64(b.Size) // a range may end at 2^32
		if uint64(addr) < hi && lo < uint64(addr)+uint64(max(size, 1)) {
			out = append(out, b)
		}
	}
	return out
}

// Breakpoints lists every breakpoint in the order they were made.
func (s *Session) Breakpoints() []*Breakpoint {
	return slices.Clone(s.bps.list)
}

// Breakpoint returns breakpoint id, or nil.
func (s *Session) Breakpoint(id int) *Breakpoint { return s.bps.get(id) }

// String describes the breakpoint for messages ("breakpoint 2 at demo.c:93").
func (b *Breakpoint) String() string {
	if b.Kind == KindEvent {
		return fmt.Sprintf("catchpoint %d (%s)", b.ID, b.Message)
	}
	if b.Kind == KindData {
		return fmt.Sprintf("data breakpoint %d on %s of %d bytes at %#x", b.ID, b.Access, b.Size, b.Addr)
	}
	return fmt.Sprintf("breakpoint %d at %s:%d", b.ID, b.File, b.Line)
}

// forgetHitsAfter forgets the hits seen after time t (history after t
// was replaced by an edit of the past).
func (bs *breakpoints) forgetHitsAfter(t uint64) {
	bs.each(func(b *Breakpoint) { b.seen.forgetAfter(t) })
}
