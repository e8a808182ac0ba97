package adapter

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// Options configure a Server.
type Options struct {
	// Log receives the adapter's own diagnostics (default: discarded).
	Log *slog.Logger
}

// Server is one DAP session with one client.
type Server struct {
	log *slog.Logger
	in  *bufio.Reader
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

	running  atomic.Bool
	done     atomic.Bool                      // disconnect received
	harts    atomic.Int32                     // threads to list, readable while running
	panics   atomic.Int32                     // requests that panicked (caught), for tests
	pauser   atomic.Pointer[debugger.Session] // for Pause without the lock
	paths    atomic.Pointer[debugger.PathMap] // source paths, readable while running
	syms     atomic.Pointer[symbols.Table]    // for breakpointLocations while running
	worker   sync.WaitGroup
	outBuf   outputBuffer
	progress progressState

	suspend atomic.Bool // the running operation is being suspended
	// suspended and lastOp (used by the reader goroutine only, and by run
	// before its worker starts) describe a suspended operation and how to
	// resume it.
	suspended bool
	lastOp    func(d *debugger.Session) debugger.Stop
}

// New makes a server reading requests from r and writing to w.
func New(r io.Reader, w io.Writer, opt Options) *Server {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{log: log, in: bufio.NewReaderSize(r, 64<<10), out: w, dataIDs: map[string]string{},
		handlers: handlerTable()}
}

// Serve handles requests until the client disconnects or the input ends.
func (s *Server) Serve() error {
	defer s.shutdown()
	for !s.done.Load() {
		body, err := readFrame(s.in)
		if errors.Is(err, errBadHeader) {
			s.log.Warn("skipping a malformed message", "err", err)
			s.sendError(0, "", "malformed message header")
			continue
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading a message: %w", err)
		}
		s.handle(body)
	}
	return nil
}

// shutdown stops a running operation and waits for it.
func (s *Server) shutdown() {
	if p := s.pauser.Load(); p != nil && s.running.Load() {
		p.Pause()
	}
	s.worker.Wait()
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
