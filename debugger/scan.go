package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// mark is one moment a replay scan stopped at: hart about to execute pc.
type mark struct {
	time uint64
	pc   uint32
	cfa  uint32
}

// scan replays [from, to) with breakpoints on addrs only and returns the
// moments hart reached one of them, oldest first, each with its frame's
// CFA. It leaves the machine at to.
func (s *Session) scan(hart int, from, to uint64, addrs []uint32) ([]mark, error) {
	c := checkpoint.Conditions{}
	for _, a := range addrs {
		c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: a, Hart: hart})
	}
	s.tl.SetConditions(c)
	defer s.arm(false)
	start := from
	if from > s.tl.Start() {
		start = from - 1 // so that a stop exactly at from is reported
	}
	if err := s.tl.Seek(start); err != nil {
		return nil, fmt.Errorf("replaying history: %w", err)
	}
	var out []mark
	for s.tl.Now() < to {
		if s.pausing() {
			return nil, checkpoint.ErrPaused
		}
		st := s.tl.Run(to)
		if st.Reason == vm.StopPause || s.pausing() {
			return nil, checkpoint.ErrPaused
		}
		if st.Reason != vm.StopBreakpoint {
			break
		}
		if st.Hart == hart && st.Time >= from {
			out = append(out, mark{time: st.Time, pc: st.PC, cfa: s.cfa(hart)})
		}
	}
	if s.tl.Now() != to {
		if err := s.tl.Seek(to); err != nil {
			return nil, fmt.Errorf("replaying history: %w", err)
		}
	}
	return out, nil
}

// cfa is the CFA of hart's innermost physical frame now (0 if unknown).
func (s *Session) cfa(hart int) uint32 {
	fs, err := s.unwind(hart, 1)
	if err != nil || len(fs) == 0 {
		return 0
	}
	return fs[0].CFA
}

// searchBack scans windows of growing size back from now until decide
// finds its answer among the marks (or history runs out: then it is
// called with atStart=true). It returns decide's time.
func (s *Session) searchBack(hart int, addrs []uint32, decide func(ms []mark, lo uint64, atStart bool) (uint64, bool)) (uint64, bool, error) {
	now := s.tl.Now()
	w := uint64(1 << 12)
	for {
		lo := s.tl.Start()
		if now-lo > w {
			lo = now - w
		}
		ms, err := s.scan(hart, lo, now, addrs)
		if err != nil {
			_ = s.tl.Seek(now) // stay where the search began
			return 0, false, err
		}
		atStart := lo == s.tl.Start()
		if t, ok := decide(ms, lo, atStart); ok {
			return t, true, nil
		}
		if atStart {
			return 0, false, nil
		}
		w *= 8
		if s.opt.Progress != nil {
			s.opt.Progress(min(w, now-s.tl.Start()), now-s.tl.Start())
		}
	}
}
