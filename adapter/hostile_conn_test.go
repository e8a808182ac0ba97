//go:build unix

package adapter

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/hostiletest"
)

// echoELF polls the UART forever: a run that never ends by itself.
var echoELF, _ = filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))

// listen serves DAP on a loopback port for the test's duration.
func listen(t testing.TB, idle time.Duration) string {
	t.Helper()
	return hostiletest.Listen(t, func(ln net.Listener) error { return ServeListener(ln, ListenOptions{IdleTimeout: idle}) })
}

// dialClient connects a DAP client to addr.
func dialClient(t testing.TB, addr string) (*client, net.Conn) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c := &client{t: t, w: nc, msgs: make(chan msg, 1024), done: make(chan error, 1)}
	go c.readLoop(nc)
	t.Cleanup(func() { nc.Close() })
	return c, nc
}

// served checks that a new client at addr is served within a bound (a
// departed client's session may take a moment to wind down on a slow
// machine, when the newcomer is refused and tries again).
func served(t testing.TB, addr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, nc := dialClient(t, addr)
		r := c.request("initialize", map[string]any{"adapterID": "check"})
		nc.Close()
		if r.Success {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the next client is not served: %s", r.Message)
		}
	}
}

// TestHostileDepartedRun: a client that launches a firmware that never
// ends, runs it and goes away does not keep the next client waiting.
func TestHostileDepartedRun(t *testing.T) {
	addr := listen(t, time.Hour)
	for _, op := range []string{"continue", "reverseContinue"} {
		c, nc := dialClient(t, addr)
		c.ok("initialize", map[string]any{"adapterID": "hostile"}, nil)
		c.ok("launch", map[string]any{"program": echoELF, "stopOnEntry": op != "continue"}, nil)
		c.ok("configurationDone", nil, nil)
		if op == "reverseContinue" { // run forwards a while, then search back over it
			c.stopped()
			c.ok("continue", map[string]any{"threadId": 1}, nil)
			time.Sleep(200 * time.Millisecond)
			c.ok("pause", map[string]any{"threadId": 1}, nil)
			c.stopped()
			c.ok("setInstructionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"instructionReference": "0x10"}}}, nil)
			c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
		}
		nc.Close()
		served(t, addr)
	}
}

// TestHostilePipelined: a client that pipelines many requests and goes
// away does not keep the next client waiting for their answers.
func TestHostilePipelined(t *testing.T) {
	addr := listen(t, time.Hour)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, nc)
	var b strings.Builder
	launch := fmt.Sprintf(`{"seq":1,"type":"request","command":"launch","arguments":{"program":%q,"stopOnEntry":true}}`, demoELF)
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(launch), launch)
	for i := range 20000 {
		body := fmt.Sprintf(`{"seq":%d,"type":"request","command":"stackTrace","arguments":{"threadId":1}}`, i+2)
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	nc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	nc.Write([]byte(b.String()))
	nc.Close()
	served(t, addr)
}

// TestHostileSecondClient: a second client is told why it is not served,
// and the first one goes on.
func TestHostileSecondClient(t *testing.T) {
	addr := listen(t, time.Hour)
	first, _ := dialClient(t, addr)
	first.ok("initialize", map[string]any{"adapterID": "first"}, nil)
	second, _ := dialClient(t, addr)
	out := second.waitEvent("output", nil)
	if !strings.Contains(string(out.Body), "one client at a time") {
		t.Errorf("output event: %s", out.Body)
	}
	if r := second.request("initialize", map[string]any{"adapterID": "second"}); r.Success || !strings.Contains(r.Message, "one client at a time") {
		t.Errorf("second client's initialize: %+v", r)
	}
	second.waitEvent("terminated", nil)
	first.ok("threads", nil, nil)
}

// TestHostileIdleTimeout: an idle client gives way to a newcomer.
func TestHostileIdleTimeout(t *testing.T) {
	addr := listen(t, 50*time.Millisecond)
	first, nc := dialClient(t, addr)
	first.ok("initialize", map[string]any{"adapterID": "first"}, nil)
	time.Sleep(100 * time.Millisecond)
	served(t, addr)
	nc.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.Copy(io.Discard, nc); err != nil {
		t.Errorf("the idle client was not disconnected: %v", err)
	}
}

// TestHostileHeaderLine: a header line that never ends is refused after a
// bounded read, and the connection closed.
func TestHostileHeaderLine(t *testing.T) {
	addr := listen(t, time.Hour)
	hostiletest.EndlessHeader(t, addr)
	served(t, addr)
}

