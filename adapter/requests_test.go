package adapter

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// atRecord launches the demo and stops at record()'s first line (the
// third call: step == 2).
func atRecord(t *testing.T) *client {
	c := newClient(t)
	launchDemo(c, nil)
	c.configure()
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []map[string]any{{"name": "record", "hitCondition": "== 3"}}}, nil)
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "function breakpoint" {
		t.Fatalf("continue to record: %+v", st)
	}
	c.at("record", 70)
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []any{}}, nil)
	return c
}

func TestInitializeCapabilities(t *testing.T) {
	c := newClient(t)
	var caps map[string]any
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, &caps)
	for _, k := range []string{"supportsConfigurationDoneRequest", "supportsStepBack", "supportsConditionalBreakpoints",
		"supportsHitConditionalBreakpoints", "supportsLogPoints", "supportsFunctionBreakpoints",
		"supportsInstructionBreakpoints", "supportsDataBreakpoints", "supportsSteppingGranularity",
		"supportsDisassembleRequest", "supportsReadMemoryRequest", "supportsWriteMemoryRequest",
		"supportsEvaluateForHovers", "supportsSetVariable", "supportsRestartFrame", "supportsExceptionInfoRequest",
		"supportsTerminateRequest", "supportsCancelRequest", "supportsBreakpointLocationsRequest",
		"supportsLoadedSourcesRequest", "supportsValueFormattingOptions"} {
		if caps[k] != true {
			t.Errorf("capability %s = %v", k, caps[k])
		}
	}
	checkFilters(t, "before launch, architecture unknown", caps["exceptionBreakpointFilters"],
		"faults", "interrupts", "illegal", "ebreak", "hardfault", "memmanage", "busfault", "usagefault", "svc")
	if caps["supportsExceptionFilterOptions"] != true {
		t.Error("supportsExceptionFilterOptions not set")
	}
}

// checkFilters checks a list of exception breakpoint filters by id.
func checkFilters(t *testing.T, when string, list any, want ...string) {
	t.Helper()
	filters, _ := list.([]any)
	var ids []string
	for _, f := range filters {
		if m, ok := f.(map[string]any); ok {
			ids = append(ids, fmt.Sprint(m["filter"]))
		}
	}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Errorf("%s: exception filters %v, want %v", when, ids, want)
	}
}

// TestExceptionFiltersFollowTheFirmware: with the architecture known
// before launch (rewind dap --arch), initialize offers its filters; after
// launch a capabilities event lists the firmware's.
func TestExceptionFiltersFollowTheFirmware(t *testing.T) {
	for _, c := range []struct {
		arch, elf string
		want      []string
	}{
		{"riscv", demoELF, []string{"faults", "interrupts", "illegal", "ebreak"}},
		{"cortex-m", filepath.Join("..", "testdata", "arm", "demo", "demo.elf"), []string{"faults", "interrupts", "hardfault", "memmanage", "busfault", "usagefault", "svc"}},
	} {
		cl := newClientWith(t, Options{Arch: c.arch})
		var caps map[string]any
		cl.ok("initialize", map[string]any{"adapterID": "rewind"}, &caps)
		checkFilters(t, "initialize with --arch "+c.arch, caps["exceptionBreakpointFilters"], c.want...)
		cl.ok("launch", map[string]any{"program": c.elf, "stopOnEntry": true}, nil)
		var ev struct{ Capabilities map[string]any }
		cl.waitEvent("capabilities", &ev)
		checkFilters(t, c.elf, ev.Capabilities["exceptionBreakpointFilters"], c.want...)
	}
}

func TestLaunchErrors(t *testing.T) {
	notELF := filepath.Join("..", "testdata", "firmware", "demo.c")
	abs, _ := filepath.Abs(notELF)
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"no program", map[string]any{}, "\"program\""},
		{"missing file", map[string]any{"program": "/nonexistent/fw.elf"}, "cannot read the program"},
		{"not an ELF", map[string]any{"program": abs}, "not an ELF"},
		{"bad board", map[string]any{"program": demoELF, "board": "sifive_f"}, `no built-in board "sifive_f"`},
		{"bad board file", map[string]any{"program": demoELF, "board": "/nonexistent/board.json"}, "board file: open /nonexistent/board.json"},
		{"bad harts", map[string]any{"program": demoELF, "harts": 99}, "harts"},
		{"bad type", map[string]any{"program": 42}, "bad arguments"},
		{"wrong machine", map[string]any{"program": "/bin/true"}, "launch failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClient(t)
			c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
			r := c.request("launch", tt.args)
			if r.Success || !strings.Contains(r.Message, tt.want) {
				t.Fatalf("launch %v: success=%v message %q, want an error with %q", tt.args, r.Success, r.Message, tt.want)
			}
		})
	}
}

