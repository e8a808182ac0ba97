package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// The end of history is a place, not an ending. A replayed recording
// that stopped without the firmware ending (the recorder stopped it, or
// it waited for input) ends at its End: forward runs stop there with
// ReasonEndOfHistory, as long as the past was not edited (after a fork
// the history is new and runs on). When the firmware exits through the
// test device, a forward run stops just before the exiting instruction
// with ReasonExiting and the exit code, everything still explorable; a
// forward operation that begins there performs the exit (ReasonExited).
// A trap the firmware cannot handle halts the board on the faulting
// instruction (ReasonHalted, which never completes: the halt is already
// "just before"); a forward operation that begins at the halt ends the run
// (ReasonExited, code 1 as `rewind run` reports a fault).
// Options.StopAtExit false restores ending at the exit at once and
// halting again on each run at a fatal trap.

// stopRecordingEnd is the machine stop runFor reports at the end of a
// replayed recording (a reason vm never uses).
const stopRecordingEnd vm.StopReason = -1

// recordingEnd is the time forward runs stop at: the end of the replayed
// recording when it did not end by itself and history was not edited.
func (s *Session) recordingEnd() (uint64, bool) {
	if s.opt.Recording == nil {
		return 0, false
	}
	r := s.opt.Recording.r
	if r.Status.Kind == checkpoint.StatusExit || r.Status.Kind == checkpoint.StatusFatal {
		return 0, false
	}
	if len(s.tl.Forks()) > 0 {
		return 0, false
	}
	return r.End, true
}

// stopAtExit reports whether an exit reached from here stops before it.
func (s *Session) stopAtExit(st vm.Stop) bool {
	if s.opt.StopAtExit != nil && !*s.opt.StopAtExit {
		return false
	}
	return st.Time > s.tl.Start() && s.opStart < st.Time-1
}

// exitStop reports the firmware's exit: just before it when a run reached
// it, or the exit itself when the operation began there.
func (s *Session) exitStop(st vm.Stop) Stop {
	if !s.stopAtExit(st) {
		return s.withExitCode(s.stopHere(ReasonExited, st.Hart, fmt.Sprintf("the firmware exited with code %d", st.ExitCode)), st.ExitCode)
	}
	if err := s.tl.Seek(st.Time - 1); err != nil {
		return s.errorStop(fmt.Errorf("going back before the exit: %w", err))
	}
	out := s.stopHere(ReasonExiting, st.Hart, fmt.Sprintf(
		"the firmware exits with code %d at t=%d; step back or reverse to see why; continue ends the session",
		st.ExitCode, st.Time-1))
	return s.withExitCode(out, st.ExitCode)
}

// withExitCode sets the exit code of a stop just made by stopHere, and of
// its copy kept for the timeline (History.Stops).
func (s *Session) withExitCode(st Stop, code int) Stop {
	st.ExitCode = code
	if n := len(s.stops); n > 0 {
		s.stops[n-1].ExitCode = code
	}
	return st
}

// endStop reports the end of a replayed recording.
func (s *Session) endStop(st vm.Stop) Stop {
	return s.stopHere(ReasonEndOfHistory, st.Hart, fmt.Sprintf(
		"the recording ends here (t=%d): nothing later was recorded; step back or reverse to explore it", s.tl.Now()))
}

// fatalExitCode is the exit code of a run ended by a fatal trap.
const fatalExitCode = 1

// fatalStop reports a trap the firmware cannot handle: the board halts
// on the faulting instruction; continuing from the halt ends the run.
func (s *Session) fatalStop(st vm.Stop) Stop {
	stopping := s.opt.StopAtExit == nil || *s.opt.StopAtExit
	what := "the board stopped on a trap it cannot handle: " + s.ClassifyTrap(st.Hart, st.Cause).Name
	if stopping && s.opStart >= st.Time {
		out := s.stopHere(ReasonExited, st.Hart, what+"; the run ends")
		out.ExitCode, out.Trap = fatalExitCode, s.trapOf(st)
		return out
	}
	if stopping {
		what += "; step back or reverse to see why; continue ends the session"
	}
	out := s.stopHere(ReasonHalted, st.Hart, what)
	out.Trap = s.trapOf(st)
	return out
}
