package main

import (
	"errors"
	"fmt"
	"net"
	"strings"

	"github.com/rewind-debugger/rewind/adapter"
)

// dapMainImpl serves the Debug Adapter Protocol: on stdio by default, or on
// TCP with --listen (one client at a time; a bare port listens on the
// loopback interface only).
func dapMainImpl(args []string, s stdio) int {
	so, ok := serverFlags("dap", "127.0.0.1:4711 or 4711", "launch request", args, s)
	if !ok {
		return exitUsage
	}
	log := serverLog(s)
	opt := adapter.Options{Log: log, NoSemihosting: so.noSemi}
	if so.listen == "" {
		if err := adapter.New(s.In, s.Out, opt).Serve(); err != nil {
			fmt.Fprintln(s.Err, "rewind dap:", err)
			return 1
		}
		return 0
	}
	if err := serveTCP(listenAddr(so.listen), s, opt); err != nil {
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

// serveTCP accepts clients one after the other.
func serveTCP(addr string, s stdio, opt adapter.Options) error {
	log := opt.Log
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening: %w", err)
	}
	defer ln.Close()
	fmt.Fprintf(s.Err, "rewind dap: listening on %s\n", ln.Addr())
	for {
		c, err := ln.Accept()
		if errors.Is(err, net.ErrClosed) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("accepting: %w", err)
		}
		err = adapter.New(c, c, opt).Serve()
		c.Close()
		if err != nil {
			log.Warn("client session ended with an error", "err", err)
		}
	}
}
