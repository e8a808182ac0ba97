//go:build unix

package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/internal/frame"
	"github.com/rewind-debugger/rewind/internal/hostiletest"
	"github.com/sourcegraph/jsonrpc2"
)

const echoELF = "../testdata/firmware/echo.elf"

// listen serves the API on a loopback port for the test's duration.
func listen(t testing.TB, idle time.Duration) string {
	t.Helper()
	return hostiletest.Listen(t, func(ln net.Listener) error { return NewServer(Options{}).Serve(ln, idle) })
}

// dial connects a JSON-RPC client.
func dial(t testing.TB, addr string) (*jsonrpc2.Conn, net.Conn) {
	t.Helper()
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(nc, jsonrpc2.VSCodeObjectCodec{}), noHandler{})
	t.Cleanup(func() { c.Close() })
	return c, nc
}

// served checks that a new client is served (a launch answers) within a
// bound: a newcomer refused while the departed client's session winds down
// on a slow machine tries again.
func served(t testing.TB, addr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, _ := dial(t, addr)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		var st Stop
		err := c.Call(ctx, "launch", map[string]any{"program": demoELF}, &st)
		cancel()
		c.Close()
		var e *jsonrpc2.Error
		if errors.As(err, &e) && e.Code == CodeRefused && time.Now().Before(deadline) {
			continue
		}
		if err != nil || st.Reason != "entry" {
			t.Fatalf("the next client is not served: %+v, %v", st, err)
		}
		return
	}
}

// TestHostileDepartedRun: launch a firmware that never ends, run it, go
// away: the next client is served (issue: it never was).
func TestHostileDepartedRun(t *testing.T) {
	addr := listen(t, time.Hour)
	for _, dir := range []string{"forward", "backward"} {
		c, nc := dial(t, addr)
		call[Stop](t, c, "launch", map[string]any{"program": echoELF})
		if dir == "backward" {
			go c.Call(context.Background(), "run", nil, nil)
			time.Sleep(200 * time.Millisecond)
			call[struct{}](t, c, "pause", nil)
			call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "*0x80000000"})
			call[Stop](t, c, "seek", map[string]any{"time": 1})
			call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": 1})
		}
		c.Notify(context.Background(), "run", map[string]any{"direction": dir})
		time.Sleep(50 * time.Millisecond)
		nc.Close()
		served(t, addr)
	}
}

// TestHostileFlood: many pipelined requests, then the client goes away:
// the excess is refused with CodeBusy, and the next client is served.
func TestHostileFlood(t *testing.T) {
	addr := listen(t, time.Hour)
	nc, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	replies := make(chan string, 1)
	go func() { b, _ := io.ReadAll(nc); replies <- string(b) }()
	var b strings.Builder
	launch := fmt.Sprintf(`{"jsonrpc":"2.0","id":0,"method":"launch","params":{"program":%q}}`, echoELF)
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(launch), launch)
	run := `{"jsonrpc":"2.0","id":1,"method":"run"}`
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(run), run)
	for i := range 20000 {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"timeline"}`, i+2)
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	nc.SetDeadline(time.Now().Add(30 * time.Second))
	nc.Write([]byte(b.String()))
	time.Sleep(100 * time.Millisecond)
	nc.(*net.TCPConn).CloseWrite()
	got := <-replies
	if !strings.Contains(got, fmt.Sprint(CodeBusy)) || !strings.Contains(got, "too many requests waiting") {
		t.Errorf("no busy error in %.300s", got)
	}
	nc.Close()
	served(t, addr)
}

// TestHostileMalformed: parse errors, batches and invalid requests are
// answered per JSON-RPC 2.0 and the connection goes on, on stdio too.
func TestHostileMalformed(t *testing.T) {
	var in strings.Builder
	for _, m := range []string{`{"jsonrpc":"2.0","id":1,`, `[{"jsonrpc":"2.0","id":2,"method":"timeline"}]`, `[]`,
		`{"jsonrpc":"2.0","id":3}`, `{"jsonrpc":"1.0","id":4,"method":"timeline"}`, `{"jsonrpc":"2.0","id":{},"method":"timeline"}`,
		`"just a string"`, `{"jsonrpc":"2.0","id":5,"method":"launch","params":{"program":"` + demoELF + `"}}`} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	in.WriteString("Content-Length: x\r\n\r\n")
	var out strings.Builder
	if err := NewServer(Options{}).ServeConn(context.Background(), pipeConn{strings.NewReader(in.String()), &out}); err != nil {
		t.Fatal(err)
	}
	want := []string{`"id":null,"error":{"code":-32700`, `"id":null,"error":{"code":-32600,"message":"invalid request: batches`,
		`"id":3,"error":{"code":-32600`, `"id":4,"error":{"code":-32600`, `"id":null,"error":{"code":-32600,"message":"invalid request: the id`,
		`"id":5,"result":{"reason":"entry"`}
	r := bufio.NewReader(strings.NewReader(out.String()))
	var got []string
	for {
		body, err := frame.Read(r, maxBody)
		if err != nil {
			break
		}
		got = append(got, string(body))
	}
	all := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("no %s in\n%s", w, all)
		}
	}
	for _, g := range got {
		if !json.Valid([]byte(g)) {
			t.Errorf("invalid reply %s", g)
		}
	}
}

// TestHostileLongHeader: a header line without CRLF is refused after a
// bounded read.
func TestHostileLongHeader(t *testing.T) {
	addr := listen(t, time.Hour)
	hostiletest.EndlessHeader(t, addr)
	served(t, addr)
}

// TestHostileSecondClient: a second client gets a JSON-RPC error.
func TestHostileSecondClient(t *testing.T) {
	addr := listen(t, time.Hour)
	first, _ := dial(t, addr)
	call[Stop](t, first, "launch", map[string]any{"program": demoELF})
	second, _ := dial(t, addr)
	msg := callErr(t, second, "timeline", nil, CodeRefused)
	if !strings.Contains(msg, "one client at a time") {
		t.Errorf("refusal: %q", msg)
	}
	call[Timeline](t, first, "timeline", nil)
}

// TestHostileIdle: an idle client gives way to a newcomer.
func TestHostileIdle(t *testing.T) {
	addr := listen(t, 50*time.Millisecond)
	first, _ := dial(t, addr)
	call[Stop](t, first, "launch", map[string]any{"program": demoELF})
	time.Sleep(100 * time.Millisecond)
	served(t, addr)
	select {
	case <-first.DisconnectNotify():
	case <-time.After(10 * time.Second):
		t.Error("the idle client is still connected")
	}
}

// TestHostileFiles: a device, a FIFO or a directory is refused at once.
func TestHostileFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	c := client(t)
	for _, p := range []string{"/dev/zero", fifo, t.TempDir()} {
		for _, arg := range []string{"program", "recording"} {
			msg := callErr(t, c, "launch", map[string]any{arg: p}, CodeLaunchFailed)
			if !strings.Contains(msg, "not a regular file") {
				t.Errorf("%s %s: %q", arg, p, msg)
			}
		}
	}
}
