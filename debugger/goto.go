package debugger

import (
	"errors"
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
)

// RunTo runs forward (or backward) to the next (previous) moment hart
// reaches addr; breakpoints met first stop the run.
func (s *Session) RunTo(addrs []uint32, backward bool) Stop {
	s.begin()
	s.bps.temp = map[uint32]bool{}
	for _, a := range addrs {
		s.bps.temp[a] = true
	}
	defer func() { s.bps.temp = nil; s.arm(false) }()
	if backward {
		return s.runBackward(s.tl.Start())
	}
	return s.runForward(^uint64(0))
}

// LineAddrs resolves file:line to code addresses (for RunTo).
func (s *Session) LineAddrs(file string, line int) ([]uint32, error) {
	locs, err := s.syms.LineToPCs(file, line)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, 0, len(locs))
	for _, l := range locs {
		out = append(out, l.Addr)
	}
	return out, nil
}

// Seek moves to time t (clamped to the history) and stops there; Pause
// during a long replay stops it on the way (ReasonPause).
func (s *Session) Seek(t uint64) Stop {
	s.begin()
	t = min(max(t, s.tl.Start()), s.tl.End())
	s.ClearPause() // a pause asked while nothing ran is not for this seek
	if err := s.tl.SeekPausable(t); errors.Is(err, checkpoint.ErrPaused) {
		s.ClearPause()
		return s.stopHere(ReasonPause, s.hart, fmt.Sprintf("paused on the way to time %d", t))
	} else if err != nil {
		return s.errorStop(fmt.Errorf("seek to %d: %w", t, err))
	}
	return s.stopHere(ReasonGoto, s.hart, fmt.Sprintf("time %d", t))
}

// Entry reports the stop at the start of the session (stopOnEntry).
func (s *Session) Entry() Stop {
	return s.stopHere(ReasonEntry, 0, "")
}

// UARTInput types bytes into the board's UART now (forking history when
// in the past; see TakeFork).
func (s *Session) UARTInput(b []byte) error {
	forked, err := s.tl.UARTInput(b)
	s.noteFork(forked)
	if err != nil {
		return fmt.Errorf("UART input: %w", err)
	}
	return nil
}
