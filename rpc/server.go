package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/internal/clientgate"
	"github.com/sourcegraph/jsonrpc2"
)

// Options configure a Server.
type Options struct {
	// Log receives warnings (nil: discarded).
	Log *slog.Logger
	// NoSemihosting turns semihosting off in the sessions it launches.
	NoSemihosting bool
	// SVD is the CMSIS-SVD file sessions use when launch names none.
	SVD string
	// Board is the board of launches that name none (rewind rpc --board):
	// a built-in board's name or a board file's path ("": from the ELF).
	Board string
}

// Server serves one client connection at a time over one session.
type Server struct {
	log    *slog.Logger
	noSemi bool       // Options.NoSemihosting
	svd    string     // Options.SVD
	board  string     // Options.Board
	mu     sync.Mutex // serialises every use of the session
	sess   *session
	// running is the session, for pause (which must not wait for mu).
	running atomic.Pointer[debugger.Session]
}

// session is a launched program.
type session struct {
	s   *debugger.Session
	run *debugger.Runner // runs the methods that move in time
	out bytes.Buffer     // UART output so far
	// paths maps source paths between the DWARF and this machine.
	paths *debugger.PathMap
	// svdErr is why the SVD file did not load (peripheral.go).
	svdErr error
}

// NewServer makes a server with no session.
func NewServer(opt Options) *Server {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Server{log: log, noSemi: opt.NoSemihosting, svd: opt.SVD, board: opt.Board}
}

// ServeConn serves JSON-RPC on rwc until the client disconnects or calls
// terminate; the session ends with the connection. When rwc is a network
// connection (a net.Conn), its end means the client is gone: a running
// request is paused and the queued ones are dropped at once. Otherwise
// (stdio), the end of the input is a half-close: every request already
// read is answered first, so a script may pipe its requests in.
func (srv *Server) ServeConn(ctx context.Context, rwc io.ReadWriteCloser) error {
	_, hangup := rwc.(net.Conn)
	return srv.serve(ctx, rwc, hangup, clientgate.NoActivity{})
}

// serve runs one connection (see conn.go) and ends its session.
func (srv *Server) serve(ctx context.Context, rwc io.ReadWriteCloser, hangup bool, act activity) error {
	c := newConn(srv, rwc, hangup, act)
	stop := context.AfterFunc(ctx, func() { c.hangUp(); c.close() })
	defer stop()
	err := c.run()
	srv.mu.Lock()
	srv.sess = nil
	srv.running.Store(nil)
	srv.mu.Unlock()
	return err
}

// call dispatches a request, turning a panic into an internal error so that
// no request can bring the server down.
func (srv *Server) call(ctx context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			srv.log.Error("request panicked", "method", req.Method, "panic", r)
			result, err = nil, rpcError(jsonrpc2.CodeInternalError, "internal error in %s: %v", req.Method, r)
		}
	}()
	if req.Method == "pause" {
		srv.pause()
		return struct{}{}, nil
	}
	m, ok := methods[req.Method]
	if !ok {
		return nil, rpcError(jsonrpc2.CodeMethodNotFound, "unknown method %q", req.Method)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if m.needsSession && srv.sess == nil {
		return nil, rpcError(CodeNoSession, "%s: no program is loaded: call launch first", req.Method)
	}
	if srv.sess != nil {
		srv.sess.s.ClearPause() // a pause that came while nothing ran
	}
	return m.run(srv, req.Params)
}

// pause stops the running request, if any.
func (srv *Server) pause() {
	if s := srv.running.Load(); s != nil {
		s.Pause()
	}
}

// method is one API method.
type method struct {
	needsSession bool
	run          func(srv *Server, params *json.RawMessage) (any, error)
}

// decode reads params into v, refusing unknown fields. Absent params
// leave v as it is.
func decode(params *json.RawMessage, v any) error {
	if params == nil || string(*params) == "null" {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(*params))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return rpcError(jsonrpc2.CodeInvalidParams, "bad params: %v", err)
	}
	return nil
}

// with decodes params of type P and calls f.
func with[P any](f func(srv *Server, p P) (any, error)) func(*Server, *json.RawMessage) (any, error) {
	return func(srv *Server, raw *json.RawMessage) (any, error) {
		var p P
		if err := decode(raw, &p); err != nil {
			return nil, err
		}
		return f(srv, p)
	}
}

// needParam reports a missing required parameter.
func needParam(name string) error {
	return rpcError(jsonrpc2.CodeInvalidParams, "bad params: %q is required", name)
}
