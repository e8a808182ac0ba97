package adapter

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/svd"
)

// dapVar is a row of a variables response.
type dapVar struct {
	Name, Value, Type, EvaluateName, MemoryReference string
	VariablesReference                               int
	NamedVariables                                   int
	PresentationHint                                 *struct{ Attributes []string }
}

// launchFirmware launches a test firmware stopped on entry with extra
// launch arguments.
func launchFirmware(t *testing.T, name string, extra map[string]any) *client {
	t.Helper()
	c := newClient(t)
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", name))
	args := map[string]any{"program": elf, "stopOnEntry": true}
	for k, v := range extra {
		args[k] = v
	}
	c.ok("launch", args, nil)
	c.waitEvent("initialized", nil)
	c.configure()
	return c
}

// vars lists a container's rows by name.
func (c *client) vars(ref int) map[string]dapVar {
	c.t.Helper()
	var vs struct{ Variables []dapVar }
	c.ok("variables", map[string]any{"variablesReference": ref}, &vs)
	out := map[string]dapVar{}
	for _, v := range vs.Variables {
		out[v.Name] = v
	}
	return out
}

// peripheralsScope returns the Peripherals scope's rows of the top frame.
func (c *client) peripheralsScope() map[string]dapVar {
	c.t.Helper()
	return c.scopeRows("Peripherals")
}

// scopeRows returns the rows of the top frame's scope called name.
func (c *client) scopeRows(name string) map[string]dapVar {
	c.t.Helper()
	var sc struct {
		Scopes []struct {
			Name               string
			VariablesReference int
		}
	}
	c.ok("scopes", map[string]any{"frameId": c.top().ID}, &sc)
	for _, s := range sc.Scopes {
		if s.Name == name {
			return c.vars(s.VariablesReference)
		}
	}
	c.t.Fatalf("no %s scope in %+v", name, sc.Scopes)
	return nil
}

// register reads one register row ("CLINT", "mtimecmph") through the
// Peripherals scope.
func (c *client) register(periph, reg string) dapVar {
	c.t.Helper()
	p, ok := c.peripheralsScope()[periph]
	if !ok {
		c.t.Fatalf("no peripheral %s", periph)
	}
	r, ok := c.vars(p.VariablesReference)[reg]
	if !ok {
		c.t.Fatalf("no register %s.%s", periph, reg)
	}
	return r
}

// TestPeripheralsScopeReverseDataBreakpoint: the timer firmware writes
// CLINT.mtimecmph three times. "Break on Value Change" on that register's
// row of the Peripherals scope stops after each write with the scope
// showing the value written, and Reverse from the end stops at the last
// write, in the interrupt handler.
func TestPeripheralsScopeReverseDataBreakpoint(t *testing.T) {
	c := launchFirmware(t, "mtime.elf", nil)
	reg := c.register("CLINT", "mtimecmph")
	if reg.Value != "0x00000000" || reg.MemoryReference != "0x02004004" || !strings.HasPrefix(reg.Type, "0x02004004, 32-bit") {
		t.Fatalf("mtimecmph at reset: %+v", reg)
	}
	clint := c.peripheralsScope()["CLINT"]
	var info struct {
		DataId      string
		Description string
	}
	c.ok("dataBreakpointInfo", map[string]any{"variablesReference": clint.VariablesReference, "name": "mtimecmph"}, &info)
	if info.DataId == "" {
		t.Fatalf("no data id: %s", info.Description)
	}
	c.ok("setDataBreakpoints", map[string]any{"breakpoints": []map[string]any{{"dataId": info.DataId}}}, nil)
	for i, want := range []string{"0xffffffff", "0x00000000", "0xffffffff"} {
		c.ok("continue", map[string]any{"threadId": 1}, nil)
		if st := c.stopped(); st.Reason != "data breakpoint" {
			t.Fatalf("continue %d: %+v", i+1, st)
		}
		if got := c.register("CLINT", "mtimecmph").Value; got != want {
			t.Errorf("after write %d the scope shows %s, want %s", i+1, got, want)
		}
	}
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "exit" {
		t.Fatalf("continue to the end: %+v", st)
	}
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "data breakpoint" {
		t.Fatalf("reverse: %+v", st)
	}
	if f := c.top(); f.Name != "trap_handler" {
		t.Errorf("the last write to mtimecmph is in %s, want trap_handler", f)
	}
	if got := c.register("CLINT", "mtimecmph").Value; got != "0x00000000" {
		t.Errorf("before the last write the scope shows %s, want 0x00000000", got)
	}
}

