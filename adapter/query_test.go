package adapter

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/debugger"
)

var (
	timerELF, _ = filepath.Abs(filepath.Join("..", "testdata", "firmware", "timer.elf"))
	rtosELF, _  = filepath.Abs(filepath.Join("..", "testdata", "rtos", "rtos.elf"))
	dataflowC   = filepath.Join(filepath.Dir(dataflowELF), "dataflow.c")
)

// TestQueryRequest runs each rewind/query over the dataflow and timer
// firmware and compares the answers with the session's own queries on a
// reference run (which the debugger's tests check against single-stepped
// replays): the same totals, times and details; pages; and the session
// left where it was.
func TestQueryRequest(t *testing.T) {
	type tc struct {
		name  string
		elf   string
		input string
		args  map[string]any
		want  func(s *debugger.Session) ([]string, int)
	}
	cases := []tc{
		{"writes", dataflowELF, "A", map[string]any{"query": "writes", "expression": "dst.scaled"},
			func(s *debugger.Session) ([]string, int) {
				d, err := s.DataTargetOf(0, 0, "dst.scaled")
				must(t, err)
				r, err := s.QueryWrites(d.Addr, d.Size, debugger.QueryPage{})
				must(t, err)
				var out []string
				for _, w := range r.Writes {
					out = append(out, fmt.Sprintf("%d %s %s %d", w.Time, hex.EncodeToString(w.Old), hex.EncodeToString(w.New), w.Line))
				}
				return out, r.Total
			}},
		{"calls", timerELF, "", map[string]any{"query": "calls", "function": "uart_puts"},
			func(s *debugger.Session) ([]string, int) {
				r, err := s.QueryCalls("uart_puts", debugger.QueryPage{})
				must(t, err)
				var out []string
				for _, c := range r.Calls {
					out = append(out, fmt.Sprintf("%d %s %v %d %s", c.Time, c.Args, c.Returned, c.ReturnTime, c.Caller))
				}
				return out, r.Total
			}},
		{"events", timerELF, "", map[string]any{"query": "events", "kind": "irq", "limit": 3, "last": true},
			func(s *debugger.Session) ([]string, int) {
				r, err := s.QueryEvents(debugger.EventFilter{Kind: debugger.EventInterrupt, Code: -1}, debugger.QueryPage{Limit: 3, Last: true})
				must(t, err)
				var out []string
				for _, e := range r.Events {
					out = append(out, fmt.Sprintf("%d %d %s %d", e.Time, e.Cause, e.Name, e.Line))
				}
				return out, r.Total
			}},
		{"logpoint", dataflowELF, "A", map[string]any{"query": "logpoint", "path": dataflowC, "line": 46, "message": "n={n} to={to}", "limit": 5},
			func(s *debugger.Session) ([]string, int) {
				r, err := s.QueryLogPoint(dataflowC, 46, "n={n} to={to}", debugger.QueryPage{Limit: 5})
				must(t, err)
				var out []string
				for _, l := range r.Lines {
					out = append(out, fmt.Sprintf("%d %s", l.Time, l.Text))
				}
				return out, r.Total
			}},
	}
	for _, k := range cases {
		t.Run(k.name, func(t *testing.T) {
			c := newClient(t)
			launchToExit(c, k.elf, k.input)
			before := c.top()
			var got queryBody
			c.ok("rewind/query", k.args, &got)
			want, total := k.want(sessionToExit(t, k.elf, k.input))
			if got.Total != total || len(got.Items) != len(want) || total == 0 {
				t.Fatalf("%d items of %d, want %d of %d", len(got.Items), got.Total, len(want), total)
			}
			if got.Truncated != (total > len(want)) {
				t.Errorf("truncated %v with %d of %d", got.Truncated, len(got.Items), total)
			}
			for i, it := range got.Items {
				if s := itemKey(k.name, it); s != want[i] {
					t.Errorf("item %d: %q, want %q", i, s, want[i])
				}
				if it.Label == "" {
					t.Errorf("item %d has no label", i)
				}
			}
			if now := c.top(); now != before {
				t.Errorf("the query moved the session: %v, was %v", now, before)
			}
		})
	}
}

