package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
)

// frameCache keeps the last unwound stack per hart at one time.
type frameCache struct {
	time   uint64
	frames map[int][]*symbols.Frame
}

// Frames returns the call stack of hart at the current time, innermost
// first (inlined calls as frames of their own). TaskHart(id) names an
// RTOS task's stack instead (see ThreadFrames).
func (s *Session) Frames(hart int) ([]*symbols.Frame, error) {
	if hart >= TaskHartBase {
		return s.ThreadFrames(hart - TaskHartBase) // a task's (tasks.go)
	}
	if hart < 0 || hart >= s.m.Harts() {
		return nil, fmt.Errorf("no hart %d", hart)
	}
	now := s.tl.Now()
	if s.cache.frames != nil && s.cache.time == now {
		if f, ok := s.cache.frames[hart]; ok {
			return f, nil
		}
	} else {
		s.cache = frameCache{time: now, frames: map[int][]*symbols.Frame{}}
	}
	f, err := s.unwind(hart, 0)
	if err != nil {
		return nil, err
	}
	s.cache.frames[hart] = f
	return f, nil
}

// Frame returns frame index of hart's stack.
func (s *Session) Frame(hart, index int) (*symbols.Frame, error) {
	fs, err := s.Frames(hart)
	if err != nil {
		return nil, err
	}
	if index < 0 || index >= len(fs) {
		return nil, fmt.Errorf("no frame %d on hart %d (the stack has %d)", index, hart, len(fs))
	}
	return fs[index], nil
}

// unwind returns up to max frames of hart now (0: all).
func (s *Session) unwind(hart, max int) ([]*symbols.Frame, error) {
	fs, err := s.syms.Unwind(s.target(hart), symbols.UnwindOptions{MaxFrames: max})
	if err != nil {
		return nil, fmt.Errorf("unwinding hart %d: %w", hart, err)
	}
	return fs, nil
}

// position is where a hart is in the source: its physical frame (by CFA)
// and line.
type position struct {
	pc       uint32
	cfa      uint32
	fn       *symbols.Function
	line     int
	file     string
	callerPC uint32 // return address, 0 if unknown
	callCFA  uint32 // the caller's CFA, 0 if unknown
	ok       bool   // the stack could be unwound
}

// where computes hart's position now.
func (s *Session) where(hart int) position {
	h := s.m.Hart(hart)
	p := position{pc: h.PC()}
	if loc, ok := s.syms.PCToLine(p.pc); ok {
		p.line, p.file = loc.Line, loc.File.Name
	}
	fs, err := s.unwind(hart, 8)
	if err != nil || len(fs) == 0 {
		return p
	}
	p.ok = true
	f := fs[0]
	p.cfa, p.fn = f.CFA, f.Function
	for _, c := range fs[1:] {
		if c.CFA != f.CFA {
			p.callerPC, p.callCFA = c.PC, c.CFA
			break
		}
	}
	return p
}
