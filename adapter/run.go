package adapter

import (
	"fmt"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// run performs an execution request on the session runner's goroutine
// (so pause and cancel can interrupt it) and reports how it ended.
func (s *Server) run(op func(d *debugger.Session) debugger.Stop) {
	s.runOp(op, false)
}

// runResumable is run for continue and reverseContinue, which can be
// suspended to change breakpoints and then resumed.
func (s *Server) runResumable(op func(d *debugger.Session) debugger.Stop) {
	s.runOp(op, true)
}

// runOp starts op on the runner, holding s.mu while it runs (requests
// that would need the lock meanwhile are refused by busy); the runner
// reports the stop through reportStop.
func (s *Server) runOp(op func(d *debugger.Session) debugger.Stop, resumable bool) {
	r := s.runner.Load()
	if r == nil {
		return
	}
	s.activity.SetBusy(true)
	err := r.Start(func(*debugger.Session) debugger.Stop {
		defer s.activity.SetBusy(false)
		var st debugger.Stop
		s.withLock(func() {
			st = s.guarded(op)
			s.handles.reset()
			s.last = st
		})
		s.flushOutput()
		s.endProgress()
		return st
	}, resumable)
	if err != nil {
		s.activity.SetBusy(false)
		s.log.Warn("an operation was started while another ran", "err", err)
	}
}

// isRunning reports whether an operation runs (not suspended).
func (s *Server) isRunning() bool {
	r := s.runner.Load()
	return r != nil && r.State() == debugger.StateRunning
}

// pauseRun pauses a running operation, reporting whether one ran.
func (s *Server) pauseRun() bool {
	r := s.runner.Load()
	return r != nil && r.Pause()
}

// waitRun waits until a running operation has ended and been reported.
func (s *Server) waitRun() {
	if r := s.runner.Load(); r != nil {
		r.Wait()
	}
}

// stopRun pauses a running operation and waits until it has ended.
func (s *Server) stopRun() {
	if r := s.runner.Load(); r != nil {
		r.Stop()
	}
}

// guarded runs op, turning a panic into an error stop.
func (s *Server) guarded(op func(d *debugger.Session) debugger.Stop) (st debugger.Stop) {
	defer func() {
		if r := recover(); r != nil {
			s.panics.Add(1)
			s.log.Error("operation panicked", "panic", r)
			st = debugger.Stop{Reason: debugger.ReasonError, Description: fmt.Sprintf("internal error: %v", r)}
		}
	}()
	return op(s.sess)
}

// reportStop sends the events of a stop.
func (s *Server) reportStop(st debugger.Stop) {
	if s.answerQuery() {
		return
	}
	switch st.Reason {
	case debugger.ReasonExited:
		s.console(st.Description)
		s.emit("exited", dap.ExitedEventBody{ExitCode: st.ExitCode})
		s.emit("terminated", dap.TerminatedEventBody{})
		return
	case debugger.ReasonError:
		s.emit("output", dap.OutputEventBody{Category: "stderr", Output: st.Description + "\n"})
	case debugger.ReasonStartOfHistory, debugger.ReasonHalted, debugger.ReasonEndOfHistory, debugger.ReasonExiting:
		s.console(st.Description)
	}
	if fork := s.forkNote(); fork != "" {
		s.console(fork)
	}
	s.emit("stopped", dap.StoppedEventBody{Reason: dapReason(st.Reason), Description: describe(st),
		ThreadId: s.stopThread(st), AllThreadsStopped: true, HitBreakpointIds: st.BreakpointIDs, Text: st.Description})
	s.timelineChanged()
}

// dapReasons map the session's stop reasons to DAP stopped reasons.
var dapReasons = map[debugger.Reason]string{
	debugger.ReasonStep:           "step",
	debugger.ReasonBreakpoint:     "breakpoint",
	debugger.ReasonFunction:       "function breakpoint",
	debugger.ReasonInstruction:    "instruction breakpoint",
	debugger.ReasonData:           "data breakpoint",
	debugger.ReasonException:      "exception",
	debugger.ReasonPause:          "pause",
	debugger.ReasonEntry:          "entry",
	debugger.ReasonGoto:           "goto",
	debugger.ReasonRestart:        "restart",
	debugger.ReasonStartOfHistory: "step",
	debugger.ReasonEndOfHistory:   "step",
	debugger.ReasonHalted:         "exception",
	debugger.ReasonError:          "pause",
	debugger.ReasonExiting:        "exit",
}

// dapReason maps a stop reason to a DAP stopped reason ("pause" for none).
func dapReason(r debugger.Reason) string {
	if d, ok := dapReasons[r]; ok {
		return d
	}
	return "pause"
}

// describe is the short text VS Code shows next to the thread. Every stop
// gets one, so the label of an earlier stop never lingers.
func describe(st debugger.Stop) string {
	switch st.Reason {
	case debugger.ReasonStartOfHistory:
		return "Start of history"
	case debugger.ReasonEndOfHistory:
		return "End of history"
	case debugger.ReasonExiting:
		return fmt.Sprintf("Exiting with code %d (continue ends the session)", st.ExitCode)
	case debugger.ReasonGoto:
		return "Moved in time"
	case debugger.ReasonError:
		return "Stopped on an error"
	case debugger.ReasonException:
		if st.Trap != nil {
			return trapLabel(st.Trap)
		}
	}
	r := st.Reason.String()
	if r == "" {
		return "Paused"
	}
	return strings.ToUpper(r[:1]) + r[1:]
}

// timelineChanged tells the extension where in history the session is.
func (s *Server) timelineChanged() {
	var body map[string]uint64
	s.withLock(func() {
		if s.sess != nil {
			sp := s.sess.Span()
			body = map[string]uint64{"start": sp.Start, "end": sp.End, "now": sp.Now}
		}
	})
	if body == nil {
		return
	}
	s.emit("rewind/timelineChanged", body)
}

// forkNote says (once) that an edit changed the past.
func (s *Server) forkNote() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sess == nil || !s.sess.TakeFork() {
		return ""
	}
	s.forks.Add(1)
	return fmt.Sprintf("History changed at time %d: the recorded future after this moment was discarded.", s.sess.Now())
}