// itemKey formats an item as the reference's list does.
func itemKey(query string, it queryItem) string {
	switch query {
	case "writes":
		return fmt.Sprintf("%d %s %s %d", it.Time, it.Old, it.New, it.Line)
	case "calls":
		return fmt.Sprintf("%d %s %v %d %s", it.Time, *it.Args, *it.Returned, it.ReturnTime, it.Function)
	case "events":
		return fmt.Sprintf("%d %d %s %d", it.Time, *it.Cause, it.Name, it.Line)
	}
	return fmt.Sprintf("%d %s", it.Time, *it.Text)
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestQueryRefusals checks the answers to bad queries.
func TestQueryRefusals(t *testing.T) {
	c := newClient(t)
	launchToExit(c, dataflowELF, "A")
	for _, args := range []map[string]any{
		{"query": "nope"},
		{"query": "calls"},
		{"query": "calls", "function": "no_such_function"},
		{"query": "events", "kind": "sometimes"},
		{"query": "writes"},
		{"query": "writes", "address": "0x80001000"},
		{"query": "writes", "address": "banana", "size": 4},
		{"query": "logpoint", "path": dataflowC, "line": 46},
		{"query": "logpoint", "path": "/nowhere.c", "line": 1, "message": "x"},
	} {
		if r := c.request("rewind/query", args); r.Success || r.Message == "" {
			t.Errorf("%v: success %v, message %q", args, r.Success, r.Message)
		}
	}
	for _, args := range []map[string]any{
		{},
		{"expression": "no_such_variable"},
		{"value": "1:2:3"},
		{"value": "0:99:0:0:5"},
		{"value": "0:0:2147483648:4:999999999999"},
	} {
		if r := c.request("rewind/origin", args); r.Success || r.Message == "" {
			t.Errorf("origin %v: success %v, message %q", args, r.Success, r.Message)
		}
	}
	// still answering
	c.ok("rewind/query", map[string]any{"query": "calls", "function": "finish"}, nil)
}

// TestTimelineLanes asks rewind/timeline for every kind of lane on the
// test kernel: a lane per task equal to the session's task timeline (itself
// checked against a single-stepped trace of pxCurrentTCB), interrupt lanes
// per cause equal to the events query, a lane of calls and one of writes;
// the same answer again from the cache.
func TestTimelineLanes(t *testing.T) {
	c := newClient(t)
	launchToExit(c, rtosELF, "")
	spec := map[string]any{"lanes": map[string]any{"tasks": true, "interrupts": true, "exceptions": true,
		"calls": []string{"xQueueSend"}, "writes": []map[string]any{{"expression": "pxCurrentTCB"}}}}
	var tl timelineBody
	c.ok("rewind/timeline", spec, &tl)
	ref := sessionToExit(t, rtosELF, "")

	byKind := map[string][]timelineLane{}
	for _, l := range tl.Lanes {
		if l.Error != "" {
			t.Errorf("lane %s: %s", l.ID, l.Error)
		}
		byKind[l.Kind] = append(byKind[l.Kind], l)
	}
	tt, err := ref.TaskTimeline(0, 0, taskIntervals)
	must(t, err)
	got := map[string][]string{}
	for _, l := range byKind["task"] {
		if len(l.Events) != len(l.Intervals) {
			t.Errorf("lane %s: %d events for %d intervals", l.ID, len(l.Events), len(l.Intervals))
		}
		for _, iv := range l.Intervals {
			got[l.Label] = append(got[l.Label], fmt.Sprintf("%d-%d", iv.From, iv.To))
		}
	}
	want := map[string][]string{}
	for _, iv := range tt.Intervals {
		want["task "+iv.Name] = append(want["task "+iv.Name], fmt.Sprintf("%d-%d", iv.From, iv.To))
	}
	if len(want) < 4 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("task lanes:\n%v\nwant\n%v", got, want)
	}

	ev, err := ref.QueryEvents(debugger.EventFilter{Kind: debugger.EventInterrupt, Code: -1}, debugger.QueryPage{Limit: laneLimit, Last: true})
	must(t, err)
	n := 0
	for _, l := range byKind["interrupt"] {
		n += len(l.Events)
		for _, e := range l.Events {
			if !hasEvent(ev.Events, e.Time) {
				t.Errorf("lane %s: no interrupt at %d", l.ID, e.Time)
			}
		}
	}
	if n != len(ev.Events) || n == 0 {
		t.Errorf("%d interrupts in the lanes, the query has %d", n, len(ev.Events))
	}
	calls, err := ref.QueryCalls("xQueueSend", debugger.QueryPage{Limit: laneLimit, Last: true})
	must(t, err)
	if l := byKind["call"]; len(l) != 1 || len(l[0].Events) != len(calls.Calls) || l[0].Total != calls.Total || calls.Total == 0 {
		t.Errorf("call lanes %+v, want %d calls", l, calls.Total)
	}
	if l := byKind["write"]; len(l) != 1 || l[0].Total < len(tt.Intervals) {
		t.Errorf("write lanes %+v, want at least a write per switch (%d)", l, len(tt.Intervals))
	}
	for _, l := range tl.Lanes {
		t.Logf("lane %s %q: %d events of %d, %d intervals", l.ID, l.Label, len(l.Events), l.Total, len(l.Intervals))
	}
	var again timelineBody
	c.ok("rewind/timeline", spec, &again)
	if fmt.Sprint(again.Lanes) != fmt.Sprint(tl.Lanes) {
		t.Error("the second answer differs")
	}
	var plain timelineBody
	c.ok("rewind/timeline", nil, &plain)
	if plain.Lanes != nil {
		t.Error("lanes without asking")
	}
}

