package rpc

import (
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestQueries runs each query method on the demo after its run and checks
// the counts, a page and the session's time afterwards.
func TestQueries(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	st := call[Stop](t, c, "run", nil)
	w := call[Writes](t, c, "query.writes", map[string]any{"expression": "sensor.calibration", "limit": 1, "last": true})
	if w.Total != 3 || len(w.Writes) != 1 || !w.Truncated || w.Writes[0].Function != "record" || w.Writes[0].New != "d3000000" {
		t.Fatalf("query.writes: %+v", w)
	}
	calls := call[Calls](t, c, "query.calls", map[string]any{"function": "read_sensor", "limit": 2})
	if calls.Total != 12 || len(calls.Calls) != 2 || calls.Calls[1].Args != "step=1" || !calls.Calls[1].Returned || calls.Calls[1].Return != "217" {
		t.Fatalf("query.calls: %+v", calls)
	}
	ev := call[Events](t, c, "query.events", map[string]any{"kind": "irq"})
	if ev.Total != 0 || len(ev.Events) != 0 {
		t.Fatalf("query.events: %+v", ev)
	}
	lp := call[LogPointLines](t, c, "query.logpoint", map[string]any{"file": "demo.c", "line": 70, "message": "raw={raw}", "limit": 1})
	if lp.Total != 12 || len(lp.Lines) != 1 || lp.Lines[0].Text != "raw=210" {
		t.Fatalf("query.logpoint: %+v", lp)
	}
	if tl := call[Timeline](t, c, "timeline", nil); tl.Now != st.Time {
		t.Fatalf("the queries moved the session from %d to %d", st.Time, tl.Now)
	}
	callErr(t, c, "query.calls", map[string]any{"function": "nosuch"}, CodeFailed)
	callErr(t, c, "query.events", map[string]any{"kind": "nmi"}, CodeFailed)
	callErr(t, c, "query.logpoint", map[string]any{"file": "demo.c"}, jsonrpc2.CodeInvalidParams)
}

// TestOrigin asks for the origin of the demo's corrupted calibration, and
// follows its first input with the value the answer gave, on the RISC-V
// and the Cortex-M demo.
func TestOrigin(t *testing.T) {
	for _, elf := range []string{demoELF, "../cmd/rewind/demo/cortex-m/demo.elf"} {
		t.Run(elf, func(t *testing.T) { originOn(t, elf) })
	}
}

// originOn is TestOrigin on one edition of the demo.
func originOn(t *testing.T, elf string) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": elf})
	call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "demo.c:102"})
	call[Stop](t, c, "run", nil)
	n := call[OriginNode](t, c, "origin", map[string]any{"expression": "sensor.calibration"})
	if n.Kind != "stored" || n.Function != "record" || n.Line != 70 || len(n.Inputs) == 0 || n.Value != 211 {
		t.Fatalf("origin: %+v", n)
	}
	in := call[OriginNode](t, c, "origin", map[string]any{"value": n.Inputs[0], "depth": 2})
	if in.Of.Reg == 0 || in.Time >= n.Time || in.Value != 211 {
		t.Fatalf("origin of %+v: %+v", n.Inputs[0], in)
	}
	callErr(t, c, "origin", map[string]any{}, jsonrpc2.CodeInvalidParams)
	callErr(t, c, "origin", map[string]any{"expression": "nosuch"}, CodeFailed)
}