func TestStepping(t *testing.T) {
	c := atRecord(t)
	steps := []struct {
		command string
		args    map[string]any
		fn      string
		line    int
	}{
		{"next", nil, "record", 71},
		{"next", nil, "record", 72},
		{"stepBack", nil, "record", 71},
		{"stepBack", nil, "record", 70},
		{"stepBack", nil, "main", 94},
		{"stepBack", nil, "main", 93},
		{"next", nil, "main", 94},
		{"stepIn", nil, "record", 70},
		{"stepOut", nil, "main", 95}, // the call was line 94's last instruction
		{"rewind/reverseStepIn", nil, "record", 74},
		{"rewind/reverseStepOut", nil, "main", 94},
		{"stepIn", map[string]any{"granularity": "instruction"}, "record", 70},
		{"stepBack", map[string]any{"granularity": "instruction"}, "main", 94},
		// next by instruction steps over the call (it used to step in)
		{"next", map[string]any{"granularity": "instruction"}, "main", 95},
	}
	for i, s := range steps {
		args := map[string]any{"threadId": 1}
		for k, v := range s.args {
			args[k] = v
		}
		c.ok(s.command, args, nil)
		if st := c.stopped(); st.Reason != "step" {
			t.Fatalf("step %d %s: stopped %+v", i, s.command, st)
		}
		if f := c.top(); f.Name != s.fn || f.Line != s.line {
			t.Fatalf("step %d %s: at %v, want %s:%d", i, s.command, f, s.fn, s.line)
		}
	}
}

func TestStartOfHistory(t *testing.T) {
	c := newClient(t)
	launchDemo(c, nil)
	c.configure()
	c.ok("stepBack", map[string]any{"threadId": 1}, nil)
	st := c.stopped()
	if !strings.Contains(st.Text, "start of history") {
		t.Fatalf("stepBack at the start: %+v", st)
	}
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); !strings.Contains(st.Text, "start of history") {
		t.Fatalf("reverseContinue at the start: %+v", st)
	}
}