// threadHart converts a DAP thread id to a hart (the current hart when 0).
func (s *Server) threadHart(id int) (int, error) {
	if id == 0 {
		return s.sess.Hart(), nil
	}
	if h, ok := s.taskHart(id); ok {
		return h, nil
	}
	if id < 1 || id > s.sess.Harts() {
		return 0, fmt.Errorf("no thread %d (threads are harts 1..%d)", id, s.sess.Harts())
	}
	return id - 1, nil
}

// startRun validates a thread and starts op on its hart.
func (s *Server) startRun(req *envelope, thread int, op func(d *debugger.Session, hart int) debugger.Stop) {
	var hart int
	var err error
	if !s.withSession(req, func(*debugger.Session) { hart, err = s.threadHart(thread) }) {
		return
	}
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.continuedForCustom(req)
	s.reply(req, nil)
	s.run(func(d *debugger.Session) debugger.Stop { return op(d, hart) })
}

// granularity maps a DAP stepping granularity.
func granularity(g dap.SteppingGranularity) debugger.Granularity {
	if g == "instruction" {
		return debugger.ByInstruction
	}
	return debugger.Statement
}

// acquireConfig is acquire for requests that change breakpoints: a
// running operation is suspended (paused without a stopped event) while
// they apply, and releaseConfig resumes it.
func (s *Server) acquireConfig(req *envelope) *debugger.Session {
	if r := s.runner.Load(); r != nil {
		r.Suspend()
	}
	return s.acquire(req)
}

// releaseConfig unlocks and resumes a suspended operation: continue and
// reverseContinue go on; an interrupted step reports its pause.
func (s *Server) releaseConfig() {
	s.mu.Unlock()
	if r := s.runner.Load(); r != nil {
		r.Resume()
	}
}

// startRunResumable validates a thread and starts a resumable op.
func (s *Server) startRunResumable(req *envelope, thread int, op func(d *debugger.Session) debugger.Stop) {
	var err error
	if !s.withSession(req, func(*debugger.Session) { _, err = s.threadHart(thread) }) {
		return
	}
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.reply(req, nil)
	s.runResumable(op)
}
