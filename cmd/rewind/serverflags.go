package main

import (
	"flag"
	"fmt"
	"log/slog"
)

// serverOptions are the flags every protocol server shares.
type serverOptions struct {
	listen string // --listen: TCP address, "" for stdio
	noSemi bool   // --no-semihosting
}

// serverFlags parses the flags every protocol server shares: --listen,
// --no-semihosting and no positional argument (the firmware comes with the
// protocol's launch). ok is false after a usage error, already reported on
// s.Err.
func serverFlags(name, example, launchName string, args []string, s stdio) (o serverOptions, ok bool) {
	fs := flag.NewFlagSet("rewind "+name, flag.ContinueOnError)
	fs.SetOutput(s.Err)
	l := fs.String("listen", "", fmt.Sprintf("serve on this TCP address (e.g. %s) instead of stdio; a bare port listens on loopback", example))
	var semi semihostFlags
	semi.add(fs, false)
	if err := fs.Parse(args); err != nil {
		return o, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.Err, "rewind %s: unexpected argument %q (the firmware comes with the %s)\n", name, fs.Arg(0), launchName)
		return o, false
	}
	return serverOptions{listen: *l, noSemi: semi.off}, true
}

// serverLog is the logger of a protocol server: warnings and errors on stderr.
func serverLog(s stdio) *slog.Logger {
	return slog.New(slog.NewTextHandler(s.Err, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
