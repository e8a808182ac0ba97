package debugger

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/vm"
)

func TestNewErrors(t *testing.T) {
	src, _ := os.ReadFile(filepath.Join("..", "testdata", "firmware", "demo.c"))
	host, _ := os.ReadFile("/bin/true")
	tests := []struct {
		name string
		elf  []byte
		want string
	}{
		{"empty", nil, "no firmware"},
		{"not ELF", src, "not an ELF"},
		{"host ELF", host, ""},
	}
	for _, tt := range tests {
		_, err := New(tt.elf, Options{Path: tt.name})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one with %q", tt.name, err, tt.want)
		}
	}
}

// TestReverseDataBreakpoint is the demo's story: the write that corrupts
// sensor.calibration is found by running backwards.
func TestReverseDataBreakpoint(t *testing.T) {
	s, out := newDemo(t)
	toCheckFailed(t, s)
	if !strings.Contains(string(*out), "reading 42.1 C") {
		t.Fatalf("output: %q", *out)
	}
	watchCalibration(t, s)
	st := s.ReverseContinue()
	if st.Reason != ReasonData || funcNow(s) != "record" || lineNow(s) != 70 {
		t.Fatalf("reverse continue: %v in %s:%d", st, funcNow(s), lineNow(s))
	}
	before, err := s.Evaluate(0, 0, "s->calibration", fmtOpts)
	if err != nil || before.Value != "-15" {
		t.Fatalf("before the write: %v %v", before.Value, err)
	}
	head, _ := s.Evaluate(0, 0, "s->head", fmtOpts)
	if head.Value != "8" {
		t.Fatalf("s->head = %s at the bad write, want 8", head.Value)
	}
	// One instruction forward performs the write.
	s.StepInstruction(0)
	after, _ := s.Evaluate(0, 0, "s->calibration", fmtOpts)
	if after.Value == "-15" {
		t.Fatal("the write did not happen")
	}
	// No earlier write after the initial assignment in main.
	st = s.ReverseContinue()
	if st.Reason != ReasonData || funcNow(s) != "record" {
		t.Fatalf("back again: %v in %s", st, funcNow(s))
	}
	st = s.ReverseContinue()
	if st.Reason != ReasonData || funcNow(s) != "main" || lineNow(s) != 89 {
		t.Fatalf("the initial assignment: %v in %s:%d", st, funcNow(s), lineNow(s))
	}
	// Before that, crt0 clears .bss; before that, nothing.
	if st = s.ReverseContinue(); st.Reason != ReasonData || lineNow(s) == 0 || funcNow(s) == "main" {
		t.Fatalf("clearing .bss: %v in %s", st, funcNow(s))
	}
	if st = s.ReverseContinue(); st.Reason != ReasonStartOfHistory {
		t.Fatalf("before the first write: %v", st)
	}
}

// step is one operation of a stepping table.
type step struct {
	op   string
	fn   string
	line int
}

func (s *Session) do(op string) Stop {
	switch op {
	case "next":
		return s.Next(0, Statement)
	case "in":
		return s.StepIn(0, Statement)
	case "out":
		return s.StepOut(0, Statement)
	case "back":
		return s.StepBack(0, Statement)
	case "rin":
		return s.ReverseStepIn(0)
	case "rout":
		return s.ReverseStepOut(0)
	case "stepi":
		return s.StepInstruction(0)
	case "backi":
		return s.StepBack(0, ByInstruction)
	case "cont":
		return s.Continue()
	case "rcont":
		return s.ReverseContinue()
	}
	panic("unknown op " + op)
}

func TestSteppingBothWays(t *testing.T) {
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "average", Condition: Condition{Condition: "s->count == 2"}}})
	if st := s.Continue(); st.Reason != ReasonFunction || lineNow(s) != 79 {
		t.Fatalf("continue: %v line %d", st, lineNow(s))
	}
	s.SetFunctionBreakpoints(nil)
	steps := []step{
		{"next", "average", 82}, // line 80 shares its address with 82
		{"next", "average", 83},
		{"next", "average", 82},
		{"back", "average", 83},
		{"back", "average", 82},
		{"back", "average", 79},
		{"back", "main", 98},
		{"back", "main", 97},
		{"next", "main", 98},
		{"in", "average", 79},
		{"out", "main", 98},
		{"rin", "average", 84},
		{"rout", "main", 98},
		{"back", "main", 97},
		{"rin", "put_tenths", 59},
		{"back", "put_tenths", 58},
		{"rout", "main", 96}, // put_tenths was called by line 96
	}
	for i, st := range steps {
		got := s.do(st.op)
		if got.Reason != ReasonStep || funcNow(s) != st.fn || lineNow(s) != st.line {
			t.Fatalf("step %d (%s): %v at %s:%d, want %s:%d", i, st.op, got, funcNow(s), lineNow(s), st.fn, st.line)
		}
	}
}