// TestHostileFiles: only regular files are launched, and only the
// firmware's own sources are shown, after launch.
func TestHostileFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	c := newClient(t)
	c.ok("initialize", map[string]any{"adapterID": "hostile"}, nil)
	if r := c.request("source", map[string]any{"source": map[string]any{"path": "/etc/passwd"}}); r.Success {
		t.Error("source /etc/passwd before launch succeeded")
	}
	for _, p := range []string{"/dev/zero", fifo, t.TempDir()} {
		r := c.request("launch", map[string]any{"program": p})
		if r.Success || !strings.Contains(r.Message, "not a regular file") {
			t.Errorf("launch %s: %+v", p, r)
		}
		r = c.request("launch", map[string]any{"recording": p})
		if r.Success || !strings.Contains(r.Message, "not a regular file") {
			t.Errorf("launch recording %s: %+v", p, r)
		}
	}
	c.ok("launch", map[string]any{"program": demoELF, "stopOnEntry": true}, nil)
	for _, p := range []string{"/etc/passwd", demoELF, "/dev/zero"} {
		if r := c.request("source", map[string]any{"source": map[string]any{"path": p}}); r.Success {
			t.Errorf("source %s succeeded", p)
		}
	}
	var src struct{ Content string }
	c.ok("source", map[string]any{"source": map[string]any{"path": demoC}}, &src)
	if !strings.Contains(src.Content, "calibration") {
		t.Errorf("demo.c: %.80q", src.Content)
	}
}

// TestHostileBreakpointCounts: a request with too many breakpoints is
// refused with the limit.
func TestHostileBreakpointCounts(t *testing.T) {
	c := atRecord(t)
	many := func(n int, f func(i int) any) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = f(i)
		}
		return out
	}
	tests := []struct {
		cmd  string
		args map[string]any
		max  int
	}{
		{"setBreakpoints", map[string]any{"source": map[string]any{"path": demoC},
			"breakpoints": many(maxBreakpoints+1, func(i int) any { return map[string]any{"line": i + 1} })}, maxBreakpoints},
		{"setFunctionBreakpoints", map[string]any{"breakpoints": many(maxBreakpoints+1, func(i int) any { return map[string]any{"name": "main"} })}, maxBreakpoints},
		{"setInstructionBreakpoints", map[string]any{"breakpoints": many(maxBreakpoints+1, func(i int) any {
			return map[string]any{"instructionReference": fmt.Sprint(0x80000000 + 2*uint32(i))}
		})}, maxBreakpoints},
		{"setDataBreakpoints", map[string]any{"breakpoints": many(maxDataBreakpoints+1, func(i int) any { return map[string]any{"dataId": "x"} })}, maxDataBreakpoints},
	}
	for _, tt := range tests {
		r := c.request(tt.cmd, tt.args)
		if r.Success || !strings.Contains(r.Message, fmt.Sprintf("at most %d", tt.max)) {
			t.Errorf("%s: %+v", tt.cmd, r)
		}
	}
	var bps struct{ Breakpoints []json.RawMessage }
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []any{map[string]any{"name": "main"}}}, &bps)
	if len(bps.Breakpoints) != 1 {
		t.Errorf("one function breakpoint: %d", len(bps.Breakpoints))
	}
}

// TestCountElements counts array elements without decoding them.
func TestCountElements(t *testing.T) {
	tests := []struct {
		raw  string
		want int
	}{
		{``, 0}, {`null`, 0}, {`{}`, 0}, {`[]`, 0}, {`[ ]`, 0}, {`[1]`, 1}, {`[1,2, 3]`, 3},
		{`[{"a":[1,2]},{"b":"x,y"}]`, 2}, {`["a\"b,c", "\\", ","]`, 3}, {`[[],[[]],{}]`, 3},
	}
	for _, tt := range tests {
		if got := countElements(json.RawMessage(tt.raw)); got != tt.want {
			t.Errorf("countElements(%s) = %d, want %d", tt.raw, got, tt.want)
		}
	}
}

// TestHostileSlowClient: a client that trickles a byte at a time sends no
// complete request, so it counts as idle and gives way to a newcomer.
func TestHostileSlowClient(t *testing.T) {
	addr := listen(t, 100*time.Millisecond)
	_, nc := dialClient(t, addr)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for _, b := range []byte("Content-Length: 1000000000") {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if _, err := nc.Write([]byte{b}); err != nil {
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	c, _ := dialClient(t, addr) // at once: no retry
	if r := c.request("initialize", map[string]any{"adapterID": "check"}); !r.Success {
		t.Fatalf("the newcomer is not served: %s", r.Message)
	}
}
