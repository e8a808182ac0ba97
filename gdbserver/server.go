package gdbserver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/rewind-debugger/rewind/internal/clientgate"
)

// Server serves the GDB remote protocol for one Target, one connection at a
// time.
type Server struct {
	target Target
	log    *slog.Logger
	idle   time.Duration
}

// New returns a server for t. A nil logger discards logs.
func New(t Target, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{target: t, log: log}
}

// SetIdleTimeout makes a client idle for d (no packet, nothing running)
// give way to a newcomer; zero or negative (the default) never does.
// Call it before Serve.
func (s *Server) SetIdleTimeout(d time.Duration) { s.idle = d }

// Serve accepts connections on l and serves them one at a time, until l
// is closed. A client that connects while another is served gets an
// `E.message` reply to its first packet (gdb shows it as "Remote failure
// reply"), then is disconnected; see SetIdleTimeout.
func (s *Server) Serve(l net.Listener) error {
	serve := func(c *clientgate.Client) {
		s.log.Info("gdb connected", "remote", c.RemoteAddr().String())
		err := s.serve(c, c)
		s.log.Info("gdb disconnected", "remote", c.RemoteAddr().String(), "err", err, "evicted", c.Evicted())
	}
	gate := clientgate.Options{Name: "rewind gdbserver", IdleTimeout: s.idle, Log: s.log}
	return clientgate.Serve(l, gate, serve, refuseRSP)
}

// refuseRSP answers a refused client's first packet with a textual error.
func refuseRSP(c net.Conn, msg string) {
	r := bufio.NewReader(c)
	for {
		f, err := ReadFrame(r)
		if err != nil {
			return
		}
		if f.Kind == FramePacket {
			c.Write(append([]byte{'+'}, EncodePacket([]byte("E."+msg))...))
			return
		}
	}
}

// ServeConn serves one connection until the client detaches, kills, or
// disconnects. It returns nil on an orderly end.
func (s *Server) ServeConn(conn io.ReadWriter) error {
	return s.serve(conn, nil)
}

// activity is told what the client does (see internal/clientgate).
type activity interface {
	Touch()
	BusyWhen(f func() bool)
}

// serve is ServeConn, telling act (when not nil) of every packet and
// every resume.
func (s *Server) serve(conn io.ReadWriter, act activity) error {
	ss := newSession(s, conn)
	ss.act = act
	if act != nil {
		act.BusyWhen(ss.running.Load)
	}
	defer ss.cleanup()
	if c, ok := s.target.(Console); ok {
		c.SetConsole(func(text []byte) { ss.console(string(text)) })
		defer c.SetConsole(nil)
	}
	frames := make(chan Frame, 64)
	readErr := make(chan error, 1)
	quit := make(chan struct{})
	defer close(quit)
	go ss.readLoop(bufio.NewReader(conn), frames, readErr, quit)
	for f := range frames {
		if ss.gone.Load() {
			break // the client went away: its pending packets are dropped
		}
		quit, err := ss.onFrame(f)
		if ss.act != nil {
			ss.act.Touch() // the end of a resume counts as activity
		}
		if err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
	if err := <-readErr; err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
		return fmt.Errorf("reading from gdb: %w", err)
	}
	return nil
}

// bpKey identifies an inserted breakpoint.
type bpKey struct {
	addr     uint32
	hardware bool
}

// session is the state of one connection.
type session struct {
	srv      *Server
	t        Target
	log      *slog.Logger
	w        *bufio.Writer
	noAck    bool
	lastSent []byte
	running  atomic.Bool
	gone     atomic.Bool // the connection failed: stop what runs, drop the rest
	act      activity    // nil when nobody watches

	gHart    int // hart for register and memory packets (Hg)
	cHart    int // hart for resumption packets (Hc); -1 for any
	lastStop Event
	exited   bool
	// atExit says the session stopped just before the firmware exits,
	// at time exitTime: continuing from there lets it exit.
	atExit   bool
	exitTime uint64

	breakpoints map[bpKey]bool
	watchpoints map[Watchpoint]bool
	regs        *regLayout // the target's registers as gdb numbers them
}

func newSession(s *Server, conn io.Writer) *session {
	return &session{
		srv: s, t: s.target, log: s.log, w: bufio.NewWriter(conn),
		cHart:       -1,
		lastStop:    Event{Kind: EventStep},
		breakpoints: map[bpKey]bool{},
		watchpoints: map[Watchpoint]bool{},
		regs:        layoutFor(s.target),
	}
}

