package main

import (
	"fmt"
	"net"
	"strings"

	"github.com/rewind-debugger/rewind/adapter"
)

// dapMainImpl serves the Debug Adapter Protocol: on stdio by default, or on
// TCP with --listen (one client at a time; a bare port listens on the
// loopback interface only).
func dapMainImpl(args []string, s stdio) int {
	o, ok := serverFlags("dap", "127.0.0.1:4711 or 4711", "launch request", args, s)
	if !ok {
		return exitUsage
	}
	log := serverLog(s)
	if o.listen == "" {
		if err := adapter.New(s.In, s.Out, adapter.Options{Log: log, NoSemihosting: o.noSemi, Board: o.board}).Serve(); err != nil {
			fmt.Fprintln(s.Err, "rewind dap:", err)
			return 1
		}
		return 0
	}
	if err := serveTCP(listenAddr(o.listen), adapter.ListenOptions{Log: log, IdleTimeout: o.idle, NoSemihosting: o.noSemi, Board: o.board}, s); err != nil {
		fmt.Fprintln(s.Err, "rewind dap:", err)
		return 1
	}
	return 0
}

// listenAddr makes a bare port ("4711" or ":4711") a loopback address.
func listenAddr(a string) string {
	a = strings.TrimPrefix(a, ":")
	if !strings.Contains(a, ":") {
		return net.JoinHostPort("127.0.0.1", a)
	}
	return a
}

// serveTCP serves DAP clients one at a time (see adapter.ServeListener).
func serveTCP(addr string, opt adapter.ListenOptions, s stdio) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening: %w", err)
	}
	defer ln.Close()
	fmt.Fprintf(s.Err, "rewind dap: listening on %s\n", ln.Addr())
	return adapter.ServeListener(ln, opt)
}
