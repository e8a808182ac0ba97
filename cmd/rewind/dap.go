package main

import (
	"flag"
	"fmt"
	"net"
	"strings"

	"github.com/rewind-debugger/rewind/adapter"
)

// dapMainImpl serves the Debug Adapter Protocol: on stdio by default, or on
// TCP with --listen (one client at a time; a bare port listens on the
// loopback interface only).
func dapMainImpl(args []string, s stdio) int {
	var arch string
	o, ok := serverFlags("dap", "127.0.0.1:4711 or 4711", "launch request", args, s, func(fs *flag.FlagSet) {
		fs.StringVar(&arch, "arch", "", "the firmware's architecture, riscv or cortex-m, if known before launch: the exception filters offered then are its own (the VS Code extension passes it; default: those of both)")
	})
	if !ok {
		return exitUsage
	}
	if arch != "" && arch != "riscv" && arch != "cortex-m" {
		fmt.Fprintf(s.Err, "rewind dap: --arch is riscv or cortex-m, not %q\n", arch)
		return exitUsage
	}
	log := serverLog(s)
	if o.listen == "" {
		if err := adapter.New(s.In, s.Out, adapter.Options{Log: log, NoSemihosting: o.noSemi, Board: o.board, Arch: arch}).Serve(); err != nil {
			fmt.Fprintln(s.Err, "rewind dap:", err)
			return 1
		}
		return 0
	}
	if err := serveTCP(listenAddr(o.listen), adapter.ListenOptions{Log: log, IdleTimeout: o.idle, NoSemihosting: o.noSemi, Board: o.board, Arch: arch}, s); err != nil {
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
