package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

const demoELF = "../testdata/firmware/demo.elf"

// noHandler ignores what the server sends unasked.
type noHandler struct{}

func (noHandler) Handle(context.Context, *jsonrpc2.Conn, *jsonrpc2.Request) {}

// client connects a JSON-RPC client to a fresh server over a pipe.
func client(t *testing.T) *jsonrpc2.Conn {
	t.Helper()
	return clientWith(t, Options{})
}

// clientWith is client with server options.
func clientWith(t *testing.T, opt Options) *jsonrpc2.Conn {
	t.Helper()
	a, b := net.Pipe()
	srv := NewServer(opt)
	done := make(chan struct{})
	go func() { srv.ServeConn(context.Background(), a); close(done) }()
	c := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}), noHandler{})
	t.Cleanup(func() { c.Close(); <-done })
	return c
}

// call makes a call that must succeed.
func call[R any](t *testing.T, c *jsonrpc2.Conn, method string, params any) R {
	t.Helper()
	var r R
	if err := c.Call(context.Background(), method, params, &r); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	return r
}

// callErr makes a call that must fail with code.
func callErr(t *testing.T, c *jsonrpc2.Conn, method string, params any, code int64) string {
	t.Helper()
	var r json.RawMessage
	err := c.Call(context.Background(), method, params, &r)
	var e *jsonrpc2.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: want a JSON-RPC error %d, got %v (result %s)", method, code, err, r)
	}
	if e.Code != code || e.Message == "" {
		t.Fatalf("%s: got error %d %q, want code %d with a message", method, e.Code, e.Message, code)
	}
	return e.Message
}

// TestWalkThrough drives the demo's bug hunt through every method, on the
// RISC-V demo and on its Cortex-M edition (the same source lines).
func TestWalkThrough(t *testing.T) {
	for _, elf := range []string{demoELF, "../testdata/arm/demo/demo.elf"} {
		t.Run(elf, func(t *testing.T) { walkThrough(t, elf) })
	}
}

func walkThrough(t *testing.T, elf string) {
	c := client(t)
	st := call[Stop](t, c, "launch", map[string]any{"program": elf})
	if st.Reason != "entry" || st.Time != 0 || st.Function != "_start" {
		t.Fatalf("launch: %+v", st)
	}
	bp := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "demo.c:102"})
	if bp.ID != 1 || bp.Line != 102 {
		t.Fatalf("breakpoint.set: %+v", bp)
	}
	st = call[Stop](t, c, "run", map[string]any{"direction": "forward"})
	if st.Reason != "breakpoint" || st.Line != 102 || st.Function != "main" || len(st.Breakpoints) != 1 || st.Breakpoints[0] != 1 {
		t.Fatalf("run: %+v", st)
	}
	out := call[Output](t, c, "output", nil)
	if !strings.HasPrefix(out.Text, "demo: logging temperatures\n") {
		t.Fatalf("output: %q", out.Text)
	}
	w := call[Breakpoint](t, c, "watch.set", map[string]any{"expression": "sensor.calibration", "access": "write"})
	if w.ID != 2 || w.Size != 4 {
		t.Fatalf("watch.set: %+v", w)
	}
	st = call[Stop](t, c, "run", map[string]any{"direction": "backward"})
	if st.Reason != "data breakpoint" || st.Function != "record" || st.Line != 70 {
		t.Fatalf("run backward: %+v", st)
	}
	at := st.Time
	v := call[Value](t, c, "evaluate", map[string]any{"expression": "s->head"})
	if v.Value != "8" {
		t.Fatalf("evaluate s->head: %+v", v)
	}
	fr := call[Frames](t, c, "stack", nil)
	if len(fr.Frames) < 2 || fr.Frames[0].Function != "record" || fr.Frames[1].Function != "main" {
		t.Fatalf("stack: %+v", fr)
	}
	v = call[Value](t, c, "evaluate", map[string]any{"expression": "step", "frame": 1})
	if v.Value != "8" {
		t.Fatalf("evaluate step in frame 1: %+v", v)
	}
	h := call[History](t, c, "history", map[string]any{"expression": "sensor.calibration"})
	if len(h.Changes) != 2 || h.Changes[0].New != "-15" || h.Changes[1].Old != "-15" || h.Changes[1].Line != 70 || h.Changes[1].Function != "record" {
		t.Fatalf("history: %+v", h)
	}
	tl := call[Timeline](t, c, "timeline", nil)
	if tl.Now != at || tl.Start != 0 || tl.End <= at {
		t.Fatalf("timeline: %+v (stopped at %d)", tl, at)
	}
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": 2})
	steps := []struct {
		dir, gran, fn string
	}{
		{"forward", "instruction", "record"},
		{"backward", "instruction", "record"},
		{"forward", "line", "record"},
		{"backward", "line", "record"},
		{"backward", "out", "main"},
		{"forward", "in", "record"},
		{"forward", "out", "main"},
	}
	for _, s := range steps {
		st = call[Stop](t, c, "step", map[string]any{"direction": s.dir, "granularity": s.gran})
		if st.Reason != "step" || st.Function != s.fn {
			t.Fatalf("step %s %s: %+v", s.dir, s.gran, st)
		}
	}
	st = call[Stop](t, c, "seek", map[string]any{"time": at})
	if st.Time != at || st.Line != 70 {
		t.Fatalf("seek: %+v", st)
	}
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": 1})
	st = call[Stop](t, c, "run", nil)
	if st.Reason != "exiting" || st.ExitCode == nil || *st.ExitCode != 1 {
		t.Fatalf("run to the exit: %+v", st)
	}
	st = call[Stop](t, c, "run", nil)
	if st.Reason != "exited" || st.ExitCode == nil || *st.ExitCode != 1 {
		t.Fatalf("run to the end: %+v", st)
	}
	out = call[Output](t, c, "output", nil)
	if !strings.Contains(out.Text, "check failed: calibration is 21.1") {
		t.Fatalf("output: %q", out.Text)
	}
	call[struct{}](t, c, "terminate", nil)
}