func TestInspection(t *testing.T) {
	c := atRecord(t)
	var threads struct {
		Threads []struct {
			Id   int
			Name string
		}
	}
	c.ok("threads", nil, &threads)
	if len(threads.Threads) != 1 || threads.Threads[0].Id != 1 {
		t.Fatalf("threads: %+v", threads)
	}
	var st struct {
		StackFrames []struct {
			Id, Line, Column            int
			Name                        string
			InstructionPointerReference string
			Source                      struct{ Path string }
		}
		TotalFrames int
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	if len(st.StackFrames) < 2 || st.StackFrames[1].Name != "main" || st.StackFrames[1].Line != 94 ||
		!strings.HasPrefix(st.StackFrames[0].InstructionPointerReference, "0x") || filepath.Base(st.StackFrames[0].Source.Path) != "demo.c" {
		t.Fatalf("stackTrace: %+v", st)
	}
	var scopes struct {
		Scopes []struct {
			Name               string
			VariablesReference int
			Expensive          bool
		}
	}
	c.ok("scopes", map[string]any{"frameId": st.StackFrames[0].Id}, &scopes)
	if len(scopes.Scopes) != 4 || scopes.Scopes[3].Name != "Peripherals" || scopes.Scopes[1].Expensive {
		t.Fatalf("scopes: %+v", scopes)
	}
	vars := func(ref int, extra map[string]any) map[string]variableRow {
		args := map[string]any{"variablesReference": ref}
		for k, v := range extra {
			args[k] = v
		}
		var vs struct{ Variables []variableRow }
		c.ok("variables", args, &vs)
		out := map[string]variableRow{}
		for _, v := range vs.Variables {
			out[v.Name] = v
		}
		return out
	}
	locals := vars(scopes.Scopes[0].VariablesReference, nil)
	if locals["raw"].Value == "" || locals["s"].VariablesReference == 0 {
		t.Fatalf("locals: %+v", locals)
	}
	sensor := vars(locals["s"].VariablesReference, nil)
	if sensor["calibration"].Value != "-15" || sensor["head"].Value != "2" {
		t.Fatalf("*s: %+v", sensor)
	}
	var info struct {
		DataId      any
		Description string
	}
	c.ok("dataBreakpointInfo", map[string]any{"variablesReference": locals["s"].VariablesReference, "name": "calibration"}, &info)
	if id, _ := info.DataId.(string); !strings.HasSuffix(id, "/4") {
		t.Fatalf("dataBreakpointInfo on s->calibration: %+v", info)
	}
	c.ok("dataBreakpointInfo", map[string]any{"variablesReference": scopes.Scopes[2].VariablesReference, "name": "a0"}, &info)
	if info.DataId != nil {
		t.Fatalf("dataBreakpointInfo on a register: %+v", info)
	}
	c.ok("dataBreakpointInfo", map[string]any{"name": "0x80001000", "asAddress": true, "bytes": 8}, &info)
	if info.DataId != "0x80001000/8" {
		t.Fatalf("dataBreakpointInfo by address: %+v", info)
	}
	ring := vars(sensor["ring"].VariablesReference, map[string]any{"start": 2, "count": 3})
	if len(ring) != 3 {
		t.Fatalf("ring page: %+v", ring)
	}
	hex := vars(locals["s"].VariablesReference, map[string]any{"format": map[string]any{"hex": true}})
	if hex["head"].Value != "0x2" {
		t.Fatalf("hex head: %+v", hex["head"])
	}
	globals := vars(scopes.Scopes[1].VariablesReference, nil)
	if _, ok := globals["sensor"]; !ok {
		t.Fatalf("globals: %+v", globals)
	}
	regs := vars(scopes.Scopes[2].VariablesReference, nil)
	for _, r := range []string{"zero", "ra", "sp", "a0", "t6", "pc", "mstatus", "mcause", "mepc"} {
		if _, ok := regs[r]; !ok {
			t.Fatalf("register %s missing: %v", r, regs)
		}
	}
	if regs["pc"].Value != st.StackFrames[0].InstructionPointerReference {
		t.Fatalf("pc %s, frame ip %s", regs["pc"].Value, st.StackFrames[0].InstructionPointerReference)
	}
}

// variableRow is one row of a variables response.
type variableRow struct {
	Name, Value, Type  string
	VariablesReference int
	MemoryReference    string
	EvaluateName       string
}

func TestEvaluateAndEdit(t *testing.T) {
	c := atRecord(t)
	fid := c.top().ID
	tests := []struct{ expr, want string }{
		{"raw + 1", ""},
		{"s->head", "2"},
		{"sensor.calibration * 2", "-30"},
		{"$pc == $pc", "1"},
		{"sizeof(struct sensor)", "44"},
	}
	for _, tt := range tests {
		var r struct{ Result string }
		c.ok("evaluate", map[string]any{"expression": tt.expr, "frameId": fid, "context": "watch"}, &r)
		if tt.want != "" && r.Result != tt.want {
			t.Errorf("%s = %s, want %s", tt.expr, r.Result, tt.want)
		}
	}
	if r := c.request("evaluate", map[string]any{"expression": "nosuchvar", "frameId": fid}); r.Success {
		t.Errorf("evaluating an unknown name succeeded")
	}
	// Editing the past forks history and says so.
	c.ok("next", map[string]any{"threadId": 1}, nil)
	c.stopped()
	c.ok("stepBack", map[string]any{"threadId": 1}, nil)
	c.stopped()
	fid = c.top().ID
	var set struct{ Value string }
	c.ok("setExpression", map[string]any{"expression": "sensor.head", "value": "5", "frameId": fid}, &set)
	if set.Value != "5" {
		t.Fatalf("setExpression: %+v", set)
	}
	if !c.sawConsole("History changed") {
		t.Fatal("no fork message after editing the past")
	}
	var scopes struct {
		Scopes []struct{ VariablesReference int }
	}
	c.ok("scopes", map[string]any{"frameId": fid}, &scopes)
	c.ok("setVariable", map[string]any{"variablesReference": scopes.Scopes[0].VariablesReference, "name": "raw", "value": "300"}, &set)
	if set.Value != "300" {
		t.Fatalf("setVariable raw: %+v", set)
	}
	c.ok("scopes", map[string]any{"frameId": fid}, &scopes)
	c.ok("setVariable", map[string]any{"variablesReference": scopes.Scopes[2].VariablesReference, "name": "a5", "value": "0x1234"}, &set)
	if set.Value != "0x00001234" {
		t.Fatalf("setVariable a5: %+v", set)
	}
	var r struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "uart hello", "context": "repl"}, &r)
}

