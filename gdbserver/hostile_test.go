package gdbserver

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/hostiletest"
)

// listenFake serves target on a loopback port for the test's duration.
func listenFake(t testing.TB, target Target, idle time.Duration) string {
	t.Helper()
	srv := New(target, nil)
	srv.SetIdleTimeout(idle)
	return hostiletest.Listen(t, srv.Serve)
}

// dialGDB connects a test client over TCP.
func dialGDB(t *testing.T, addr string) *testClient {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	nc.SetDeadline(time.Now().Add(30 * time.Second))
	return &testClient{t: t, conn: nc, r: bufio.NewReader(nc)}
}

// servedGDB checks that a new client is served within a bound: one
// refused while the departed client's session winds down tries again.
func servedGDB(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c := dialGDB(t, addr)
		r := c.rt("qC")
		c.conn.Close()
		if r == "QC1" {
			return
		}
		if !strings.HasPrefix(r, "E.") || time.Now().After(deadline) {
			t.Fatalf("the next client is not served: qC gave %q", r)
		}
	}
}

// TestHostileDepartedResume: a client that resumes and goes away (with
// packets still queued) does not keep the next client waiting.
func TestHostileDepartedResume(t *testing.T) {
	f := newFake(1)
	f.block = true
	addr := listenFake(t, f, time.Hour)
	for _, tail := range []string{"", strings.Repeat(string(EncodePacket([]byte("c"))), 200)} {
		c := dialGDB(t, addr)
		c.send("c")
		<-f.resuming
		c.raw(tail)
		c.conn.Close()
		servedGDB(t, addr)
	}
}

// TestHostileSecondGDB: a second client's first packet gets a textual
// error that gdb shows ("Remote failure reply: E.…").
func TestHostileSecondGDB(t *testing.T) {
	addr := listenFake(t, newFake(1), time.Hour)
	first := dialGDB(t, addr)
	if r := first.rt("qC"); r != "QC1" {
		t.Fatalf("qC: %q", r)
	}
	second := dialGDB(t, addr)
	if r := second.rt("qSupported:swbreak+"); !strings.HasPrefix(r, "E.rewind gdbserver serves one client at a time") {
		t.Errorf("second client: %q", r)
	}
	if r := first.rt("qC"); r != "QC1" {
		t.Errorf("first client after the refusal: %q", r)
	}
}

// TestHostileIdleGDB: an idle client gives way to a newcomer.
func TestHostileIdleGDB(t *testing.T) {
	addr := listenFake(t, newFake(1), 50*time.Millisecond)
	first := dialGDB(t, addr)
	first.rt("qC")
	time.Sleep(100 * time.Millisecond)
	servedGDB(t, addr)
	if _, err := first.r.ReadByte(); err == nil {
		t.Error("the idle client is still connected")
	}
}

// TestHostileBreakpointCount: breakpoints beyond the limit are refused
// with a textual error.
func TestHostileBreakpointCount(t *testing.T) {
	c := startSession(t, newFake(1))
	c.conn.SetDeadline(time.Now().Add(60 * time.Second))
	c.send("QStartNoAckMode")
	c.recv()
	c.noAck = true
	var pkts []byte
	for i := range maxWatchpoints {
		pkts = append(pkts, EncodePacket([]byte("Z2,8000"+hex4(i)+",4"))...)
	}
	go c.conn.Write(pkts)
	for i := range maxWatchpoints {
		if r, _ := c.recv(); r != "OK" {
			t.Fatalf("watchpoint %d: %q", i, r)
		}
	}
	if r := c.rt("Z2,80010000,4"); !strings.HasPrefix(r, "E.too many watchpoints") {
		t.Errorf("one watchpoint too many: %q", r)
	}
	if r := c.rt("Z0,80010000,4"); r != "OK" {
		t.Errorf("a breakpoint under its own limit: %q", r)
	}
}

// hex4 formats i as four hex digits.
func hex4(i int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[i>>12&15], digits[i>>8&15], digits[i>>4&15], digits[i&15]})
}

// FuzzServe feeds random and mutated packets to a listening stub through
// a real connection, then checks that the next client is served.
func FuzzServe(f *testing.F) {
	f.Add([]byte("$c#63"))
	f.Add([]byte("$vCont;c#a8$qC#b4"))
	f.Add([]byte("$bc#c5\x03"))
	f.Add([]byte("$" + strings.Repeat("A", 70000) + "#00"))
	f.Add([]byte("$m0,ffffffff#00+-+-"))
	f.Add([]byte("$QStartNoAckMode#b0$Z2,80000000,4#00"))
	fake := newFake(1)
	addr := listenFake(f, fake, time.Hour)
	f.Fuzz(func(t *testing.T, data []byte) {
		hostiletest.Feed(t, addr, data)
		servedGDB(t, addr)
	})
}
