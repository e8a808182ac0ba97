package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"

	"github.com/rewind-debugger/rewind/rpc"
)

// rpcMainImpl serves the JSON-RPC automation API (Content-Length framed):
// on stdio by default, or on TCP with --listen (one client at a time; a
// bare port listens on the loopback interface only).
func rpcMainImpl(args []string, s stdio) int {
	so, ok := serverFlags("rpc", "127.0.0.1:4712 or 4712", "launch method", args, s)
	if !ok {
		return exitUsage
	}
	srv := rpc.NewServer(rpc.Options{Log: serverLog(s), NoSemihosting: so.noSemi})
	if so.listen == "" {
		if err := srv.ServeConn(context.Background(), stdioConn{s.In, s.Out}); err != nil {
			fmt.Fprintln(s.Err, "rewind rpc:", err)
			return exitFault
		}
		return 0
	}
	if err := serveRPC(srv, listenAddr(so.listen), s); err != nil {
		fmt.Fprintln(s.Err, "rewind rpc:", err)
		return exitFault
	}
	return 0
}

// stdioConn joins stdin and stdout into one connection.
type stdioConn struct {
	io.Reader
	io.Writer
}

func (stdioConn) Close() error { return nil }

// serveRPC accepts clients one after the other.
func serveRPC(srv *rpc.Server, addr string, s stdio) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening: %w", err)
	}
	defer ln.Close()
	fmt.Fprintf(s.Err, "rewind rpc: listening on %s\n", ln.Addr())
	for {
		c, err := ln.Accept()
		if errors.Is(err, net.ErrClosed) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("accepting: %w", err)
		}
		err = srv.ServeConn(context.Background(), c)
		c.Close()
		if err != nil {
			slog.Warn("client session ended with an error", "err", err)
		}
	}
}
