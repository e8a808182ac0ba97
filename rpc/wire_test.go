package rpc

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"
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
