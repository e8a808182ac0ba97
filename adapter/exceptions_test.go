package adapter

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExceptionFiltersCortexM drives the Cortex-M fault firmware through
// exception filters with a condition (IRQ 7), a Cortex-M filter and a
// RISC-V one (ignored): the stops, exceptionInfo's fault report,
// rewind/goToFault and reverseContinue back to the previous fault.
func TestExceptionFiltersCortexM(t *testing.T) {
	c := newClient(t)
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "arm-faults", "faults.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": elf}, nil)
	c.waitEvent("initialized", nil)
	if r := c.request("setExceptionBreakpoints", map[string]any{"filters": []string{},
		"filterOptions": []map[string]any{{"filterId": "interrupts", "condition": "HardFault"}}}); r.Success {
		t.Fatal("an interrupts filter on HardFault was accepted")
	}
	c.ok("setExceptionBreakpoints", map[string]any{"filters": []string{"usagefault", "illegal"},
		"filterOptions": []map[string]any{{"filterId": "interrupts", "condition": "7"}}}, nil)
	c.ok("configurationDone", nil, nil)
	type info struct {
		ExceptionId, Description string
		Details                  struct{ Message string }
	}
	want := []struct{ id, text, detail string }{
		{"IRQ 7", "interrupt: IRQ 7", "interrupt: IRQ 7 taken in main"},
		{"UsageFault", "UsageFault: divide by zero", "CFSR=0x02000000"},
		{"UsageFault", "UsageFault: unaligned access", "CFSR=0x01000000"},
	}
	for i, w := range want {
		if i > 0 {
			c.ok("continue", map[string]any{"threadId": 1}, nil)
		}
		st := c.stopped()
		if st.Reason != "exception" || !strings.HasPrefix(st.Text, w.text) {
			t.Fatalf("stop %d: %+v, want %q", i, st, w.text)
		}
		var in info
		c.ok("exceptionInfo", map[string]any{"threadId": 1}, &in)
		if in.ExceptionId != w.id || !strings.Contains(in.Details.Message, w.detail) {
			t.Errorf("exceptionInfo %d: %+v, want %s with %q", i, in, w.id, w.detail)
		}
	}
	c.ok("rewind/goToFault", nil, nil)
	if st := c.stopped(); st.Reason != "goto" || !strings.Contains(st.Text, "UsageFault at 0x17a in load_word") {
		t.Fatalf("goToFault: %+v", st)
	}
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "exception" || !strings.Contains(st.Text, "divide by zero") || st.Description != "Paused on UsageFault" {
		t.Fatalf("reverse-continue from the fault: %+v", st)
	}
	var stack struct {
		StackFrames []struct{ Name string }
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &stack)
	if len(stack.StackFrames) == 0 || stack.StackFrames[0].Name != "divide" {
		t.Errorf("reverse-continue landed in %+v, want before the divide", stack.StackFrames)
	}
}
