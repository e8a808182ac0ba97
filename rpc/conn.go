package rpc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/internal/frame"
	"github.com/sourcegraph/jsonrpc2"
)

// conn is one client connection: a reader goroutine that parses messages,
// answers the malformed ones and pause at once and queues the others (a
// bounded queue), and a worker that answers the queued requests in order.
type conn struct {
	srv    *Server
	rwc    io.ReadWriteCloser
	in     *bufio.Reader
	hangup bool
	act    activity

	wmu sync.Mutex // guards writes to rwc

	queue  chan *jsonrpc2.Request
	queued atomic.Int64 // bytes of params queued
	gone   atomic.Bool  // the client went away: drop its requests
	closed atomic.Bool  // terminate or hang-up closed rwc
}

func newConn(srv *Server, rwc io.ReadWriteCloser, hangup bool, act activity) *conn {
	return &conn{srv: srv, rwc: rwc, in: bufio.NewReaderSize(rwc, 64<<10), hangup: hangup, act: act,
		queue: make(chan *jsonrpc2.Request, maxQueued)}
}

// run serves the connection until the worker is done: the input ended and
// the queue is drained (or dropped), or terminate closed the connection.
func (c *conn) run() error {
	readErr := make(chan error, 1)
	go func() { readErr <- c.readLoop() }()
	c.work()
	if c.hangup || c.closed.Load() {
		c.close()
		return <-readErr
	}
	select { // stdio after terminate: the reader may block on stdin
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

// readLoop reads messages until the input ends, then closes the queue.
func (c *conn) readLoop() error {
	defer close(c.queue)
	for {
		body, err := frame.Read(c.in, maxBody)
		if errors.Is(err, frame.ErrBadHeader) {
			c.replyError(nil, rpcError(jsonrpc2.CodeParseError, "parse error: %v", err))
			continue
		}
		if err != nil {
			return c.inputEnded(err)
		}
		c.act.Touch()
		c.dispatch(body)
	}
}

// inputEnded handles the end of the input and returns the error to report.
func (c *conn) inputEnded(err error) error {
	if c.hangup {
		c.hangUp()
	}
	if errors.Is(err, frame.ErrTooLarge) {
		c.replyError(nil, rpcError(jsonrpc2.CodeInvalidRequest, "invalid request: %v; closing the connection", err))
		c.close()
		return fmt.Errorf("reading a message: %w", err)
	}
	if c.closed.Load() || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
		return nil
	}
	return fmt.Errorf("reading a message: %w", err)
}

// hangUp drops the client: its running request is paused, its queued
// requests are skipped.
func (c *conn) hangUp() {
	c.gone.Store(true)
	c.srv.pause()
}

// close closes the connection once.
func (c *conn) close() {
	if c.closed.CompareAndSwap(false, true) {
		c.rwc.Close()
	}
}

// wireRequest is a message as it arrives, before validation.
type wireRequest struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id"`
	Method  *string          `json:"method"`
	Params  *json.RawMessage `json:"params"`
	Result  *json.RawMessage `json:"result"`
	Error   *json.RawMessage `json:"error"`
}

// dispatch validates one message and answers it, or queues it.
func (c *conn) dispatch(body []byte) {
	req, rerr := parseRequest(body)
	if rerr != nil {
		c.replyError(idOf(req), rerr)
		return
	}
	if req == nil {
		return // a response from the client: nothing to do
	}
	if req.Method == "pause" {
		c.srv.pause()
		if !req.Notif {
			c.reply(req.ID, struct{}{})
		}
		return
	}
	n := cost(req)
	if c.queued.Add(n) > maxQueuedBytes {
		c.queued.Add(-n)
		c.busy(req)
		return
	}
	select {
	case c.queue <- req:
	default:
		c.queued.Add(-n)
		c.busy(req)
	}
}

// busy answers a request that found the queue full.
func (c *conn) busy(req *jsonrpc2.Request) {
	if !req.Notif {
		c.replyError(&req.ID, rpcError(CodeBusy, "too many requests waiting (at most %d, %d MiB): wait for the answers before sending more",
			maxQueued, maxQueuedBytes>>20))
	}
}

