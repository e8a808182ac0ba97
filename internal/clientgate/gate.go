// Package clientgate serves one TCP client at a time for Rewind's protocol
// servers (DAP, GDB remote, JSON-RPC): a client that arrives while another
// is served is refused at once with a message in its own protocol, unless
// the served client has been idle for longer than the idle timeout, in which
// case that one is disconnected and the newcomer served.
//
// It imports no project package, so every front-end may use it.
package clientgate

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync/atomic"
	"time"
)

// DefaultIdleTimeout is how long a client may stay idle (no complete
// request, nothing running) before a newcomer takes its place.
const DefaultIdleTimeout = 5 * time.Minute

// WriteTimeout bounds one write to a client: a client that reads nothing
// for this long is treated as gone.
const WriteTimeout = 30 * time.Second

// evictWait bounds the wait for an evicted client's session to wind down.
const evictWait = 5 * time.Second

// graceWait is how long a newcomer waits for a served client that may be
// disconnecting (a client that reconnects at once is served, not refused).
const graceWait = 500 * time.Millisecond

// lingerTime and lingerBytes bound the input dropped when closing.
const (
	lingerTime  = 200 * time.Millisecond
	lingerBytes = 4 << 20
)

// maxRefusing bounds the refusals being written at once.
const maxRefusing = 16

// refuseTimeout bounds the refusal written to a newcomer.
const refuseTimeout = 2 * time.Second

// Options configure Serve.
type Options struct {
	// Name is the server's name in messages ("rewind dap").
	Name string
	// IdleTimeout: a served client idle this long is disconnected when
	// another client connects; zero or negative never disconnects it.
	IdleTimeout time.Duration
	// Log receives connection events (nil: discarded).
	Log *slog.Logger
}

// Refuser writes a refusal message to a connection, in its protocol,
// before the gate closes it.
type Refuser func(c net.Conn, msg string)

// Serve accepts connections on ln until it is closed and calls serve for
// one client at a time, each in its own goroutine; serve must return when
// the client's connection is closed. A connection arriving meanwhile is
// refused (refuse writes why, then it is closed) or, when the served
// client has been idle past the timeout, takes its place.
func Serve(ln net.Listener, opt Options, serve func(*Client), refuse Refuser) error {
	g := &gate{opt: opt, log: opt.Log, refuse: refuse, refusing: make(chan struct{}, maxRefusing)}
	if g.log == nil {
		g.log = slog.New(slog.DiscardHandler)
	}
	for {
		c, err := ln.Accept()
		if err != nil {
			if g.active != nil {
				g.active.Close()
				g.active.wait(evictWait)
			}
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return fmt.Errorf("accepting a connection: %w", err)
		}
		g.arrive(c, serve)
	}
}

// gate is the state of Serve.
type gate struct {
	opt      Options
	log      *slog.Logger
	refuse   Refuser
	active   *Client
	refusing chan struct{} // one token per refusal being written
}

// arrive serves c, or refuses it while the served client is working.
func (g *gate) arrive(c net.Conn, serve func(*Client)) {
	if a := g.active; a != nil && !a.wait(graceWait) {
		msg, ok := a.admit(g.opt)
		if !ok {
			g.log.Info("refusing a second client", "remote", c.RemoteAddr().String())
			g.refuseAsync(c, msg)
			return
		}
		g.log.Info("disconnecting an idle client for a newcomer", "remote", a.RemoteAddr().String())
		a.evict()
		if !a.wait(evictWait) {
			g.refuseAsync(c, g.opt.Name+": the previous client is still being disconnected; try again")
			return
		}
	}
	g.log.Info("client connected", "remote", c.RemoteAddr().String())
	g.active = newClient(c)
	go g.active.run(serve)
}

// refuseAsync refuses c in the background; in a flood of connections,
// those beyond maxRefusing are closed without a message.
func (g *gate) refuseAsync(c net.Conn, msg string) {
	select {
	case g.refusing <- struct{}{}:
		go func() {
			defer func() { <-g.refusing }()
			refuseConn(c, msg, g.refuse)
		}()
	default:
		c.Close()
	}
}

