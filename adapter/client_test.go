package adapter

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var debugMsgs = os.Getenv("DAPDEBUG") != ""

// msg is any message from the adapter, decoded loosely.
type msg struct {
	Seq        int             `json:"seq"`
	Type       string          `json:"type"`
	Command    string          `json:"command"`
	Event      string          `json:"event"`
	RequestSeq int             `json:"request_seq"`
	Success    bool            `json:"success"`
	Message    string          `json:"message"`
	Body       json.RawMessage `json:"body"`
}

// client is a small DAP client over in-memory pipes.
type client struct {
	t      testing.TB
	w      io.WriteCloser
	seq    int
	msgs   chan msg
	mu     sync.Mutex
	events []msg
	done   chan error
	// backlog holds events that arrived while waiting for a response.
	backlog []msg
}

// newClient starts a server on pipes and a client for it.
func newClient(t testing.TB) *client { t.Helper(); return newClientWith(t, Options{}) }

// newClientWith is newClient with server options.
func newClientWith(t testing.TB, opt Options) *client {
	t.Helper()
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	c := &client{t: t, w: cw, msgs: make(chan msg, 1024), done: make(chan error, 1)}
	srv := New(sr, sw, opt)
	go func() { c.done <- srv.Serve(); sw.Close() }()
	go c.readLoop(cr)
	t.Cleanup(func() { cw.Close() })
	return c
}

func (c *client) readLoop(r io.Reader) {
	br := bufio.NewReader(r)
	defer close(c.msgs)
	for {
		body, err := readFrame(br)
		if err != nil {
			return
		}
		var m msg
		if json.Unmarshal(body, &m) == nil {
			c.msgs <- m
		}
	}
}

// sendRaw writes a body as one message.
func (c *client) sendRaw(body string) {
	if err := writeFrame(c.w, []byte(body)); err != nil {
		c.t.Fatal(err)
	}
}

// send issues a request and returns its seq.
func (c *client) send(command string, args any) int {
	c.seq++
	b, _ := json.Marshal(map[string]any{"seq": c.seq, "type": "request", "command": command, "arguments": args})
	c.sendRaw(string(b))
	return c.seq
}

// next returns the next message (events put aside by request first).
func (c *client) next() msg {
	c.t.Helper()
	if len(c.backlog) > 0 {
		m := c.backlog[0]
		c.backlog = c.backlog[1:]
		return m
	}
	return c.recv()
}

// recv returns the next message from the adapter, failing after a timeout.
func (c *client) recv() msg {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the adapter closed the connection")
		}
		if debugMsgs {
			c.t.Logf("<- %s %s%s %s %.200s", m.Type, m.Command, m.Event, m.Message, m.Body)
		}
		if m.Type == "event" {
			c.mu.Lock()
			c.events = append(c.events, m)
			c.mu.Unlock()
		}
		return m
	case <-time.After(60 * time.Second):
		c.t.Fatal("no message from the adapter")
	}
	return msg{}
}

// request sends a request and waits for its response.
func (c *client) request(command string, args any) msg {
	c.t.Helper()
	seq := c.send(command, args)
	for {
		m := c.recv()
		if m.Type == "response" && m.RequestSeq == seq {
			return m
		}
		if m.Type == "event" {
			c.backlog = append(c.backlog, m)
		}
	}
}

// ok sends a request that must succeed and decodes its body into out.
func (c *client) ok(command string, args, out any) msg {
	c.t.Helper()
	r := c.request(command, args)
	if !r.Success {
		c.t.Fatalf("%s failed: %s", command, r.Message)
	}
	if out != nil {
		if err := json.Unmarshal(r.Body, out); err != nil {
			c.t.Fatalf("%s: decoding body: %v", command, err)
		}
	}
	return r
}

// waitEvent waits for an event by name and decodes its body.
func (c *client) waitEvent(name string, out any) msg {
	c.t.Helper()
	for {
		m := c.next()
		if m.Type == "event" && m.Event == name {
			if out != nil {
				json.Unmarshal(m.Body, out)
			}
			return m
		}
	}
}

// stoppedBody is the part of a stopped event the tests read.
type stoppedBody struct {
	Reason           string `json:"reason"`
	Description      string `json:"description"`
	Text             string `json:"text"`
	ThreadId         int    `json:"threadId"`
	HitBreakpointIds []int  `json:"hitBreakpointIds"`
}

// stopped waits for the next stopped event (failing on terminated).
func (c *client) stopped() stoppedBody {
	c.t.Helper()
	for {
		m := c.next()
		if m.Type == "event" && m.Event == "terminated" {
			c.t.Fatal("the session terminated instead of stopping")
		}
		if m.Type == "event" && m.Event == "stopped" {
			var b stoppedBody
			json.Unmarshal(m.Body, &b)
			return b
		}
	}
}

// eventsNamed lists the events received so far with that name.
func (c *client) eventsNamed(name string) []msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []msg
	for _, e := range c.events {
		if e.Event == name {
			out = append(out, e)
		}
	}
	return out
}

// stdout returns the UART text received so far.
func (c *client) stdout() string {
	var b strings.Builder
	for _, e := range c.eventsNamed("output") {
		var o struct{ Category, Output string }
		json.Unmarshal(e.Body, &o)
		if o.Category == "stdout" {
			b.WriteString(o.Output)
		}
	}
	return b.String()
}

// frame0 is the top of hart 0's stack: function name, file and line.
type frame0 struct {
	ID   int
	Name string
	File string
	Line int
	IP   string
}

// top returns the innermost frame of thread 1.
func (c *client) top() frame0 {
	c.t.Helper()
	var st struct {
		StackFrames []struct {
			Id                          int
			Name                        string
			Line                        int
			Source                      *struct{ Path string }
			InstructionPointerReference string
		}
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	if len(st.StackFrames) == 0 {
		c.t.Fatal("empty stack")
	}
	f := st.StackFrames[0]
	out := frame0{ID: f.Id, Name: f.Name, Line: f.Line, IP: f.InstructionPointerReference}
	if f.Source != nil {
		out.File = filepath.Base(f.Source.Path)
	}
	return out
}

// at asserts the innermost frame's function and line.
func (c *client) at(fn string, line int) {
	c.t.Helper()
	f := c.top()
	if f.Name != fn || f.Line != line {
		c.t.Fatalf("stopped in %s:%d, want %s:%d", f.Name, f.Line, fn, line)
	}
}

var demoELF, _ = filepath.Abs(filepath.Join("..", "testdata", "firmware", "demo.elf"))
var demoC, _ = filepath.Abs(filepath.Join("..", "testdata", "firmware", "demo.c"))

// launchDemo initializes and launches the demo, stopping on entry.
func launchDemo(c *client, extra map[string]any) {
	c.t.Helper()
	c.ok("initialize", map[string]any{"adapterID": "rewind", "supportsProgressReporting": true}, nil)
	args := map[string]any{"program": demoELF, "stopOnEntry": true}
	for k, v := range extra {
		args[k] = v
	}
	c.ok("launch", args, nil)
	c.waitEvent("initialized", nil)
}

// configure finishes configuration and waits for the entry stop.
func (c *client) configure() stoppedBody {
	c.t.Helper()
	c.ok("configurationDone", nil, nil)
	return c.stopped()
}

func (f frame0) String() string { return fmt.Sprintf("%s:%d", f.Name, f.Line) }