// TestPeripheralsEvaluateAndSet: a register, a field and a peripheral
// evaluate in watch and hover contexts, fields are decoded with their
// enumerated names, setVariable on a field writes the device, and a write
// in the past says that it changed the past.
func TestPeripheralsEvaluateAndSet(t *testing.T) {
	c := launchFirmware(t, "echo_irq.elf", nil)
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	c.stopped() // set-up done: waiting for input in wfi
	eval := func(expr, context string) (string, int) {
		t.Helper()
		var b struct {
			Result             string
			VariablesReference int
		}
		c.ok("evaluate", map[string]any{"expression": expr, "context": context, "frameId": c.top().ID}, &b)
		return b.Result, b.VariablesReference
	}
	if got, ref := eval("UART0.iir", "watch"); got != "0x01 {id=1 (none), fifos=0 (off)}" || ref == 0 {
		t.Errorf("UART0.iir: %q, ref %d", got, ref)
	} else if f := c.vars(ref)["id"]; f.Value != "1 (none)" || f.Type != "bits [3:0]" || f.EvaluateName != "UART0.iir.id" {
		t.Errorf("UART0.iir's id row: %+v", f)
	}
	if got, _ := eval("UART0.ier.erbfi", "hover"); got != "1" {
		t.Errorf("UART0.ier.erbfi: %q", got)
	}
	if got, ref := eval("UART0", "watch"); !strings.HasPrefix(got, "UART0 @ 0x10000000") || ref == 0 {
		t.Errorf("UART0: %q, ref %d", got, ref)
	}
	if r := c.request("evaluate", map[string]any{"expression": "UART0.nope", "context": "watch"}); r.Success || !strings.Contains(r.Message, "no register") {
		t.Errorf("UART0.nope: %+v", r)
	}
	ier := c.register("UART0", "ier")
	c.ok("setVariable", map[string]any{"variablesReference": ier.VariablesReference, "name": "etbei", "value": "1"}, nil)
	if got := c.register("UART0", "iir").Value; got != "0x02" {
		t.Errorf("iir after enabling the transmit interrupt: %s, want 0x02 (the device reacted)", got)
	}
	c.ok("evaluate", map[string]any{"expression": "UART0.ier = 0", "context": "repl"}, nil)
	if got := c.register("UART0", "ier").Value; got != "0x00" {
		t.Errorf("ier after UART0.ier = 0 in the Debug Console: %s", got)
	}
	c.ok("stepBack", map[string]any{"threadId": 1}, nil)
	c.stopped()
	c.ok("setExpression", map[string]any{"expression": "PLIC.priority10", "value": "5"}, nil)
	if got := c.register("PLIC", "priority10").Value; got != "0x00000005" {
		t.Errorf("priority10 after setExpression: %s", got)
	}
	if !strings.Contains(c.consoleText(), "History changed") {
		t.Errorf("no fork note in the Debug Console: %q", c.consoleText())
	}
}

// consoleText is the Debug Console text received so far.
func (c *client) consoleText() string {
	var b strings.Builder
	for _, e := range c.eventsNamed("output") {
		var o struct{ Category, Output string }
		_ = json.Unmarshal(e.Body, &o)
		if o.Category == "console" {
			b.WriteString(o.Output)
		}
	}
	return b.String()
}

