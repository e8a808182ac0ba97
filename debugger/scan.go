package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// mark is one moment a reverse search met: hart about to execute pc in a
// frame whose CFA is cfa.
type mark struct {
	time uint64
	pc   uint32
	cfa  uint32
}

// searchMarks is the source-level use of the timeline's reverse search
// (checkpoint.SearchBack): it visits, newest first, the moments before now
// and at or after floor at which hart is about to execute one of addrs,
// each with its frame's CFA, until visit returns true, and returns that
// mark. The session's own stop conditions do not apply. The timeline is
// left anywhere in [floor, now] (at now after an error or a pause); the
// caller seeks.
func (s *Session) searchMarks(hart int, addrs []uint32, floor uint64, visit func(mark) bool) (mark, bool, error) {
	c := checkpoint.Conditions{
		Note:       func(m *vm.Machine, _ vm.Stop) uint64 { return s.cfaOn(m, hart) },
		Concurrent: true,
	}
	for _, a := range addrs {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: a, Hart: hart})
	}
	origin := s.tl.Now()
	h, found, err := s.tl.SearchBack(c, floor, func(h checkpoint.Hit) bool { return visit(markOf(h)) })
	if err != nil {
		if serr := s.tl.Seek(origin); serr != nil { // stay where the search began
			return mark{}, false, fmt.Errorf("%w (and returning to time %d: %v)", err, origin, serr)
		}
	}
	return markOf(h), found, err
}

// markOf reads a mark from a hit found by searchMarks.
func markOf(h checkpoint.Hit) mark {
	return mark{time: h.Time, pc: h.PC, cfa: uint32(h.Note)}
}

// cfa is the CFA of hart's innermost physical frame now (0 if unknown).
func (s *Session) cfa(hart int) uint32 {
	fs, err := s.unwind(hart, 1)
	if err != nil || len(fs) == 0 {
		return 0
	}
	return fs[0].CFA
}