func TestInstructionSteps(t *testing.T) {
	s, _ := newDemo(t)
	t0 := s.Now()
	for range 5 {
		s.StepInstruction(0)
	}
	if s.Now() != t0+5 {
		t.Fatalf("5 steps: time %d", s.Now())
	}
	for range 5 {
		if st := s.StepBack(0, ByInstruction); st.Reason != ReasonStep {
			t.Fatal(st)
		}
	}
	if st := s.StepBack(0, ByInstruction); st.Reason != ReasonStartOfHistory || !strings.Contains(st.Description, "start of history") {
		t.Fatalf("at the start: %v", st)
	}
	if st := s.StepBack(0, Statement); st.Reason != ReasonStartOfHistory {
		t.Fatalf("statement step back at the start: %v", st)
	}
}

func TestHitCountsBothWays(t *testing.T) {
	tests := []struct {
		name    string
		spec    LineSpec
		reverse bool
		want    string // value of step at the stop
	}{
		{"forward == 7", LineSpec{Line: 93, Condition: Condition{HitCondition: "== 7"}}, false, "6"},
		{"forward >= 3 and condition", LineSpec{Line: 93, Condition: Condition{Condition: "step > 4", HitCondition: ">= 3"}}, false, "7"},
		{"forward plain 5", LineSpec{Line: 93, Condition: Condition{HitCondition: "5"}}, false, "4"},
		{"reverse first", LineSpec{Line: 93}, true, "11"},
		{"reverse == 2", LineSpec{Line: 93, Condition: Condition{HitCondition: "== 2"}}, true, "10"},
		{"reverse % 3", LineSpec{Line: 93, Condition: Condition{HitCondition: "% 3 == 0"}}, true, "9"},
		{"reverse condition", LineSpec{Line: 93, Condition: Condition{Condition: "step == 2"}}, true, "2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newDemo(t)
			if tt.reverse {
				toCheckFailed(t, s)
			}
			s.SetLineBreakpoints("demo.c", []LineSpec{tt.spec})
			var st Stop
			if tt.reverse {
				st = s.ReverseContinue()
			} else {
				st = s.Continue()
			}
			if st.Reason != ReasonBreakpoint || lineNow(s) != 93 {
				t.Fatalf("stop %v at line %d", st, lineNow(s))
			}
			v, err := s.Evaluate(0, 0, "step", fmtOpts)
			if err != nil || v.Value != tt.want {
				t.Fatalf("step = %s (%v), want %s", v.Value, err, tt.want)
			}
		})
	}
}

func TestLogPointAndConditionError(t *testing.T) {
	elf, _ := os.ReadFile(demoPath)
	var logs []string
	s, err := New(elf, Options{Path: demoPath, Log: func(text string, _ uint64) { logs = append(logs, text) }})
	if err != nil {
		t.Fatal(err)
	}
	s.SetLineBreakpoints("demo.c", []LineSpec{
		{Line: 93, Condition: Condition{LogMessage: "step {step}"}},
		{Line: 102, Condition: Condition{Condition: "nosuch > 1"}},
	})
	st := s.Continue()
	if st.Reason != ReasonBreakpoint || lineNow(s) != 102 || !strings.Contains(st.Description, "condition error") {
		t.Fatalf("stop: %v at %d", st, lineNow(s))
	}
	if len(logs) != 12 || logs[11] != "step 11\n" {
		t.Fatalf("log points: %q", logs)
	}
}

