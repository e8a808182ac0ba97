package debugger

import (
	"errors"
	"sync"
)

// RunState says whether an operation of a Runner runs.
type RunState int

// Run states.
const (
	// StateStopped: no operation runs; the session may be read and changed.
	StateStopped RunState = iota
	// StateRunning: an operation runs; only Pause and Suspend may be used.
	StateRunning
	// StateSuspended: an operation was paused by Suspend so that the
	// front-end can change the session (breakpoints); Resume goes on.
	StateSuspended
)

// ErrRunning refuses to start an operation while another runs.
var ErrRunning = errors.New("the target is running: pause it first")

// Op is one operation of the session that moves in time (Continue,
// StepBack, Seek, ...).
type Op func(s *Session) Stop

// Runner is the run-state machine every front-end drives its session
// with. It runs one operation at a time, either on the caller's goroutine
// (Run, for front-ends that answer when the operation ends: the console,
// JSON-RPC) or on a goroutine of its own (Start, for front-ends that keep
// reading requests while it runs: DAP, the GDB stub), and lets any
// goroutine pause it:
//
//	Stopped --Start/Run--> Running --(the operation ends)--> Stopped, onStop(stop)
//	Running --Pause--> the operation ends soon with ReasonPause --> Stopped, onStop
//	Running --Suspend--> Suspended (paused; onStop is not called)
//	Suspended --Resume--> Running again (a resumable operation: continue,
//	                      reverse-continue) or Stopped, onStop(the pause)
//
// onStop is called on the operation's goroutine after the state is back
// to Stopped; Wait returns only after it returned.
type Runner struct {
	s      *Session
	onStop func(Stop)

	mu         sync.Mutex // guards the fields below
	state      RunState
	op         Op
	resumable  bool
	suspending bool
	last       Stop
	done       chan struct{} // closed when the operation's goroutine ends
}

// NewRunner makes a stopped runner for s; onStop (may be nil) receives the
// stop of every operation started with Start.
func NewRunner(s *Session, onStop func(Stop)) *Runner {
	if onStop == nil {
		onStop = func(Stop) {}
	}
	return &Runner{s: s, onStop: onStop}
}

// Session is the session the runner drives.
func (r *Runner) Session() *Session { return r.s }

// State is the current run state.
func (r *Runner) State() RunState {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state
}

// Last is the stop of the latest operation that ended.
func (r *Runner) Last() Stop {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.last
}

// Run runs op on the caller's goroutine and returns its stop (onStop is
// not called). A pause asked from another goroutine while nothing ran is
// forgotten first.
func (r *Runner) Run(op Op) (Stop, error) {
	r.mu.Lock()
	if r.state != StateStopped {
		r.mu.Unlock()
		return Stop{}, ErrRunning
	}
	r.state = StateRunning
	r.s.ClearPause()
	r.mu.Unlock()
	st := op(r.s)
	r.mu.Lock()
	r.state, r.last = StateStopped, st
	r.mu.Unlock()
	return st, nil
}

// Do runs a long query (ValueHistory) on the caller's goroutine as an
// operation: Pause interrupts it, and no other operation starts meanwhile.
func (r *Runner) Do(f func(s *Session)) error {
	_, err := r.Run(func(s *Session) Stop {
		f(s)
		return r.Last()
	})
	return err
}

// Start runs op on a goroutine of its own; its stop goes to onStop. A
// resumable op starts again after a Suspend and Resume; another reports
// the pause it was suspended with.
func (r *Runner) Start(op Op, resumable bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != StateStopped {
		return ErrRunning
	}
	r.op, r.resumable = op, resumable
	r.launch()
	return nil
}

// launch starts r.op (r.mu held).
func (r *Runner) launch() {
	r.s.ClearPause()
	r.state = StateRunning
	done := make(chan struct{})
	r.done = done
	op := r.op
	go func() {
		defer close(done)
		st := op(r.s)
		r.mu.Lock()
		r.last = st
		if r.suspending && st.Reason == ReasonPause {
			r.state = StateSuspended
			r.mu.Unlock()
			return
		}
		r.state = StateStopped
		r.mu.Unlock()
		r.onStop(st)
	}()
}

// Pause asks a running operation to stop soon, and reports whether one
// was running. Safe from any goroutine (a signal handler, a reader).
func (r *Runner) Pause() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state != StateRunning {
		return false
	}
	r.s.Pause()
	return true
}

// Suspend pauses an operation started with Start without reporting it,
// and waits until it has stopped: it returns true when the runner is then
// Suspended (the caller changes the session and calls Resume), false when
// nothing ran or the operation ended by itself first (onStop had it).
func (r *Runner) Suspend() bool {
	r.mu.Lock()
	if r.state != StateRunning || r.done == nil {
		suspended := r.state == StateSuspended
		r.mu.Unlock()
		return suspended
	}
	r.suspending = true
	done := r.done
	r.s.Pause()
	r.mu.Unlock()
	<-done
	r.mu.Lock()
	defer r.mu.Unlock()
	r.suspending = false
	return r.state == StateSuspended
}

// Resume ends a suspension: a resumable operation runs again, another
// reports the pause it was suspended with (onStop). Without a suspension
// it does nothing.
func (r *Runner) Resume() {
	r.mu.Lock()
	if r.state != StateSuspended {
		r.mu.Unlock()
		return
	}
	if r.resumable {
		r.launch()
		r.mu.Unlock()
		return
	}
	r.state = StateStopped
	last := r.last
	r.mu.Unlock()
	r.onStop(last)
}

// Drop forgets a suspension without reporting it (the operation is
// abandoned, e.g. for a restart).
func (r *Runner) Drop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.state == StateSuspended {
		r.state = StateStopped
	}
}

// Wait blocks until the operation started with Start has ended and its
// onStop returned (at once when none runs).
func (r *Runner) Wait() {
	r.mu.Lock()
	done := r.done
	r.mu.Unlock()
	if done != nil {
		<-done
	}
}

// Stop pauses a running operation and waits for it (a client leaving).
func (r *Runner) Stop() {
	r.Pause()
	r.Wait()
}
