package gdbserver

import (
	"bufio"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// testClient plays gdb's side of the protocol over an in-memory pipe.
type testClient struct {
	t     *testing.T
	conn  net.Conn
	r     *bufio.Reader
	noAck bool
	done  chan error
}

// startSession serves one connection to target and returns its client.
func startSession(t *testing.T, target Target) *testClient {
	t.Helper()
	a, b := net.Pipe()
	c := &testClient{t: t, conn: a, r: bufio.NewReader(a), done: make(chan error, 1)}
	go func() { c.done <- New(target, nil).ServeConn(b); b.Close() }()
	t.Cleanup(func() { a.Close() })
	a.SetDeadline(time.Now().Add(10 * time.Second))
	return c
}

// send writes one packet and checks the acknowledgement.
func (c *testClient) send(payload string) {
	c.t.Helper()
	c.raw(string(EncodePacket([]byte(payload))))
	if !c.noAck {
		if b, err := c.r.ReadByte(); err != nil || b != '+' {
			c.t.Fatalf("ack for %q: got %q, %v", payload, b, err)
		}
	}
}

func (c *testClient) raw(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.conn, s); err != nil {
		c.t.Fatalf("writing %q: %v", s, err)
	}
}

// recv reads the next packet, collecting console (O) packets into console.
func (c *testClient) recv() (reply, console string) {
	c.t.Helper()
	for {
		f, err := ReadFrame(c.r)
		if err != nil {
			c.t.Fatalf("reading reply: %v", err)
		}
		if f.Kind != FramePacket {
			c.t.Fatalf("unexpected frame %+v", f)
		}
		if !c.noAck {
			io.WriteString(c.conn, "+") // the server may have closed after its last reply
		}
		p := string(f.Data)
		if strings.HasPrefix(p, "O") && p != "OK" {
			out, err := decodeHex(p[1:])
			if err != nil {
				c.t.Fatalf("bad O packet %q", p)
			}
			console += string(out)
			continue
		}
		return p, console
	}
}

// rt sends a packet and returns the reply.
func (c *testClient) rt(payload string) string {
	c.t.Helper()
	c.send(payload)
	r, _ := c.recv()
	return r
}
