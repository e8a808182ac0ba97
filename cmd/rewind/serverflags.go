package main

import (
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/rewind-debugger/rewind/internal/clientgate"
)

// serverOpts are the flags every protocol server shares.
type serverOpts struct {
	listen string        // TCP address; empty: stdio
	idle   time.Duration // idle timeout of a TCP client when another one connects
	noSemi bool          // --no-semihosting
	board  string        // --board: the board of launches that name none
}

// serverFlags parses the flags every protocol server shares: --listen,
// --idle-timeout, --no-semihosting and no positional argument (the firmware comes with the
// protocol's launch). ok is false after a usage error, already reported on
// s.Err. extra defines a server's own flags.
func serverFlags(name, example, launchName string, args []string, s stdio, extra ...func(fs *flag.FlagSet)) (o serverOpts, ok bool) {
	fs := flag.NewFlagSet("rewind "+name, flag.ContinueOnError)
	for _, f := range extra {
		f(fs)
	}
	fs.SetOutput(s.Err)
	l := fs.String("listen", "", fmt.Sprintf("serve on this TCP address (e.g. %s) instead of stdio; a bare port listens on loopback", example))
	idle := idleFlag(fs)
	var semi semihostFlags
	semi.add(fs, false)
	var board string
	boardFlag(fs, &board)
	if err := fs.Parse(args); err != nil {
		return o, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "rewind %s: unexpected argument %q (the firmware comes with the %s)\n", name, fs.Arg(0), launchName)
		return o, false
	}
	return serverOpts{listen: *l, idle: *idle, noSemi: semi.off, board: board}, true
}

// idleFlag defines --idle-timeout on fs.
func idleFlag(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("idle-timeout", clientgate.DefaultIdleTimeout,
		"with --listen: a client idle this long (no request, nothing running) is disconnected when another client connects; 0 never")
}

// serverLog is the logger of a protocol server: warnings and errors on stderr.
func serverLog(s stdio) *slog.Logger {
	return slog.New(slog.NewTextHandler(s.Err, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