// sawConsole reports whether a console output event contained text.
func (c *client) sawConsole(text string) bool {
	for i := 0; i < 50; i++ {
		for _, e := range c.eventsNamed("output") {
			if strings.Contains(string(e.Body), text) {
				return true
			}
		}
		c.ok("threads", nil, nil) // let pending events arrive
	}
	return false
}

func TestMemoryAndDisassembly(t *testing.T) {
	c := atRecord(t)
	f := c.top()
	var mem struct {
		Address         string
		Data            string
		UnreadableBytes int
	}
	c.ok("readMemory", map[string]any{"memoryReference": f.IP, "count": 16}, &mem)
	if b, _ := base64.StdEncoding.DecodeString(mem.Data); len(b) != 16 || mem.UnreadableBytes != 0 {
		t.Fatalf("readMemory: %+v", mem)
	}
	mem.Data = ""
	c.ok("readMemory", map[string]any{"memoryReference": "0x00050000", "count": 8}, &mem)
	if mem.UnreadableBytes != 8 || mem.Data != "" {
		t.Fatalf("readMemory of unmapped space: %+v", mem)
	}
	var ev struct{ MemoryReference string }
	c.ok("evaluate", map[string]any{"expression": "sensor.count", "frameId": f.ID}, &ev)
	c.ok("writeMemory", map[string]any{"memoryReference": ev.MemoryReference, "data": base64.StdEncoding.EncodeToString([]byte{7, 0, 0, 0})}, nil)
	var cnt struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "sensor.count", "frameId": c.top().ID}, &cnt)
	if cnt.Result != "7" {
		t.Fatalf("after writeMemory sensor.count = %s", cnt.Result)
	}
	var dis struct {
		Instructions []struct {
			Address, Instruction, Symbol string
			Line                         int
			Location                     *struct{ Path string }
		}
	}
	c.ok("disassemble", map[string]any{"memoryReference": f.IP, "instructionOffset": -4, "instructionCount": 10, "resolveSymbols": true}, &dis)
	if len(dis.Instructions) != 10 || dis.Instructions[4].Address != f.IP || dis.Instructions[4].Line != 70 {
		t.Fatalf("disassemble around %s: %+v", f.IP, dis.Instructions)
	}
	if !strings.HasPrefix(dis.Instructions[4].Symbol, "record") {
		t.Fatalf("symbol of %s: %q", f.IP, dis.Instructions[4].Symbol)
	}
	var ls struct{ Sources []struct{ Path string } }
	c.ok("loadedSources", nil, &ls)
	found := false
	for _, s := range ls.Sources {
		found = found || filepath.Base(s.Path) == "demo.c"
	}
	if !found {
		t.Fatalf("loadedSources: %+v", ls)
	}
	var bl struct{ Breakpoints []struct{ Line int } }
	c.ok("breakpointLocations", map[string]any{"source": map[string]any{"path": demoC}, "line": 68, "endLine": 75}, &bl)
	if len(bl.Breakpoints) == 0 || bl.Breakpoints[0].Line < 68 {
		t.Fatalf("breakpointLocations: %+v", bl)
	}
}