// TestPeripheralInspectorReads does what the Peripheral Inspector
// extension does with svdPath: readMemory of each address block of each
// peripheral in chunks of at most 4 KiB, memory references spelled
// "0x…". Every readable register's bytes equal its Peripherals scope
// value, a second read returns the same bytes (the UART's received byte is
// peeked, not popped), a hole is reported as unreadable bytes, and its
// writeMemory of a register is the device's write.
func TestPeripheralInspectorReads(t *testing.T) {
	path, _ := filepath.Abs(filepath.Join("..", "svd", "testdata", "virt.svd"))
	c := launchFirmware(t, "echo_irq.elf", map[string]any{"svdPath": path})
	if !strings.Contains(c.consoleText(), "Peripherals: 4 from "+path) {
		t.Errorf("the Debug Console does not say which SVD was loaded: %q", c.consoleText())
	}
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	c.stopped()
	c.ok("evaluate", map[string]any{"expression": "uart q", "context": "repl"}, nil)
	dev, err := svd.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	read := func(addr uint64, n int) []byte {
		t.Helper()
		var b struct {
			Address         string
			Data            string
			UnreadableBytes int
		}
		c.ok("readMemory", map[string]any{"memoryReference": fmt.Sprintf("0x%x", addr), "count": n}, &b)
		data, _ := base64.StdEncoding.DecodeString(b.Data)
		if len(data) != n || b.UnreadableBytes != 0 {
			t.Fatalf("readMemory 0x%x +%d: %d bytes, %d unreadable", addr, n, len(data), b.UnreadableBytes)
		}
		return data
	}
	for _, p := range dev.Peripherals {
		for _, blk := range p.AddressBlocks {
			base := p.BaseAddress + blk.Offset
			var mem []byte
			for off := uint64(0); off < blk.Size; off += 4096 {
				mem = append(mem, read(base+off, int(min(4096, blk.Size-off)))...)
			}
			rows := c.vars(c.peripheralsScope()[p.Name].VariablesReference)
			for _, r := range p.Registers {
				row := rows[r.Name]
				if !r.Access.Readable() || r.Address < base || r.Address >= base+blk.Size {
					continue
				}
				var v uint64
				for k := r.Size/8 - 1; k >= 0; k-- {
					v = v<<8 | uint64(mem[r.Address-base+uint64(k)])
				}
				if want := fmt.Sprintf("0x%0*x", r.Size/4, v); row.Value != want {
					t.Errorf("%s.%s: readMemory gives %s, the Peripherals scope %s", p.Name, r.Name, want, row.Value)
				}
			}
		}
	}
	if rbr := read(0x10000000, 1); rbr[0] != 'q' || read(0x10000000, 1)[0] != 'q' {
		t.Errorf("the UART's received byte was popped by readMemory: %q", rbr)
	}
	var hole struct {
		Data            string
		UnreadableBytes int
	}
	c.ok("readMemory", map[string]any{"memoryReference": "0x40000000", "count": 64}, &hole)
	if hole.Data != "" || hole.UnreadableBytes != 64 {
		t.Errorf("readMemory of a hole: %+v, want 64 unreadable bytes", hole)
	}
	c.ok("writeMemory", map[string]any{"memoryReference": "0xc000028", "data": base64.StdEncoding.EncodeToString([]byte{6, 0, 0, 0})}, nil)
	if got := c.register("PLIC", "priority10").Value; got != "0x00000006" {
		t.Errorf("PLIC priority10 after writeMemory: %s", got)
	}
}

// TestBadSVDPathKeepsSession: a bad svdPath is reported in the Debug
// Console with the file and line, and the session goes on without the
// Peripherals scope.
func TestBadSVDPathKeepsSession(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "board.svd")
	if err := os.WriteFile(bad, []byte("<device>\n<name>x</name>\n<peripherals>\n<peripheral><name>P</name><baseAddress>zz</baseAddress></peripheral>\n</peripherals>\n</device>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := launchFirmware(t, "echo_irq.elf", map[string]any{"svdPath": bad})
	if msg := c.consoleText(); !strings.Contains(msg, "svdPath: peripheral views off: board.svd:4") {
		t.Errorf("Debug Console: %q", msg)
	}
	var sc struct{ Scopes []struct{ Name string } }
	c.ok("scopes", map[string]any{"frameId": c.top().ID}, &sc)
	if len(sc.Scopes) != 3 {
		t.Errorf("scopes %+v, want no Peripherals scope", sc.Scopes)
	}
}
