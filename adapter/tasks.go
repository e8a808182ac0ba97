package adapter

import (
	"github.com/google/go-dap"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// taskThreads lists the RTOS tasks as DAP threads, or reports false when
// there are none now (no RTOS, its scheduler not started, or running).
func (s *Server) taskThreads() ([]dap.Thread, bool) {
	if s.isRunning() {
		return nil, false
	}
	var out []dap.Thread
	s.withLock(func() {
		if s.sess == nil {
			return
		}
		for _, th := range s.sess.Threads() {
			if th.Task == nil {
				return
			}
			out = append(out, dap.Thread{Id: th.ID, Name: th.Label()})
		}
	})
	return out, len(out) > 0
}

// stopThread is the thread a stop names: the running RTOS task's id, or
// the hart's.
func (s *Server) stopThread(st debugger.Stop) int {
	id := st.Hart + 1
	s.withLock(func() {
		if s.sess == nil {
			return
		}
		if task, ok := s.sess.RunningTask(st.Hart); ok {
			id = task
		}
	})
	return id
}

// taskHart maps the id of an RTOS task to the hart it runs on (a
// switched-out task's steps are the running task's: hart 0). Called with
// s.mu held.
func (s *Server) taskHart(id int) (int, bool) {
	th, err := s.sess.Thread(id)
	if err != nil || th.Task == nil {
		return 0, false
	}
	return max(th.Hart, 0), true
}

// threadFrames is thread id's call stack and the "hart" its frame ids
// use: a task's from the session's task view, else hart's. Called with
// s.mu held.
func (s *Server) threadFrames(sess *debugger.Session, id, hart int) ([]*symbols.Frame, int, error) {
	th, err := sess.Thread(id)
	if err != nil || th.Task == nil {
		fs, err := sess.Frames(hart)
		return fs, hart, err
	}
	fs, err := sess.ThreadFrames(id)
	if th.Running() {
		return fs, th.Hart, err
	}
	return fs, debugger.TaskHart(id), err
}