// parseRequest checks a message against JSON-RPC 2.0: a nil request and a
// nil error mean a response to ignore.
func parseRequest(body []byte) (*jsonrpc2.Request, *jsonrpc2.Error) {
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) > 0 && trimmed[0] == '[' {
		if !json.Valid(trimmed) {
			return nil, rpcError(jsonrpc2.CodeParseError, "parse error: the message is not valid JSON")
		}
		return nil, rpcError(jsonrpc2.CodeInvalidRequest, "invalid request: batches are not supported, send one request per message")
	}
	var w wireRequest
	if err := json.Unmarshal(body, &w); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || !json.Valid(body) {
			return nil, rpcError(jsonrpc2.CodeParseError, "parse error: %v", err)
		}
		return nil, rpcError(jsonrpc2.CodeInvalidRequest, "invalid request: %v", err)
	}
	req := &jsonrpc2.Request{Params: w.Params}
	if w.ID != nil && validID(*w.ID) {
		if err := json.Unmarshal(*w.ID, &req.ID); err != nil {
			return nil, rpcError(jsonrpc2.CodeInvalidRequest, "invalid request: bad id: %v", err)
		}
	}
	switch {
	case w.Method == nil && (w.Result != nil || w.Error != nil):
		return nil, nil
	case w.JSONRPC != "2.0":
		return req, rpcError(jsonrpc2.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	case w.ID != nil && !validID(*w.ID):
		return nil, rpcError(jsonrpc2.CodeInvalidRequest, "invalid request: the id must be a number or a string")
	case w.Method == nil || *w.Method == "":
		return req, rpcError(jsonrpc2.CodeInvalidRequest, `invalid request: "method" is required`)
	}
	req.Method = *w.Method
	req.Notif = w.ID == nil
	return req, nil
}

// validID reports whether raw is a JSON number or string.
func validID(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && (t[0] == '"' || t[0] == '-' || (t[0] >= '0' && t[0] <= '9'))
}

// idOf is the id to answer an invalid request with (null when unknown).
func idOf(req *jsonrpc2.Request) *jsonrpc2.ID {
	if req == nil || req.Notif || (req.ID == jsonrpc2.ID{}) {
		return nil
	}
	return &req.ID
}

// work answers the queued requests in order.
func (c *conn) work() {
	for req := range c.queue {
		c.queued.Add(-cost(req))
		if c.gone.Load() || c.closed.Load() {
			continue
		}
		c.act.SetBusy(true)
		res, err := c.srv.call(context.Background(), nil, req)
		c.act.SetBusy(false)
		if req.Notif {
			continue
		}
		if err != nil {
			c.replyError(&req.ID, asRPCError(err))
		} else {
			c.reply(req.ID, res)
		}
		if req.Method == "terminate" {
			c.close()
			return
		}
	}
}

// cost is the queue memory charged for a request (its params dominate).
func cost(req *jsonrpc2.Request) int64 {
	n := int64(len(req.Method)) + 64
	if req.Params != nil {
		n += int64(len(*req.Params))
	}
	return n
}

// asRPCError makes any error a JSON-RPC one.
func asRPCError(err error) *jsonrpc2.Error {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e
	}
	return failed(err)
}

// reply sends a result.
func (c *conn) reply(id jsonrpc2.ID, result any) {
	raw, err := json.Marshal(result)
	if err != nil {
		c.replyError(&id, rpcError(jsonrpc2.CodeInternalError, "encoding the result: %v", err))
		return
	}
	c.write(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      jsonrpc2.ID     `json:"id"`
		Result  json.RawMessage `json:"result"`
	}{"2.0", id, raw})
}

// replyError sends an error; a nil id is JSON null.
func (c *conn) replyError(id *jsonrpc2.ID, e *jsonrpc2.Error) {
	c.write(errorReply(id, e))
}

// errorReply is an error response; a nil id is JSON null.
func errorReply(id *jsonrpc2.ID, e *jsonrpc2.Error) any {
	return struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      *jsonrpc2.ID    `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, e}
}

// write sends one message; a failed write means the client is gone.
func (c *conn) write(msg any) {
	b, err := json.Marshal(msg)
	if err != nil {
		c.srv.log.Error("encoding a reply", "err", err)
		return
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if err := frame.Write(c.rwc, b); err != nil && !c.closed.Load() {
		c.srv.log.Warn("writing a reply", "err", err)
		if c.hangup {
			c.hangUp()
			c.close()
		}
	}
}