// readLoop reads frames for the main loop. An interrupt byte, or the
// connection closing, stops a running Resume directly.
// It ends when the connection fails or the session is over (quit closed).
func (ss *session) readLoop(r *bufio.Reader, frames chan<- Frame, readErr chan<- error, quit <-chan struct{}) {
	defer close(frames)
	for {
		f, err := ReadFrame(r)
		if err != nil {
			ss.gone.Store(true)
			go ss.interruptUntil(quit)
			readErr <- err
			return
		}
		if f.Kind == FrameInterrupt {
			if ss.running.Load() {
				ss.t.Interrupt()
			} else {
				ss.log.Debug("interrupt while stopped: ignored")
			}
			continue
		}
		if f.Kind == FramePacket && ss.act != nil {
			ss.act.Touch()
		}
		if !ss.queue(f, frames, quit) {
			return
		}
	}
}

// queue passes f to the main loop, waiting while it is busy with other
// packets; but while a Resume runs (gdb sends nothing then but ^C), a
// packet that finds the queue full is dropped, so that the reader stays
// free to see ^C and a disconnect. It reports false when the session is
// over.
func (ss *session) queue(f Frame, frames chan<- Frame, quit <-chan struct{}) bool {
	select {
	case frames <- f:
		return true
	case <-quit:
		return false
	default:
	}
	if ss.running.Load() {
		ss.log.Warn("packet dropped while running: too many waiting", "max", cap(frames))
		return true
	}
	select {
	case frames <- f:
		return true
	case <-quit:
		return false
	}
}

// interruptUntil interrupts every Resume until the session ends: after
// the client is gone, nothing it started may go on running, including a
// Resume that was starting just as the connection failed.
func (ss *session) interruptUntil(quit <-chan struct{}) {
	t := time.NewTicker(10 * time.Millisecond)
	defer t.Stop()
	for {
		if ss.running.Load() {
			ss.t.Interrupt()
		}
		select {
		case <-quit:
			return
		case <-t.C:
		}
	}
}

// onFrame handles one frame; it reports whether the session is over.
func (ss *session) onFrame(f Frame) (bool, error) {
	switch f.Kind {
	case FrameNack:
		if ss.lastSent != nil {
			return false, ss.write(ss.lastSent)
		}
	case FrameBad:
		ss.log.Warn("bad packet from gdb", "err", f.Err)
		if !ss.noAck {
			return false, ss.write([]byte{'-'})
		}
	case FramePacket:
		if !ss.noAck {
			if err := ss.write([]byte{'+'}); err != nil {
				return false, err
			}
		}
		ss.log.Debug("packet", "in", truncate(f.Data))
		if msg := ss.overLimit(f.Data); msg != "" {
			return false, ss.send("E." + msg)
		}
		return ss.handle(string(f.Data))
	}
	return false, nil
}

// Breakpoint limits of one connection (Z0/Z1, and Z2-Z4: each watchpoint
// is checked on every memory access).
const (
	maxBreakpoints = 10000
	maxWatchpoints = 1000
)

// overLimit returns why an insertion packet is refused, or "".
func (ss *session) overLimit(p []byte) string {
	if len(p) < 2 || p[0] != 'Z' {
		return ""
	}
	if p[1] == '0' || p[1] == '1' {
		if len(ss.breakpoints) >= maxBreakpoints {
			return "too many breakpoints: at most " + strconv.Itoa(maxBreakpoints)
		}
		return ""
	}
	if len(ss.watchpoints) >= maxWatchpoints {
		return "too many watchpoints: at most " + strconv.Itoa(maxWatchpoints)
	}
	return ""
}

// send frames and writes one reply packet.
func (ss *session) send(payload string) error {
	ss.log.Debug("reply", "out", truncate([]byte(payload)))
	pkt := EncodePacket([]byte(payload))
	ss.lastSent = pkt
	return ss.write(pkt)
}

func (ss *session) write(b []byte) error {
	if _, err := ss.w.Write(b); err != nil {
		return fmt.Errorf("writing to gdb: %w", err)
	}
	if err := ss.w.Flush(); err != nil {
		return fmt.Errorf("writing to gdb: %w", err)
	}
	return nil
}

// cleanup removes what this client inserted, so the next client starts
// from a clean target.
func (ss *session) cleanup() {
	for b := range ss.breakpoints {
		if err := ss.t.ClearBreakpoint(b.addr, b.hardware); err != nil {
			ss.log.Warn("removing breakpoint", "addr", b.addr, "err", err)
		}
	}
	for w := range ss.watchpoints {
		if err := ss.t.ClearWatchpoint(w); err != nil {
			ss.log.Warn("removing watchpoint", "addr", w.Addr, "err", err)
		}
	}
}

func truncate(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}