func TestBreakpointKinds(t *testing.T) {
	c := newClient(t)
	launchDemo(c, nil)
	c.configure()
	// A log point prints and does not stop; hit condition % 4 == 0 stops
	// at the 4th call of average.
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": demoC},
		"breakpoints": []map[string]any{{"line": 93, "logMessage": "step is {step}"}}}, nil)
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []map[string]any{{"name": "average", "hitCondition": "% 4 == 0"}}}, nil)
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "function breakpoint" {
		t.Fatalf("continue: %+v", st)
	}
	c.at("average", 79)
	if !c.sawConsole("step is 3") {
		t.Fatal("log point message missing")
	}
	var ev struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "s->count", "frameId": c.top().ID}, &ev)
	if ev.Result != "4" {
		t.Fatalf("at the 4th average: count %s", ev.Result)
	}
	// Instruction breakpoint on record's entry, reverse.
	var bps struct{ Breakpoints []struct{ Verified bool } }
	var rec struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "(unsigned)&record", "frameId": c.top().ID, "format": map[string]any{"hex": true}}, &rec)
	c.ok("setInstructionBreakpoints", map[string]any{"breakpoints": []map[string]any{{"instructionReference": rec.Result}}}, &bps)
	if len(bps.Breakpoints) != 1 || !bps.Breakpoints[0].Verified {
		t.Fatalf("setInstructionBreakpoints %s: %+v", rec.Result, bps)
	}
	c.ok("setFunctionBreakpoints", map[string]any{"breakpoints": []any{}}, nil)
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": demoC}, "breakpoints": []any{}}, nil)
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "instruction breakpoint" {
		t.Fatalf("reverseContinue to the instruction breakpoint: %+v", st)
	}
	if f := c.top(); f.Name != "record" {
		t.Fatalf("at %v", f)
	}
	// Restart the frame of main: back to main's entry.
	var st struct {
		StackFrames []struct {
			Id   int
			Name string
		}
	}
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	c.ok("restartFrame", map[string]any{"frameId": st.StackFrames[1].Id}, nil)
	if s := c.stopped(); s.Reason != "restart" {
		t.Fatalf("restartFrame: %+v", s)
	}
	if f := c.top(); f.Name != "main" {
		t.Fatalf("restartFrame landed in %v", f)
	}
	// Seek and the timeline.
	var tl struct {
		Start, End, Now uint64
		Stops           []struct{ Reason string }
		Output          []struct {
			Time uint64
			Text string
		}
	}
	c.ok("rewind/timeline", nil, &tl)
	if tl.End <= tl.Start || len(tl.Stops) == 0 || len(tl.Output) == 0 || !strings.HasPrefix(tl.Output[0].Text, "demo:") {
		t.Fatalf("timeline: %+v", tl)
	}
	var sk struct{ Time uint64 }
	c.ok("rewind/seek", map[string]any{"time": tl.Output[1].Time}, &sk)
	if s := c.stopped(); s.Reason != "goto" {
		t.Fatalf("seek: %+v", s)
	}
	if now := c.timeNow(); now != tl.Output[1].Time {
		t.Fatalf("after seek now = %d, want %d", now, tl.Output[1].Time)
	}
}

func TestExceptionFilter(t *testing.T) {
	c := newClient(t)
	fault, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "fault.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": fault}, nil)
	c.waitEvent("initialized", nil)
	c.ok("setExceptionBreakpoints", map[string]any{"filters": []string{"faults"}}, nil)
	if r := c.request("setExceptionBreakpoints", map[string]any{"filters": []string{"bogus"}}); r.Success {
		t.Fatal("an unknown filter was accepted")
	}
	c.ok("setExceptionBreakpoints", map[string]any{"filters": []string{"faults"}}, nil)
	c.ok("configurationDone", nil, nil)
	if st := c.stopped(); st.Reason != "exception" {
		t.Fatalf("stop: %+v", st)
	}
	var info struct {
		ExceptionId, Description string
		Details                  struct{ Message string }
	}
	c.ok("exceptionInfo", map[string]any{"threadId": 1}, &info)
	if info.ExceptionId != "load access fault" || !strings.Contains(info.Details.Message, "mtval=0x00050000") || !strings.Contains(info.Description, "main") {
		t.Fatalf("exceptionInfo: %+v", info)
	}
	c.ok("reverseContinue", map[string]any{"threadId": 1}, nil)
	c.stopped()
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "exception" {
		t.Fatalf("continue to the fault again: %+v", st)
	}
	c.ok("setExceptionBreakpoints", map[string]any{"filters": []string{}}, nil)
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "exit" {
		t.Fatalf("continue to the exit: %+v", st)
	}
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	var ex struct{ ExitCode int }
	c.waitEvent("exited", &ex)
	if ex.ExitCode != 3 {
		t.Fatalf("exit code %d", ex.ExitCode)
	}
	c.waitEvent("terminated", nil)
}

