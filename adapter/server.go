package adapter

import (
	"bufio"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/internal/clientgate"
	"github.com/rewind-debugger/rewind/internal/frame"
	"github.com/rewind-debugger/rewind/symbols"
)

// Options configure a Server.
type Options struct {
	// Log receives the adapter's own diagnostics (default: discarded).
	Log *slog.Logger
	// Hangup says that the end of the input means the client is gone (a
	// network connection): what it started is paused and its queued
	// requests are dropped. Without it (stdio), the requests already
	// read are answered first.
	Hangup bool
	// Activity, when set, is told of every complete request and of every
	// running operation (the listener's idle timeout uses it).
	Activity Activity
	// NoSemihosting turns semihosting off in the sessions it launches.
	NoSemihosting bool
	// Board is the board of launches that name none (rewind dap --board):
	// a built-in board's name or a board file's path ("": from the ELF).
	Board string
	// Arch, "riscv" or "cortex-m" when the client knows the firmware's
	// architecture before launch (rewind dap --arch), chooses the exception
	// filters initialize offers ("": those of both architectures).
	Arch string
	// laneWait (tests): see Server.laneWait.
	laneWait time.Duration
}

// Activity is told what a client does, so that an idle client can be told
// from a working one.
type Activity = clientgate.Activity

// Server is one DAP session with one client.
type Server struct {
	log      *slog.Logger
	laneWait time.Duration // how long lanes are searched on the reader (lanewait.go)
	in       *bufio.Reader
	hangup   bool
	noSemi   bool   // Options.NoSemihosting
	board    string // Options.Board
	arch     string // Options.Arch
	activity Activity
	gone     atomic.Bool  // the client went away: drop its queued requests
	queued   atomic.Int64 // bytes of the requests read and not yet handled
	// handlers maps each command to its handler (read-only after New).
	handlers map[string]handler

	wmu sync.Mutex // guards out and seq
	out io.Writer
	seq int

	mu      sync.Mutex // guards the session and everything below
	sess    *debugger.Session
	launch  launchArgs
	client  dap.InitializeRequestArguments
	handles handles
	dataIDs map[string]string // data breakpoint id -> description (see dataids.go)
	dataUse []string          // the ids of the data breakpoints set now
	last    debugger.Stop
	// configured is set by the first configurationDone, which starts the
	// run; later ones are refused.
	configured bool

	done     atomic.Bool                      // disconnect received
	harts    atomic.Int32                     // threads to list, readable while running
	panics   atomic.Int32                     // requests that panicked (caught), for tests
	runner   atomic.Pointer[debugger.Runner]  // the session's run state (see run.go)
	paths    atomic.Pointer[debugger.PathMap] // source paths, readable while running
	syms     atomic.Pointer[symbols.Table]    // for breakpointLocations while running
	outBuf   outputBuffer
	progress progressState
	// answer is the answer of a query (rewind/origin, rewind/query) that
	// ran on the runner, sent when the runner reports its end.
	answer atomic.Pointer[queryAnswer]
	// forks counts the changes of the past seen (edits in history), so
	// cached lanes of a changed history are not reused.
	forks atomic.Int64
	lanes laneCache // guarded by mu
}

// New makes a server reading requests from r and writing to w.
func New(r io.Reader, w io.Writer, opt Options) *Server {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	act := opt.Activity
	if act == nil {
		act = clientgate.NoActivity{}
	}
	return &Server{log: log, in: bufio.NewReaderSize(r, 64<<10), out: w, dataIDs: map[string]string{},
		handlers: handlerTable(), hangup: opt.Hangup, activity: act, noSemi: opt.NoSemihosting, board: opt.Board, arch: opt.Arch,
		laneWait: cmp.Or(opt.laneWait, laneWait)}
}

// Serve handles requests until the client disconnects or the input ends.
// A reader goroutine reads ahead (at most maxQueued requests), so that the
// end of the input is seen at once: with Options.Hangup, the client's
// running operation is paused and its queued requests are dropped.
func (s *Server) Serve() error {
	defer s.shutdown()
	reqs := make(chan []byte, maxQueued)
	quit := make(chan struct{})
	defer close(quit)
	readErr := make(chan error, 1)
	go s.readLoop(reqs, readErr, quit)
	for body := range reqs {
		s.queued.Add(-int64(len(body)))
		if s.gone.Load() {
			continue // the client went away: its requests are dropped
		}
		s.handle(body)
		if s.done.Load() {
			return nil
		}
	}
	return <-readErr
}

