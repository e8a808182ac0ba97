package adapter

import (
	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

func (s *Server) onContinue(req *envelope) {
	var a dap.ContinueArguments
	if !s.decode(req, &a) {
		return
	}
	if !s.withSession(req, func(*debugger.Session) {}) {
		return
	}
	s.reply(req, dap.ContinueResponseBody{AllThreadsContinued: true})
	s.runResumable(func(d *debugger.Session) debugger.Stop { return d.Continue() })
}

func (s *Server) onNext(req *envelope) {
	var a dap.NextArguments
	if s.decode(req, &a) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepOver, false, granularity(a.Granularity))
		})
	}
}

func (s *Server) onStepIn(req *envelope) {
	var a dap.StepInArguments
	if s.decode(req, &a) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepInto, false, granularity(a.Granularity))
		})
	}
}

func (s *Server) onStepOut(req *envelope) {
	var a dap.StepOutArguments
	if s.decode(req, &a) && s.canStepOut(req, a.ThreadId) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepOutOf, false, granularity(a.Granularity))
		})
	}
}

// canStepOut answers req with the session's refusal when the thread's
// innermost frame is the outermost one (nothing to step out to).
func (s *Server) canStepOut(req *envelope, thread int) bool {
	var err error
	if !s.withSession(req, func(sess *debugger.Session) {
		var hart int
		if hart, err = s.threadHart(thread); err == nil {
			err = sess.CanStepOut(hart, 0)
		}
	}) {
		return false
	}
	if err != nil {
		s.fail(req, err.Error())
		return false
	}
	return true
}

func (s *Server) onStepBack(req *envelope) {
	var a dap.StepBackArguments
	if s.decode(req, &a) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepOver, true, granularity(a.Granularity))
		})
	}
}

func (s *Server) onReverseContinue(req *envelope) {
	var a dap.ReverseContinueArguments
	if s.decode(req, &a) {
		s.startRunResumable(req, a.ThreadId, func(d *debugger.Session) debugger.Stop { return d.ReverseContinue() })
	}
}

// threadArgs are the arguments of the custom reverse steps.
type threadArgs struct {
	ThreadId int `json:"threadId"`
}

func (s *Server) onReverseStepOut(req *envelope) {
	var a threadArgs
	if s.decode(req, &a) && s.canStepOut(req, a.ThreadId) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepOutOf, true, debugger.Statement)
		})
	}
}

func (s *Server) onReverseStepIn(req *envelope) {
	var a threadArgs
	if s.decode(req, &a) {
		s.startRun(req, a.ThreadId, func(d *debugger.Session, h int) debugger.Stop {
			return d.ThreadStep(h, debugger.StepInto, true, debugger.Statement)
		})
	}
}

func (s *Server) onRestartFrame(req *envelope) {
	var a dap.RestartFrameArguments
	if !s.decode(req, &a) {
		return
	}
	if !s.withSession(req, func(*debugger.Session) {}) {
		return
	}
	hart, index, ok := s.handles.frame(a.FrameId)
	if !ok {
		s.fail(req, "unknown frame id")
		return
	}
	s.reply(req, nil)
	s.run(func(d *debugger.Session) debugger.Stop { return d.RestartFrame(hart, index) })
}

func (s *Server) onPause(req *envelope) {
	if s.pauseRun() {
		s.reply(req, nil)
		return
	}
	var sess *debugger.Session
	var st debugger.Stop
	s.withLock(func() {
		sess = s.sess
		if sess != nil {
			st = debugger.Stop{Reason: debugger.ReasonPause, Hart: sess.Hart(), Time: sess.Now()}
		}
	})
	s.reply(req, nil)
	if sess != nil {
		s.reportStop(st)
	}
}

func (s *Server) onCancel(req *envelope) {
	s.pauseRun()
	s.reply(req, nil)
}
