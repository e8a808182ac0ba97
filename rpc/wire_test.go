package rpc

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// TestBrokenClient sends malformed frames: the server drops the
// connection without crashing, and serves the next client.
func TestBrokenClient(t *testing.T) {
	srv := NewServer(Options{})
	for _, junk := range []string{
		"Content-Length: 5\r\n\r\n{{{{{",
		"Content-Length: x\r\n\r\n{}",
		"no header at all\n",
		"Content-Length: 20\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":",
		"Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}    ",
	} {
		a, b := net.Pipe()
		done := make(chan error, 1)
		go func() { done <- srv.ServeConn(context.Background(), a) }()
		go io.Copy(io.Discard, b)
		b.SetWriteDeadline(time.Now().Add(5 * time.Second))
		io.Copy(b, strings.NewReader(junk))
		b.Close()
		if err := <-done; err != nil {
			t.Errorf("%q: %v", junk, err)
		}
	}
}

// TestPipelined writes several requests at once and closes the input, as
// a script piping into "rewind rpc" does: every request is answered, in
// order (launch before run).
func TestPipelined(t *testing.T) {
	var in strings.Builder
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"launch","params":{"program":"` + demoELF + `"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"breakpoint.set","params":{"location":"main"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"run"}`,
		`{"jsonrpc":"2.0","id":4,"method":"timeline"}`,
	} {
		in.WriteString("Content-Length: " + itoa(len(m)) + "\r\n\r\n" + m)
	}
	var out strings.Builder
	srv := NewServer(Options{})
	if err := srv.ServeConn(context.Background(), pipeConn{strings.NewReader(in.String()), &out}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{`"id":1,"result":{"reason":"entry"`, `"id":2,"result":{"id":1`, `"id":3,"result":{"reason":"function breakpoint"`, `"id":4,"result":{"start":0`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in the replies:\n%s", want, got)
		}
	}
}

// pipeConn is a connection made of a reader and a writer.
type pipeConn struct {
	io.Reader
	io.Writer
}

func (pipeConn) Close() error { return nil }

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// TestTCP serves a client over a real loopback connection.
func TestTCP(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	srv := NewServer(Options{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		c, err := ln.Accept()
		if err != nil {
			return
		}
		srv.ServeConn(context.Background(), c)
		c.Close()
	}()
	nc, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(nc, jsonrpc2.VSCodeObjectCodec{}), noHandler{})
	st := call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	if st.Reason != "entry" {
		t.Fatalf("launch: %+v", st)
	}
	call[struct{}](t, c, "terminate", nil)
	<-done // terminate closes the connection: the server returns
	c.Close()
}
