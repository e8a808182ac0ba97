package adapter

import (
	"bufio"
	"encoding/json"
	"log/slog"
	"net"
	"time"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/internal/clientgate"
)

// ListenOptions configure ServeListener.
type ListenOptions struct {
	// Log receives diagnostics (nil: discarded).
	Log *slog.Logger
	// IdleTimeout: a client idle this long gives way to a newcomer
	// (zero or negative: never).
	IdleTimeout time.Duration
	// NoSemihosting turns semihosting off in the sessions clients launch.
	NoSemihosting bool
	// Board is the board of launches that name none (see Options.Board).
	Board string
	// Arch chooses the exception filters offered before launch (see
	// Options.Arch).
	Arch string
}

// ServeListener serves DAP clients accepted on ln, one at a time and each
// with its own session, until ln is closed. A client that connects while
// another is served is told why in an output event and an error response
// to its first request, then disconnected.
func ServeListener(ln net.Listener, opt ListenOptions) error {
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	serve := func(c *clientgate.Client) {
		if err := New(c, c, Options{Log: log, Hangup: true, Activity: c, NoSemihosting: opt.NoSemihosting, Board: opt.Board, Arch: opt.Arch}).Serve(); err != nil && !c.Evicted() {
			log.Warn("client session ended with an error", "err", err)
		}
	}
	gate := clientgate.Options{Name: "rewind dap", IdleTimeout: opt.IdleTimeout, Log: log}
	return clientgate.Serve(ln, gate, serve, refuseDAP)
}

// refuseDAP tells a client it cannot be served: an output event, then an
// error response to its first request if one comes (VS Code shows it as
// the reason the session could not start), then a terminated event.
func refuseDAP(c net.Conn, msg string) {
	s := New(c, c, Options{})
	s.emit("output", dap.OutputEventBody{Category: "important", Output: msg + "\n"})
	if body, err := readFrame(bufio.NewReader(c)); err == nil {
		var req envelope
		if json.Unmarshal(body, &req) == nil && req.Type == "request" {
			s.fail(&req, msg)
		}
	}
	s.emit("terminated", dap.TerminatedEventBody{})
}
