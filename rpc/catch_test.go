package rpc

import (
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
)

// TestCatchAndFault sets catchpoints and exception filters on the Cortex-M
// fault firmware and reads the fault report from the stop, from fault and
// after fault.goto.
func TestCatchAndFault(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": "../testdata/arm-faults/faults.elf"})
	callErr(t, c, "fault", nil, CodeFailed) // none yet
	callErr(t, c, "catch.set", map[string]any{"kind": "signal"}, jsonrpc2.CodeInvalidParams)
	callErr(t, c, "catch.set", map[string]any{"kind": "interrupt", "causes": "HardFault"}, CodeFailed)
	irq := call[Breakpoint](t, c, "catch.set", map[string]any{"kind": "interrupt", "causes": "7"})
	if irq.Catch != "interrupt IRQ 7" || !irq.Enabled {
		t.Fatalf("catch.set: %+v", irq)
	}
	st := call[Stop](t, c, "run", nil)
	if st.Reason != "exception" || st.Trap != "IRQ 7" || len(st.Breakpoints) != 1 || st.Breakpoints[0] != irq.ID || st.Fault != nil {
		t.Fatalf("run to IRQ 7: %+v", st)
	}
	call[struct{}](t, c, "breakpoint.clear", map[string]any{"id": irq.ID})
	call[struct{}](t, c, "exceptions.set", map[string]any{"filters": []map[string]any{{"id": "busfault"}}})
	st = call[Stop](t, c, "run", nil)
	f := st.Fault
	if st.Trap != "BusFault" || f == nil || f.Details[0] != "precise data bus error at 0x50000000 (BFAR)" || f.Function != "load_word" {
		t.Fatalf("run to the bus fault: %+v %+v", st, f)
	}
	if f.Registers[0].Name != "CFSR" || f.Registers[0].Value != 0x8200 || !strings.HasPrefix(f.Summary, "BusFault: precise") {
		t.Errorf("report: %+v", f)
	}
	call[Stop](t, c, "step", map[string]any{"granularity": "instruction-in"})
	got := call[FaultReport](t, c, "fault", nil)
	if got.Time != f.Time || got.PC != 0x17a {
		t.Errorf("fault: %+v, want the report of the stop", got)
	}
	st = call[Stop](t, c, "fault.goto", nil)
	if st.Reason != "goto" || st.Time != f.Time || st.PC != 0x17a {
		t.Errorf("fault.goto: %+v", st)
	}
	callErr(t, c, "exceptions.set", map[string]any{"filters": []map[string]any{{"id": "interrupts", "condition": "bogus"}}}, CodeFailed)
}
