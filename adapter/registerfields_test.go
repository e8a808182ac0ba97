package adapter

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// readOnly reports the readOnly presentation attribute.
func (v dapVar) readOnly() bool {
	return v.PresentationHint != nil && len(v.PresentationHint.Attributes) == 1 && v.PresentationHint.Attributes[0] == "readOnly"
}

// TestRegisterFieldsDAP: in the Registers scope a register with decoded
// fields expands into them (Cortex-M xPSR and CONTROL, RISC-V mstatus and
// mcause), each with a value, an expression reading it and a read-only
// hint where the field cannot be written; setVariable on a writable field
// changes only its bits, and refuses read-only fields and values too wide.
func TestRegisterFieldsDAP(t *testing.T) {
	armELF, _ := filepath.Abs(filepath.Join("..", "testdata", "symbols-arm", "prog-m3-O0.elf"))
	for _, tc := range []struct {
		name, elf, stopAt, reg string
		want                   map[string]string // field: value prefix
		readOnly, set          string            // a read-only field, a writable one set to 1
		setBit                 uint32            // the register bit that write sets
	}{
		{"cortex-m", armELF, "SysTick_Handler", "xpsr",
			map[string]string{"ISR": "15 (SysTick)", "T": "1", "GE": "0", "IT": "0"}, "ISR", "Q", 1 << 27},
		{"riscv", demoELF, "main", "mstatus", map[string]string{"MPP": "3"}, "", "MIE", 1 << 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t)
			c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
			c.ok("launch", map[string]any{"program": tc.elf}, nil)
			c.waitEvent("initialized", nil)
			c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []map[string]any{{"name": tc.stopAt}}}, nil)
			c.ok("configurationDone", nil, nil)
			if st := c.stopped(); st.Reason != "function breakpoint" && st.Reason != "breakpoint" {
				t.Fatalf("stop: %+v", st)
			}
			row := c.scopeRows("Registers")[tc.reg]
			if row.VariablesReference == 0 || row.NamedVariables == 0 {
				t.Fatalf("%s row has no fields: %+v", tc.reg, row)
			}
			fields := c.vars(row.VariablesReference)
			for name, want := range tc.want {
				if f, ok := fields[name]; !ok || !strings.HasPrefix(f.Value, want) {
					t.Errorf("%s.%s = %+v, want %q", tc.reg, name, f, want)
				}
			}
			f := fields[tc.set]
			if f.readOnly() || f.EvaluateName == "" || f.Value != "0" {
				t.Fatalf("%s.%s before the write: %+v", tc.reg, tc.set, f)
			}
			var ev struct{ Result string }
			c.ok("evaluate", map[string]any{"expression": f.EvaluateName, "frameId": c.top().ID, "context": "watch"}, &ev)
			if ev.Result != "0" {
				t.Errorf("%s evaluates to %q, want 0", f.EvaluateName, ev.Result)
			}
			before := c.registerValue(tc.reg)
			row = c.scopeRows("Registers")[tc.reg]
			if r := c.request("setVariable", map[string]any{"variablesReference": row.VariablesReference, "name": tc.set, "value": "2"}); r.Success {
				t.Errorf("%s.%s = 2 was accepted", tc.reg, tc.set)
			}
			row = c.scopeRows("Registers")[tc.reg]
			var set struct{ Value string }
			c.ok("setVariable", map[string]any{"variablesReference": row.VariablesReference, "name": tc.set, "value": "1"}, &set)
			if set.Value != "1" {
				t.Errorf("setVariable %s.%s: %q", tc.reg, tc.set, set.Value)
			}
			if after := c.registerValue(tc.reg); after != before|tc.setBit {
				t.Errorf("%s went from %#x to %#x, want %#x", tc.reg, before, after, before|tc.setBit)
			}
			if tc.readOnly != "" {
				row = c.scopeRows("Registers")[tc.reg]
				fields = c.vars(row.VariablesReference)
				if !fields[tc.readOnly].readOnly() || fields[tc.readOnly].Type != "bits[9]" {
					t.Errorf("%s.%s: %+v, want a read-only 9-bit field", tc.reg, tc.readOnly, fields[tc.readOnly])
				}
				if r := c.request("setVariable", map[string]any{"variablesReference": row.VariablesReference, "name": tc.readOnly, "value": "3"}); r.Success {
					t.Errorf("read-only %s.%s was written", tc.reg, tc.readOnly)
				}
			}
		})
	}
}

// registerValue reads a register through evaluate.
func (c *client) registerValue(name string) uint32 {
	c.t.Helper()
	var ev struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "(unsigned)$" + name, "frameId": c.top().ID, "context": "watch", "format": map[string]any{"hex": true}}, &ev)
	var v uint32
	if _, err := parseC(ev.Result, &v); err != nil {
		c.t.Fatalf("$%s = %q: %v", name, ev.Result, err)
	}
	return v
}

// parseC reads a number in C syntax (0x... or decimal).
func parseC(s string, v *uint32) (int, error) {
	n, err := strconv.ParseUint(strings.Fields(s)[0], 0, 32)
	*v = uint32(n)
	return 1, err
}