func TestRunToAndSeek(t *testing.T) {
	s, _ := newDemo(t)
	addrs, err := s.LineAddrs("demo.c", 99)
	if err != nil {
		t.Fatal(err)
	}
	if st := s.RunTo(addrs, false); lineNow(s) != 99 || st.Reason != ReasonStep {
		t.Fatalf("run to 99: %v line %d", st, lineNow(s))
	}
	first := s.Now()
	s.RunTo(addrs, false)
	second := s.Now()
	if second <= first || lineNow(s) != 99 {
		t.Fatal("second run to 99")
	}
	if st := s.RunTo(addrs, true); s.Now() != first || st.Reason != ReasonStep {
		t.Fatalf("run back to 99: %v time %d want %d", st, s.Now(), first)
	}
	if st := s.Seek(second); s.Now() != second || st.Reason != ReasonGoto {
		t.Fatalf("seek: %v", st)
	}
	s.Seek(1 << 60)
	if s.Now() != s.tl.End() {
		t.Fatalf("seek past the end: %d", s.Now())
	}
	h := s.History()
	if h.Now != s.Now() || len(h.Stops) < 4 || len(h.Output) == 0 {
		t.Fatalf("history: %+v", h)
	}
	if len(h.Checkpoints) == 0 || h.Checkpoints[0] != h.Start {
		t.Fatalf("history checkpoints %v: want the start of history first", h.Checkpoints)
	}
}

func TestRestartFrame(t *testing.T) {
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "put_char", Condition: Condition{Condition: "c == 'C'"}}})
	s.Continue()
	s.SetFunctionBreakpoints(nil)
	fs, _ := s.Frames(0)
	if len(fs) < 3 || fs[1].Name != "put_str" {
		t.Fatalf("stack: %v", fs)
	}
	want, _ := s.Evaluate(0, 1, "s", fmtOpts)
	st := s.RestartFrame(0, 1)
	if st.Reason != ReasonRestart || funcNow(s) != "put_str" {
		t.Fatalf("restart frame: %v in %s", st, funcNow(s))
	}
	if got, _ := s.Evaluate(0, 0, "s", fmtOpts); got.Value != want.Value && !strings.Contains(got.Value, "C") {
		t.Fatalf("s at the restart: %s (was %s)", got.Value, want.Value)
	}
}