// TestErrors checks that bad calls get readable JSON-RPC errors and leave
// the server working.
func TestErrors(t *testing.T) {
	c := client(t)
	callErr(t, c, "no.such.method", nil, jsonrpc2.CodeMethodNotFound)
	callErr(t, c, "run", nil, CodeNoSession)
	callErr(t, c, "evaluate", map[string]any{"expression": "1"}, CodeNoSession)
	callErr(t, c, "launch", map[string]any{"program": "testdata/missing.elf"}, CodeLaunchFailed)
	callErr(t, c, "launch", map[string]any{"program": "server_test.go"}, CodeLaunchFailed)
	callErr(t, c, "launch", map[string]any{"recording": "server_test.go"}, CodeLaunchFailed)
	callErr(t, c, "launch", map[string]any{}, jsonrpc2.CodeInvalidParams)
	callErr(t, c, "launch", map[string]any{"programme": demoELF}, jsonrpc2.CodeInvalidParams)
	callErr(t, c, "launch", []int{1, 2}, jsonrpc2.CodeInvalidParams)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	bad := []struct {
		method string
		params any
		code   int64
	}{
		{"breakpoint.set", map[string]any{}, jsonrpc2.CodeInvalidParams},
		{"breakpoint.set", map[string]any{"location": "nowhere.c:3"}, CodeFailed},
		{"breakpoint.set", map[string]any{"location": "no_such_function"}, CodeFailed},
		{"breakpoint.set", map[string]any{"location": "demo.c:x"}, CodeFailed},
		{"breakpoint.set", map[string]any{"location": 102}, jsonrpc2.CodeInvalidParams},
		{"breakpoint.clear", map[string]any{"id": 42}, CodeFailed},
		{"watch.set", map[string]any{"expression": "sensor.calibration", "access": "sideways"}, jsonrpc2.CodeInvalidParams},
		{"watch.set", map[string]any{"expression": "1 +"}, CodeFailed},
		{"watch.set", map[string]any{"expression": "42"}, CodeFailed},
		{"run", map[string]any{"direction": "sideways"}, jsonrpc2.CodeInvalidParams},
		{"step", map[string]any{"granularity": "page"}, jsonrpc2.CodeInvalidParams},
		{"seek", map[string]any{"time": -1}, jsonrpc2.CodeInvalidParams},
		{"evaluate", map[string]any{"expression": "no_such_variable"}, CodeFailed},
		{"evaluate", map[string]any{"expression": "1", "frame": 99}, CodeFailed},
		{"history", map[string]any{"expression": "1"}, CodeFailed},
		{"uart.send", map[string]any{}, jsonrpc2.CodeInvalidParams},
	}
	for _, b := range bad {
		msg := callErr(t, c, b.method, b.params, b.code)
		t.Logf("%s %v: %s", b.method, b.params, msg)
	}
	st := call[Stop](t, c, "step", map[string]any{"granularity": "instruction"})
	if st.Time != 1 {
		t.Fatalf("the server does not work after the errors: %+v", st)
	}
	call[Forked](t, c, "uart.send", map[string]any{"text": "hello\n"})
	call[struct{}](t, c, "terminate", nil)
}

// TestConditions checks condition and hitCondition of breakpoint.set.
func TestConditions(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF, "harts": 1})
	bp := call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "record", "hitCondition": "3"})
	st := call[Stop](t, c, "run", nil)
	if st.Function != "record" || len(st.Breakpoints) != 1 || st.Breakpoints[0] != bp.ID {
		t.Fatalf("run: %+v", st)
	}
	if v := call[Value](t, c, "evaluate", map[string]any{"expression": "s->count"}); v.Value != "2" {
		t.Fatalf("third hit: s->count = %+v", v)
	}
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": bp.ID})
	call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "demo.c:70", "condition": "s->head == 8"})
	st = call[Stop](t, c, "run", nil)
	if v := call[Value](t, c, "evaluate", map[string]any{"expression": "s->head", "hex": true}); st.Line != 70 || v.Value != "0x8" {
		t.Fatalf("conditional stop %+v: s->head = %+v", st, v)
	}
	v := call[Value](t, c, "evaluate", map[string]any{"expression": "s->head = 0"})
	if v.Value != "0" {
		t.Fatalf("assignment: %+v", v)
	}
	call[struct{}](t, c, "pause", nil)
}

// TestPauseWhileIdle checks that a pause sent while nothing runs does not
// stop the next run.
func TestPauseWhileIdle(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF, "stopAtExit": false})
	call[struct{}](t, c, "pause", nil)
	if st := call[Stop](t, c, "run", nil); st.Reason != "exited" {
		t.Fatalf("run after an idle pause: %+v", st)
	}
}
