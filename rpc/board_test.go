package rpc

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestLaunchBoard: launch's board picks the HiFive1 (by its alias), whose
// firmware then prints through the SiFive UART and stops at the reset
// vector in the mask ROM; an unknown board is refused with its name.
func TestLaunchBoard(t *testing.T) {
	c := client(t)
	st := call[Stop](t, c, "launch", map[string]any{"program": "../testdata/hifive1/board.elf", "board": "sifive_e"})
	if st.Reason != "entry" || st.PC != 0x1004 {
		t.Fatalf("launch: %+v", st)
	}
	call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "board.c:90"})
	st = call[Stop](t, c, "run", map[string]any{"direction": "forward"})
	if st.Reason != "breakpoint" || st.Line != 90 {
		t.Fatalf("run: %+v", st)
	}
	if out := call[Output](t, c, "output", nil); !strings.HasPrefix(out.Text, "semihosting console: hello\nhifive1 board test\n") || !strings.Contains(out.Text, "pllcfg=0x800305f1\n") {
		t.Fatalf("output: %q", out.Text)
	}
	c2 := client(t)
	if msg := callErr(t, c2, "launch", map[string]any{"program": "../testdata/hifive1/board.elf", "board": "hifive2"}, CodeLaunchFailed); !strings.Contains(msg, `no built-in board "hifive2"`) {
		t.Errorf("unknown board: %q", msg)
	}
}

// TestServerBoard: the server's default board (rewind rpc --board) applies
// to launches that name none; a launch's own board wins.
func TestServerBoard(t *testing.T) {
	a, b := net.Pipe()
	srv := NewServer(Options{Board: "hifive1-revb"})
	done := make(chan struct{})
	go func() { srv.ServeConn(context.Background(), a); close(done) }()
	c := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}), noHandler{})
	defer func() { c.Close(); <-done }()
	if st := call[Stop](t, c, "launch", map[string]any{"program": "../testdata/hifive1/board.elf"}); st.PC != 0x1004 {
		t.Fatalf("launch on the default board: %+v", st)
	}
	if msg := callErr(t, c, "launch", map[string]any{"program": "../testdata/hifive1/board.elf", "board": "virt"}, CodeLaunchFailed); !strings.Contains(msg, "outside RAM") {
		t.Errorf("launch on virt: %q", msg)
	}
}