func TestBadMessages(t *testing.T) {
	c := newClient(t)
	c.sendRaw("this is not json")
	if m := c.next(); m.Type != "response" || m.Success || !strings.Contains(m.Message, "not valid JSON") {
		t.Fatalf("after garbage: %+v", m)
	}
	if r := c.request("frobnicate", nil); r.Success || !strings.Contains(r.Message, "unknown request") {
		t.Fatalf("unknown command: %+v", r)
	}
	if r := c.request("stackTrace", map[string]any{"threadId": 1}); r.Success {
		t.Fatalf("stackTrace before launch succeeded")
	}
	if r := c.request("setBreakpoints", "a string"); r.Success || !strings.Contains(r.Message, "bad arguments") {
		t.Fatalf("bad arguments: %+v", r)
	}
	launchDemo(c, nil)
	c.configure()
	bad := []struct {
		cmd  string
		args any
	}{
		{"stackTrace", map[string]any{"threadId": 9}},
		{"scopes", map[string]any{"frameId": 12345}},
		{"variables", map[string]any{"variablesReference": 999}},
		{"next", map[string]any{"threadId": -3}},
		{"readMemory", map[string]any{"memoryReference": "zzz", "count": 4}},
		{"disassemble", map[string]any{"memoryReference": "", "instructionCount": 4}},
		{"writeMemory", map[string]any{"memoryReference": "0x80000000", "data": "!!!"}},
		{"rewind/seek", map[string]any{}},
		{"exceptionInfo", map[string]any{"threadId": 1}},
		{"restartFrame", map[string]any{"frameId": 0}},
		{"setVariable", map[string]any{"variablesReference": 0, "name": "x", "value": "1"}},
	}
	for _, b := range bad {
		if r := c.request(b.cmd, b.args); r.Success {
			t.Errorf("%s %v succeeded", b.cmd, b.args)
		}
	}
	var ev struct {
		DataId      any
		Description string
	}
	c.ok("dataBreakpointInfo", map[string]any{"name": "$a0"}, &ev)
	if ev.DataId != nil {
		t.Errorf("dataBreakpointInfo on a register: %+v", ev)
	}
	// The session goes on.
	c.ok("next", map[string]any{"threadId": 1}, nil)
	c.stopped()
	b, _ := json.Marshal(c.top())
	if len(b) == 0 {
		t.Fatal("no frame")
	}
}

func TestPauseAndDisconnect(t *testing.T) {
	c := newClient(t)
	echo, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": echo}, nil)
	c.waitEvent("initialized", nil)
	c.ok("configurationDone", nil, nil)
	c.ok("pause", map[string]any{"threadId": 1}, nil) // echo polls the UART forever
	st := c.stopped()
	if st.Reason != "pause" {
		t.Fatalf("pause: %+v", st)
	}
	c.ok("restart", nil, nil)
	c.ok("restart", nil, nil) // while running
	c.ok("pause", map[string]any{"threadId": 1}, nil)
	if st := c.stopped(); st.Reason != "pause" {
		t.Fatalf("pause after restart: %+v", st)
	}
	if r := c.request("continue", map[string]any{"threadId": 1}); !r.Success {
		t.Fatal(r.Message)
	}
	if r := c.request("stackTrace", map[string]any{"threadId": 1}); r.Success {
		t.Fatal("stackTrace while running succeeded")
	}
	c.ok("terminate", nil, nil)
	c.waitEvent("terminated", nil)
	c.ok("disconnect", nil, nil)
	if err := <-c.done; err != nil {
		t.Fatal(err)
	}
}

// TestBreakpointWhileRunning sets a breakpoint while echo polls its UART:
// the run is suspended, the breakpoint applied, the run resumed, and it
// stops there.
func TestBreakpointWhileRunning(t *testing.T) {
	c := newClient(t)
	echo, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	echoC, _ := filepath.Abs(filepath.Join("..", "testdata", "firmware", "echo.c"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": echo}, nil)
	c.waitEvent("initialized", nil)
	c.ok("configurationDone", nil, nil)
	var bps struct{ Breakpoints []struct{ Verified bool } }
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": echoC},
		"breakpoints": []map[string]any{{"line": 72}}}, &bps)
	if len(bps.Breakpoints) != 1 || !bps.Breakpoints[0].Verified {
		t.Fatalf("setBreakpoints while running: %+v", bps)
	}
	if st := c.stopped(); st.Reason != "breakpoint" {
		t.Fatalf("stop: %+v", st)
	}
	if f := c.top(); f.Line != 72 {
		t.Fatalf("stopped at %v", f)
	}
}
