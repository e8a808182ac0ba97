package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/console/dbgext"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/sourcegraph/jsonrpc2"
)

// Options configure a Server.
type Options struct {
	// Log receives warnings (nil: discarded).
	Log *slog.Logger
	// NoSemihosting turns semihosting off in the sessions it launches.
	NoSemihosting bool
}

// Server serves one client connection at a time over one session.
type Server struct {
	log    *slog.Logger
	noSemi bool       // Options.NoSemihosting
	mu     sync.Mutex // serialises every use of the session
	sess   *session
	// running is the session, for pause (which must not wait for mu).
	running atomic.Pointer[debugger.Session]
}

// session is a launched program.
type session struct {
	s   *debugger.Session
	bps *dbgext.Table
	out bytes.Buffer // UART output so far
}

// NewServer makes a server with no session.
func NewServer(opt Options) *Server {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Server{log: log, noSemi: opt.NoSemihosting}
}

// ServeConn serves JSON-RPC on rwc until the client disconnects or calls
// terminate; the session ends with the connection.
func (srv *Server) ServeConn(ctx context.Context, rwc io.ReadWriteCloser) error {
	var pending sync.WaitGroup
	first := make(chan struct{})
	close(first)
	h := &counting{pending: &pending, next: jsonrpc2.AsyncHandler(handler{srv, &pending}), last: first}
	stream := jsonrpc2.NewBufferedStream(drainingConn{rwc, &pending}, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, h)
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	if s := srv.running.Load(); s != nil {
		s.Pause() // a client gone mid-run: stop the run
	}
	srv.mu.Lock()
	srv.sess = nil
	srv.running.Store(nil)
	srv.mu.Unlock()
	return nil
}

// counting runs before the next message is read: it counts a request as
// pending and gives it its turn, so that requests run in the order they
// came (pause excepted: it overtakes a running request).
type counting struct {
	pending *sync.WaitGroup
	next    jsonrpc2.Handler
	last    chan struct{} // closed when the latest request is done
}

// turnKey carries a request's turn in its context.
type turnKey struct{}

// turn is a request's place in the queue.
type turn struct{ prev, done chan struct{} }

func (c *counting) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	c.pending.Add(1)
	if req.Method != "pause" {
		t := turn{prev: c.last, done: make(chan struct{})}
		c.last = t.done
		ctx = context.WithValue(ctx, turnKey{}, t)
	}
	c.next.Handle(ctx, conn, req)
}

// drainingConn holds back the end of the input until every request read
// has been answered, so that a client that writes its requests and closes
// its end (a script piping into stdio) still gets every reply.
type drainingConn struct {
	io.ReadWriteCloser
	pending *sync.WaitGroup
}

func (d drainingConn) Read(p []byte) (int, error) {
	n, err := d.ReadWriteCloser.Read(p)
	if err != nil {
		d.pending.Wait()
	}
	return n, err
}

// handler adapts Server to jsonrpc2.
type handler struct {
	srv     *Server
	pending *sync.WaitGroup
}

// Handle answers one request; terminate closes the connection after its
// reply.
func (h handler) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	defer h.pending.Done()
	if t, ok := ctx.Value(turnKey{}).(turn); ok {
		<-t.prev
		defer close(t.done)
	}
	jsonrpc2.HandlerWithError(h.srv.call).SuppressErrClosed().Handle(ctx, conn, req)
	if req.Method == "terminate" {
		conn.Close()
	}
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
		if s := srv.running.Load(); s != nil {
			s.Pause()
		}
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
