package clientgate

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"
)

// startEcho serves a line-echo protocol through the gate; refusals write
// "refused: MSG".
func startEcho(t *testing.T, idle time.Duration) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	serve := func(c *Client) {
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			c.Touch()
			c.Write([]byte(line))
		}
	}
	refuse := func(c net.Conn, msg string) { c.Write([]byte("refused: " + msg + "\n")) }
	go func() { done <- Serve(ln, Options{Name: "echo", IdleTimeout: idle}, serve, refuse) }()
	t.Cleanup(func() {
		ln.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return ln.Addr().String()
}

// roundTrip sends a line and returns the first line received.
func roundTrip(t *testing.T, c net.Conn, line string) string {
	t.Helper()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	c.Write([]byte(line + "\n"))
	got, _ := bufio.NewReader(c).ReadString('\n')
	return strings.TrimSpace(got)
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestSecondClientRefused: a second client is told why, and the first one
// goes on being served.
func TestSecondClientRefused(t *testing.T) {
	addr := startEcho(t, time.Hour)
	first := dial(t, addr)
	if got := roundTrip(t, first, "one"); got != "one" {
		t.Fatalf("first client: %q", got)
	}
	second := dial(t, addr)
	got := roundTrip(t, second, "two")
	if !strings.HasPrefix(got, "refused: echo serves one client at a time") || !strings.Contains(got, "1h0m0s") {
		t.Errorf("second client: %q", got)
	}
	if got := roundTrip(t, first, "again"); got != "again" {
		t.Errorf("first client after the refusal: %q", got)
	}
}

// TestReconnectServed: a client that disconnects and reconnects at once is
// served.
func TestReconnectServed(t *testing.T) {
	addr := startEcho(t, 0)
	for i := range 5 {
		c := dial(t, addr)
		if got := roundTrip(t, c, "hi"); got != "hi" {
			t.Fatalf("connection %d: %q", i, got)
		}
		c.Close()
	}
}

// TestIdleClientGivesWay: a client idle past the timeout is disconnected
// when another one connects.
func TestIdleClientGivesWay(t *testing.T) {
	addr := startEcho(t, 50*time.Millisecond)
	first := dial(t, addr)
	if got := roundTrip(t, first, "one"); got != "one" {
		t.Fatalf("first client: %q", got)
	}
	time.Sleep(100 * time.Millisecond)
	second := dial(t, addr)
	if got := roundTrip(t, second, "two"); got != "two" {
		t.Fatalf("second client: %q", got)
	}
	first.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := first.Read(make([]byte, 1)); err == nil {
		t.Error("the idle client is still connected")
	}
}

// TestBusyClientKept: a busy client is never idle.
func TestBusyClientKept(t *testing.T) {
	c := newClient(nil)
	c.last.Store(0)
	c.SetBusy(true)
	if _, ok := c.admit(Options{IdleTimeout: time.Nanosecond}); ok {
		t.Error("a busy client was evicted")
	}
	c.SetBusy(false)
	time.Sleep(time.Millisecond)
	if _, ok := c.admit(Options{IdleTimeout: time.Nanosecond}); !ok {
		t.Error("an idle client was kept")
	}
}