func TestTrapsAndExit(t *testing.T) {
	elf, _ := os.ReadFile(filepath.Join("..", "testdata", "firmware", "fault.elf"))
	s, err := New(elf, Options{Path: "fault.elf"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetExceptionFilters([]string{FilterIllegal}); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonExiting || st.ExitCode != 3 {
		t.Fatalf("with the illegal filter only: %v", st)
	}
	if st := s.Continue(); st.Reason != ReasonExited || st.ExitCode != 3 {
		t.Fatalf("continue at the exit: %v", st)
	}
	s.SetExceptionFilters([]string{FilterAllFaults})
	st := s.ReverseContinue()
	if st.Reason != ReasonException || st.Trap == nil || st.Trap.Cause != 5 || st.Trap.Tval != 0x50000 || st.Trap.Function != "main" {
		t.Fatalf("reverse to the fault: %+v %+v", st, st.Trap)
	}
	if st := s.Continue(); st.Reason != ReasonException {
		t.Fatalf("forward to the fault: %v", st)
	}
	if err := s.SetExceptionFilters([]string{"nope"}); err == nil {
		t.Fatal("unknown filter accepted")
	}
}

func TestPauseLongRun(t *testing.T) {
	elf, _ := os.ReadFile(filepath.Join("..", "testdata", "firmware", "echo.elf"))
	s, err := New(elf, Options{Path: "echo.elf"})
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		s.Pause()
	}()
	if st := s.Continue(); st.Reason != ReasonPause {
		t.Fatalf("continue on echo: %v", st)
	}
	if st := s.StepInstruction(0); st.Reason != ReasonStep {
		t.Fatalf("the pause was not consumed: %v", st)
	}
}

func TestRecordingReplay(t *testing.T) {
	s, out := newDemo(t)
	if st := s.Continue(); st.Reason != ReasonExiting || st.ExitCode != 1 {
		t.Fatalf("demo: %v", st)
	}
	if st := s.Continue(); st.Reason != ReasonExited || st.ExitCode != 1 {
		t.Fatalf("demo at its exit: %v", st)
	}
	rec := s.Recording()
	elf, _ := os.ReadFile(demoPath)
	var replayed []byte
	r, err := New(elf, Options{Path: demoPath, Recording: rec, Output: func(b byte, _ uint64) { replayed = append(replayed, b) }})
	if err != nil {
		t.Fatal(err)
	}
	if st := r.Continue(); st.Reason != ReasonExiting || st.ExitCode != 1 || string(replayed) != string(*out) {
		t.Fatalf("replay: %v output %q", st, replayed)
	}
	other, _ := os.ReadFile(filepath.Join("..", "testdata", "firmware", "hello.elf"))
	if _, err := New(other, Options{Recording: rec}); err == nil {
		t.Fatal("a recording of another firmware was accepted")
	}
}

func TestViews(t *testing.T) {
	s, _ := newDemo(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "record"}})
	s.Continue()
	regs, err := s.Registers(0)
	if err != nil || len(regs) < 40 || regs[2].Name != "sp" || regs[32].Name != "pc" {
		t.Fatalf("registers: %v %v", regs, err)
	}
	for _, n := range []string{"a0", "x10", "pc", "mcause"} {
		if _, ok := s.RegisterByName(n); !ok {
			t.Errorf("RegisterByName(%s)", n)
		}
	}
	locals, err := s.Locals(0, 0, fmtOpts)
	if err != nil || len(locals) == 0 {
		t.Fatalf("locals: %v %v", locals, err)
	}
	globals, _ := s.Globals(0, 0, fmtOpts)
	found := false
	for _, g := range globals {
		found = found || g.Name == "sensor"
	}
	if !found {
		t.Fatalf("globals: %v", globals)
	}
	data, bad := s.ReadMemory(0x7ffffffc, 8)
	if len(data) != 0 || bad != 8 {
		t.Fatalf("read below RAM: %d readable, %d not", len(data), bad)
	}
	data, bad = s.ReadMemory(s.m.Hart(0).PC(), 64)
	if len(data) != 64 || bad != 0 {
		t.Fatalf("read code: %d %d", len(data), bad)
	}
	ins := s.Disassemble(s.m.Hart(0).PC(), -3, 8)
	if len(ins) != 8 || ins[3].Addr != s.m.Hart(0).PC() || ins[3].Loc.Line != 70 {
		t.Fatalf("disassembly: %+v", ins)
	}
	d, err := s.DataTargetOf(0, 0, "s->head")
	if err != nil || d.Size != 4 {
		t.Fatalf("data target: %+v %v", d, err)
	}
	if _, err := s.DataTargetOf(0, 0, "raw + 1"); err == nil {
		t.Fatal("a computed value can be watched")
	}
	if a, n, err := ParseDataID(DataID(0x80001000, 4)); err != nil || a != 0x80001000 || n != 4 {
		t.Fatal("data id round trip")
	}
	_ = vm.AccessRead
}

func TestDisassembleBounds(t *testing.T) {
	s, _ := newDemo(t)
	pc := s.m.Hart(0).PC()
	tests := []struct {
		addr          uint32
		offset, count int
		want          int
	}{
		{pc, 0, 4, 4},
		{pc, 1 << 30, 2, 2},
		{pc, -(1 << 30), 2, 2},
		{0, -5, 3, 3},
		{0xfffffffe, 0, 4, 4},
		{pc, 0, -1, 0},
		{pc, 0, 1 << 30, maxDisassemble},
	}
	for _, tt := range tests {
		if got := s.Disassemble(tt.addr, tt.offset, tt.count); len(got) != tt.want {
			t.Errorf("Disassemble(%#x, %d, %d): %d instructions, want %d", tt.addr, tt.offset, tt.count, len(got), tt.want)
		}
	}
}

// TestPausedStepBackStaysPut pauses a reverse step before it starts: it
// reports the pause and leaves the position unchanged.
func TestPausedStepBackStaysPut(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	now := s.Now()
	for _, op := range []string{"back", "rin", "rout", "rcont"} {
		s.Pause()
		st := s.do(op)
		refused := op == "rout" && errors.Is(st.Err, ErrOutermostFrame) // main is outermost
		if (st.Reason != ReasonPause && !refused) || s.Now() != now {
			t.Fatalf("%s paused: %v, time %d want %d", op, st, s.Now(), now)
		}
	}
	if st := s.do("back"); st.Reason != ReasonStep {
		t.Fatalf("after the pauses: %v", st)
	}
}
