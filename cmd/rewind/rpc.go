package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/rewind-debugger/rewind/rpc"
)

// rpcMainImpl serves the JSON-RPC automation API (Content-Length framed):
// on stdio by default, or on TCP with --listen (one client at a time; a
// bare port listens on the loopback interface only).
func rpcMainImpl(args []string, s stdio) int {
	var svdPath string
	o, ok := serverFlags("rpc", "127.0.0.1:4712 or 4712", "launch method", args, s, func(fs *flag.FlagSet) {
		fs.StringVar(&svdPath, "svd", "", "CMSIS-SVD `FILE` of the peripheral methods when launch names none (default: the board's built-in one)")
	})
	if !ok {
		return exitUsage
	}
	srv := rpc.NewServer(rpc.Options{Log: serverLog(s), NoSemihosting: o.noSemi, SVD: svdPath, Board: o.board})
	if o.listen == "" {
		if err := srv.ServeConn(context.Background(), stdioConn{s.In, s.Out}); err != nil {
			fmt.Fprintln(s.Err, "rewind rpc:", err)
			return exitFault
		}
		return 0
	}
	if err := serveRPC(srv, listenAddr(o.listen), o.idle, s); err != nil {
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

// serveRPC serves clients one at a time (see rpc.Server.Serve).
func serveRPC(srv *rpc.Server, addr string, idle time.Duration, s stdio) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listening: %w", err)
	}
	defer ln.Close()
	fmt.Fprintf(s.Err, "rewind rpc: listening on %s\n", ln.Addr())
	return srv.Serve(ln, idle)
}
