package rpc

import (
	"path/filepath"
	"testing"
)

// TestRegistersBothCPUs: registers lists the session's CPU's registers
// (RISC-V names on the demo, Cortex-M's on an ARM ELF, with the xPSR
// decoded), a group filter applies, and register.set writes and reads
// back, forking in the past.
func TestRegistersBothCPUs(t *testing.T) {
	c := client(t)
	call[Stop](t, c, "launch", map[string]any{"program": demoELF})
	rs := call[Registers](t, c, "registers", map[string]any{})
	if len(rs.Registers) < 33 || rs.Registers[10].Name != "a0" || rs.Registers[32].Name != "pc" {
		t.Fatalf("RISC-V registers: %+v", rs.Registers[:min(len(rs.Registers), 3)])
	}
	csr := call[Registers](t, c, "registers", map[string]any{"group": "csr"})
	if len(csr.Registers) == 0 || csr.Registers[0].Name != "mstatus" {
		t.Errorf("csr group: %+v", csr.Registers)
	}
	call[empty](t, c, "terminate", nil)

	c = client(t)
	call[Stop](t, c, "launch", map[string]any{"program": filepath.Join("..", "testdata", "arm", "hello-picolibc.elf")})
	call[Stop](t, c, "step", map[string]any{"granularity": "instruction"})
	rs = call[Registers](t, c, "registers", map[string]any{"group": "core"})
	var names []string
	for _, r := range rs.Registers {
		names = append(names, r.Name)
	}
	if len(names) != 17 || names[13] != "sp" || names[15] != "pc" || names[16] != "xpsr" {
		t.Fatalf("Cortex-M core registers: %v", names)
	}
	if x := rs.Registers[16]; x.Summary == "" || x.Fields[6].Name != "T" || x.Fields[6].Value != 1 {
		t.Errorf("xpsr: %+v", x)
	}
	call[Stop](t, c, "step", map[string]any{"direction": "backward", "granularity": "instruction"})
	f := call[Forked](t, c, "register.set", map[string]any{"name": "primask", "value": 1})
	if !f.Forked {
		t.Error("register.set in the past did not fork")
	}
	sys := call[Registers](t, c, "registers", map[string]any{"group": "system"})
	if len(sys.Registers) != 6 || sys.Registers[2].Name != "primask" || sys.Registers[2].Value != 1 {
		t.Errorf("system registers after the write: %+v", sys.Registers)
	}
	callErr(t, c, "register.set", map[string]any{"name": "s0", "value": 1}, CodeFailed)
	call[Forked](t, c, "register.set", map[string]any{"name": "xpsr", "field": "c", "value": 1})
	x := call[Registers](t, c, "registers", map[string]any{"group": "core"}).Registers[16]
	if x.Value>>29&1 != 1 || x.Value&0x1ff != rs.Registers[16].Value&0x1ff || !x.Fields[2].Writable || x.Fields[8].Writable {
		t.Errorf("xpsr after setting C: %+v", x)
	}
	callErr(t, c, "register.set", map[string]any{"name": "xpsr", "field": "ISR", "value": 3}, CodeFailed)
	callErr(t, c, "register.set", map[string]any{"name": "xpsr", "field": "C", "value": 2}, CodeFailed)
}