// refuseConn writes the refusal with a deadline and closes c.
func refuseConn(c net.Conn, msg string, refuse Refuser) {
	c.SetDeadline(time.Now().Add(refuseTimeout))
	if refuse != nil {
		refuse(c, msg)
	}
	lingerClose(c)
}

// Client is the connection being served. Servers call Touch for every
// complete request and SetBusy around operations that run, so that the
// gate can tell an idle client from a working one.
type Client struct {
	net.Conn
	last    atomic.Int64 // unix nanoseconds of the last complete request
	busy    atomic.Int32
	busyFn  atomic.Pointer[func() bool]
	evicted atomic.Bool
	done    chan struct{}
}

func newClient(c net.Conn) *Client {
	cl := &Client{Conn: c, done: make(chan struct{})}
	cl.Touch()
	return cl
}

// run serves the client and marks it done.
func (c *Client) run(serve func(*Client)) {
	defer close(c.done)
	defer lingerClose(c.Conn)
	serve(c)
}

// lingerClose closes c gracefully: the last reply (often an error saying
// why) is sent with a FIN, and input still arriving is read and dropped for
// a moment, so that closing with unread input does not reset the
// connection and destroy that reply before the client reads it.
func lingerClose(c net.Conn) {
	defer c.Close()
	tc, ok := c.(interface{ CloseWrite() error })
	if !ok || tc.CloseWrite() != nil {
		return
	}
	c.SetReadDeadline(time.Now().Add(lingerTime))
	io.CopyN(io.Discard, c, lingerBytes)
}

// Touch records that a complete request arrived.
func (c *Client) Touch() { c.last.Store(time.Now().UnixNano()) }

// SetBusy marks the start (true) or the end (false) of an operation that
// runs for the client; a busy client is never idle. The end also counts
// as activity.
func (c *Client) SetBusy(b bool) {
	if b {
		c.busy.Add(1)
		return
	}
	c.busy.Add(-1)
	c.Touch()
}

// BusyWhen makes the client busy whenever f reports true, for servers that
// already keep such a flag (an alternative to SetBusy).
func (c *Client) BusyWhen(f func() bool) { c.busyFn.Store(&f) }

// Evicted reports whether the gate disconnected the client for a newcomer.
func (c *Client) Evicted() bool { return c.evicted.Load() }

// Write writes with a deadline: a client that does not read its replies
// for WriteTimeout is cut off instead of blocking the server.
func (c *Client) Write(p []byte) (int, error) {
	c.Conn.SetWriteDeadline(time.Now().Add(WriteTimeout))
	return c.Conn.Write(p)
}

// idle is how long the client has been idle (zero while busy).
func (c *Client) idle() time.Duration {
	if f := c.busyFn.Load(); c.busy.Load() > 0 || (f != nil && (*f)()) {
		return 0
	}
	return time.Since(time.Unix(0, c.last.Load()))
}

// admit decides about a newcomer: ok when c may be evicted, else the
// message that refuses the newcomer.
func (c *Client) admit(opt Options) (string, bool) {
	idle := c.idle()
	if opt.IdleTimeout > 0 && idle >= opt.IdleTimeout {
		return "", true
	}
	msg := fmt.Sprintf("%s serves one client at a time and another client is connected", opt.Name)
	if opt.IdleTimeout > 0 {
		msg += fmt.Sprintf(" (idle for %s; a client idle for %s gives way to a newcomer): try again later",
			idle.Round(time.Second), opt.IdleTimeout)
	} else {
		msg += ": try again when it has disconnected"
	}
	return msg, false
}

// evict disconnects the client.
func (c *Client) evict() {
	c.evicted.Store(true)
	c.Conn.Close()
}

// wait waits up to d for serve to return.
func (c *Client) wait(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.done:
		return true
	case <-t.C:
		return false
	}
}

// Activity is told what a client does, so that an idle client can be told
// from a working one (a Client is one).
type Activity interface {
	Touch()          // a complete request arrived
	SetBusy(on bool) // an operation started (true) or ended (false)
}

// NoActivity is the Activity of a connection nobody watches.
type NoActivity struct{}

// Touch does nothing.
func (NoActivity) Touch() {}

// SetBusy does nothing.
func (NoActivity) SetBusy(bool) {}