// readLoop reads messages into reqs until the input ends (closing reqs)
// or the server quits. A message over the queue's bound is answered with
// an error at once.
func (s *Server) readLoop(reqs chan<- []byte, readErr chan<- error, quit <-chan struct{}) {
	defer close(reqs)
	for {
		body, err := readFrame(s.in)
		if errors.Is(err, errBadHeader) {
			s.log.Warn("skipping a malformed message", "err", err)
			s.sendError(0, "", "malformed message header")
			continue
		}
		if err != nil {
			readErr <- s.inputEnded(err)
			return
		}
		if s.gone.Load() {
			readErr <- nil // a write failed: the client is gone
			return
		}
		s.activity.Touch()
		n := int64(len(body))
		if s.queued.Add(n) > maxQueuedBytes {
			s.queued.Add(-n)
			s.refuseQueued(body)
			continue
		}
		select {
		case reqs <- body:
		case <-quit:
			readErr <- nil
			return
		default:
			s.queued.Add(-n)
			s.refuseQueued(body)
		}
	}
}

// inputEnded handles the end of the input: a departed network client's
// run is paused at once. It returns the error Serve reports.
func (s *Server) inputEnded(err error) error {
	if errors.Is(err, frame.ErrTooLarge) {
		s.sendError(0, "", err.Error()+": closing the connection")
	}
	if s.hangup {
		s.hangUp()
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
		return nil
	}
	return fmt.Errorf("reading a message: %w", err)
}

// hangUp drops a departed client: its running operation is paused and its
// queued requests are skipped.
func (s *Server) hangUp() {
	s.gone.Store(true)
	s.pauseRun()
}

// refuseQueued answers a request that found the queue full.
func (s *Server) refuseQueued(body []byte) {
	var req envelope
	if json.Unmarshal(body, &req) != nil || req.Type != "request" {
		return
	}
	s.fail(&req, fmt.Sprintf("too many requests waiting (at most %d, %d MiB): wait for the answers before sending more",
		maxQueued, maxQueuedBytes>>20))
}

// shutdown stops a running operation and waits for it.
func (s *Server) shutdown() {
	s.stopRun()
}

// envelope is the part of a request every handler needs.
type envelope struct {
	Seq       int             `json:"seq"`
	Type      string          `json:"type"`
	Command   string          `json:"command"`
	Arguments json.RawMessage `json:"arguments"`
}

// handle decodes and dispatches one message; nothing in it may panic the
// server, so a last-resort recover answers with an error.
func (s *Server) handle(body []byte) {
	var req envelope
	if err := json.Unmarshal(body, &req); err != nil {
		s.sendError(0, "", "the message is not valid JSON: "+err.Error())
		return
	}
	if req.Type != "request" {
		return // responses and events from the client need no answer
	}
	defer func() {
		if r := recover(); r != nil {
			s.panics.Add(1)
			s.log.Error("request panicked", "command", req.Command, "panic", r, "stack", string(debug.Stack()))
			s.sendError(req.Seq, req.Command, fmt.Sprintf("internal error: %v", r))
		}
	}()
	if msg := overLimit(&req); msg != "" {
		s.fail(&req, msg)
		return
	}
	h, ok := s.handlers[req.Command]
	if !ok {
		s.sendError(req.Seq, req.Command, fmt.Sprintf("unknown request %q", req.Command))
		return
	}
	h(s, &req)
}

// decode unmarshals a request's arguments into v, answering with an
// error response when they are malformed.
func (s *Server) decode(req *envelope, v any) bool {
	if len(req.Arguments) == 0 || string(req.Arguments) == "null" {
		return true
	}
	if err := json.Unmarshal(req.Arguments, v); err != nil {
		s.sendError(req.Seq, req.Command, "bad arguments: "+err.Error())
		return false
	}
	return true
}
