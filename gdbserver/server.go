package gdbserver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync/atomic"
)

// Server serves the GDB remote protocol for one Target, one connection at a
// time.
type Server struct {
	target Target
	log    *slog.Logger
}

// New returns a server for t. A nil logger discards logs.
func New(t Target, log *slog.Logger) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{target: t, log: log}
}

// Serve accepts connections on l and serves them one after the other,
// until l is closed.
func (s *Server) Serve(l net.Listener) error {
	for {
		c, err := l.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return fmt.Errorf("accepting a gdb connection: %w", err)
		}
		s.log.Info("gdb connected", "remote", c.RemoteAddr().String())
		err = s.ServeConn(c)
		c.Close()
		s.log.Info("gdb disconnected", "remote", c.RemoteAddr().String(), "err", err)
	}
}

// ServeConn serves one connection until the client detaches, kills, or
// disconnects. It returns nil on an orderly end.
func (s *Server) ServeConn(conn io.ReadWriter) error {
	ss := newSession(s, conn)
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
		quit, err := ss.onFrame(f)
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
}

func newSession(s *Server, conn io.Writer) *session {
	return &session{
		srv: s, t: s.target, log: s.log, w: bufio.NewWriter(conn),
		cHart:       -1,
		lastStop:    Event{Kind: EventStep},
		breakpoints: map[bpKey]bool{},
		watchpoints: map[Watchpoint]bool{},
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
			if ss.running.Load() {
				ss.t.Interrupt()
			}
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
		select {
		case frames <- f:
		case <-quit:
			return
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
		return ss.handle(string(f.Data))
	}
	return false, nil
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