func hasEvent(evs []debugger.TrapEvent, t uint64) bool {
	for _, e := range evs {
		if e.Time == t {
			return true
		}
	}
	return false
}

// TestQueryCancel runs a whole-history query over a long history and
// cancels it: meanwhile other requests are refused as running (the reader
// keeps reading), the query answers with an error, no stopped event is
// sent, and the session is where it was and answers again.
func TestQueryCancel(t *testing.T) {
	c := newClient(t)
	runHistload(c)
	before := c.top()
	stops := len(c.eventsNamed("stopped"))

	q := c.send("rewind/query", map[string]any{"query": "events"})
	st := c.send("stackTrace", map[string]any{"threadId": 1})
	cancel := c.send("cancel", map[string]any{"requestId": q})
	got := map[int]msg{}
	for len(got) < 3 {
		if m := c.next(); m.Type == "response" {
			got[m.RequestSeq] = m
		}
	}
	if got[q].Success || !strings.Contains(got[q].Message, "paused") {
		t.Fatalf("the cancelled query answered success %v: %q", got[q].Success, got[q].Message)
	}
	if got[st].Success || !strings.Contains(got[st].Message, "running") {
		t.Errorf("a stackTrace during the query: success %v, %q", got[st].Success, got[st].Message)
	}
	if !got[cancel].Success {
		t.Errorf("cancel failed: %s", got[cancel].Message)
	}
	if now := c.top(); now != before {
		t.Errorf("the cancelled query moved the session: %v, was %v", now, before)
	}
	if n := len(c.eventsNamed("stopped")); n != stops {
		t.Errorf("%d stopped events after the query", n-stops)
	}
}

// runHistload launches histload and runs it for two seconds.
func runHistload(c *client) {
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "dataflow", "histload.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": elf, "stopOnEntry": true}, nil)
	c.waitEvent("initialized", nil)
	c.configure()
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	time.Sleep(2 * time.Second)
	c.ok("pause", map[string]any{"threadId": 1}, nil)
	c.stopped()
}

// TestTimelineLanesCancel: lanes of rewind/timeline that take longer than
// laneWait to find are searched as an operation, so cancel interrupts them
// (the answer comes, its lanes say they were paused) and the reader keeps
// reading meanwhile; the session stays where it was.
func TestTimelineLanesCancel(t *testing.T) {
	c := newClientWith(t, Options{laneWait: -1}) // searched as an operation at once
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "bench.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": elf, "stopOnEntry": true}, nil)
	c.waitEvent("initialized", nil)
	c.configure()
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	c.stopped() // before the exit, some 3*10^8 instructions on
	var before timelineBody
	c.ok("rewind/timeline", nil, &before)

	// Calls of fib (recursive), millions of them: seconds of search.
	spec := map[string]any{"lanes": map[string]any{"calls": []string{"fib"}}}
	q := c.send("rewind/timeline", spec)
	cancel := c.send("cancel", map[string]any{"requestId": q})
	got := map[int]msg{}
	for len(got) < 2 {
		if m := c.next(); m.Type == "response" {
			got[m.RequestSeq] = m
		}
	}
	if !got[cancel].Success {
		t.Errorf("cancel failed: %s", got[cancel].Message)
	}
	var tl struct {
		Lanes []timelineLane `json:"lanes"`
	}
	if !got[q].Success || json.Unmarshal(got[q].Body, &tl) != nil {
		t.Fatalf("the cancelled timeline: success %v, %q", got[q].Success, got[q].Message)
	}
	if paused := slices.ContainsFunc(tl.Lanes, func(l timelineLane) bool { return strings.HasPrefix(l.Error, "query paused") }); !paused {
		t.Fatalf("the cancelled timeline's lanes do not say they were paused: %+v", tl.Lanes)
	}
	var after timelineBody
	c.ok("rewind/timeline", nil, &after)
	if after.Now != before.Now {
		t.Errorf("the cancelled lanes moved the session: now %d, was %d", after.Now, before.Now)
	}
}
