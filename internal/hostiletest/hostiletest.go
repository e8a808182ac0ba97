// Package hostiletest holds the pieces that the protocol servers'
// hostile-client tests share: a loopback listener served for a test's
// duration, a client that writes anything and goes away, and one that
// sends a header line that never ends.
package hostiletest

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/frame"
)

// Listen runs serve on a loopback listener until the test ends, when it
// must return nil after the listener is closed. It returns the address.
func Listen(t testing.TB, serve func(net.Listener) error) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- serve(ln) }()
	t.Cleanup(func() {
		ln.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return ln.Addr().String()
}

// Feed connects to addr, writes data and disconnects.
func Feed(t testing.TB, addr string, data []byte) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	nc.SetDeadline(time.Now().Add(10 * time.Second))
	nc.Write(data)
	nc.Close()
}

// EndlessHeader sends 4 MiB without a line end to a Content-Length framed
// server and checks that its first reply says the header line is too long.
func EndlessHeader(t testing.TB, addr string) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(30 * time.Second))
	go nc.Write([]byte(strings.Repeat("A", 4<<20)))
	body, err := frame.Read(bufio.NewReader(nc), 1<<20)
	if err != nil || !strings.Contains(string(body), "header line is longer than") {
		t.Errorf("reply to an endless header line: %s, %v", body, err)
	}
}
