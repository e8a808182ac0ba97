package debugger

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/rewind-debugger/rewind/symbols"
)

// add sets a breakpoint at loc that must resolve.
func add(t *testing.T, s *Session, loc string, temp bool) *Breakpoint {
	t.Helper()
	sp, err := s.ResolveLocation(0, 0, loc, "demo.c")
	if err != nil {
		t.Fatal(err)
	}
	sp.Temporary = temp
	b, err := s.AddBreakpoint(sp)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTableStableIDs checks stable ids across deletions, temporary
// breakpoints and refused ones.
func TestTableStableIDs(t *testing.T) {
	s, _ := newDemo(t)
	a := add(t, s, "70", false)
	b := add(t, s, "demo.c:94", true)
	c := add(t, s, "average", false)
	if a.ID != 1 || b.ID != 2 || c.ID != 3 {
		t.Fatalf("ids %d %d %d", a.ID, b.ID, c.ID)
	}
	st := s.Continue()
	if len(st.Breakpoints) != 1 || st.Breakpoints[0].ID != 2 || !st.Breakpoints[0].Spec.Temporary || s.Breakpoint(2) != nil {
		t.Fatalf("temporary breakpoint: stop %v, hit %v, still there: %v", st, st.Breakpoints, s.Breakpoint(2))
	}
	if err := s.RemoveBreakpoint(1); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveBreakpoint(1); !errors.Is(err, ErrNoBreakpoint) {
		t.Fatalf("deleting twice: %v", err)
	}
	st = s.Continue()
	if len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != 3 || c.Stops != 1 {
		t.Fatalf("after deleting 1: %v (stops %d)", st, c.Stops)
	}
	if _, err := s.AddBreakpoint(BreakpointSpec{Kind: KindLine, File: "demo.c", Line: 9999}); err == nil {
		t.Fatal("a line past the end was accepted")
	}
	if d := add(t, s, "*0x80000172", false); d.ID != 4 {
		t.Fatalf("a refused breakpoint used a number: next is %d", d.ID)
	}
	s.RemoveAllBreakpoints()
	if len(s.Breakpoints()) != 0 {
		t.Fatalf("after RemoveAllBreakpoints: %v", s.Breakpoints())
	}
}

// TestAmendAndDisable changes a breakpoint in place.
func TestAmendAndDisable(t *testing.T) {
	s, _ := newDemo(t)
	b := add(t, s, "record", false)
	if _, err := s.AmendBreakpoint(b.ID, Condition{Condition: "raw > 1000"}); err != nil {
		t.Fatal(err)
	}
	late := add(t, s, "demo.c:102", false)
	if st := s.Continue(); len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != late.ID {
		t.Fatalf("the amended condition did not hold back record: %v", st)
	}
	s.Seek(0)
	if _, err := s.AmendBreakpoint(b.ID, Condition{HitCondition: "== 3"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AmendBreakpoint(b.ID, Condition{HitCondition: "=="}); err == nil {
		t.Fatal("a bad hit condition was accepted")
	}
	if err := s.EnableBreakpoint(b.ID, false); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != late.ID {
		t.Fatalf("a disabled breakpoint stopped: %v", st)
	}
	s.Seek(0)
	_ = s.EnableBreakpoint(b.ID, true)
	if st := s.Continue(); len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != b.ID || b.ID != 1 {
		t.Fatalf("enabled again: %v", st)
	}
}

// TestSetLineBreakpointsKeepsIDs: setting a file's breakpoints again keeps
// the ids of the lines still asked for (DAP sends the whole file).
func TestSetLineBreakpointsKeepsIDs(t *testing.T) {
	s, _ := newDemo(t)
	first := s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 70}, {Line: 94}})
	other := s.SetLineBreakpoints("other.c", []LineSpec{{Line: 1}})
	again := s.SetLineBreakpoints("demo.c", []LineSpec{{Line: 94, Condition: Condition{Condition: "step == 3"}}, {Line: 96}})
	if again[0].ID != first[1].ID || again[1].ID == first[0].ID || again[0].Condition != "step == 3" {
		t.Fatalf("ids %d %d then %d %d", first[0].ID, first[1].ID, again[0].ID, again[1].ID)
	}
	if s.Breakpoint(first[0].ID) != nil || s.Breakpoint(other[0].ID) == nil {
		t.Fatal("the dropped line stayed, or another file's breakpoint went")
	}
}

// TestWatchOldValue: a data stop's values are the memory just before and
// just after the write, also after a seek back (the console used to print
// a value remembered from the future).
func TestWatchOldValue(t *testing.T) {
	s, _ := newDemo(t)
	sp, err := s.WatchSpec(0, 0, "sensor.calibration", AccessWrite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddBreakpoint(sp); err != nil {
		t.Fatal(err)
	}
	val := func(b []byte) int32 { return int32(binary.LittleEndian.Uint32(b)) }
	check := func(what string, st Stop, before, after int32) {
		t.Helper()
		if st.Reason != ReasonData || st.Watch == nil || val(st.Watch.Before) != before || val(st.Watch.After) != after {
			t.Fatalf("%s: %v %+v, want %d -> %d", what, st, st.Watch, before, after)
		}
	}
	check("the start-up code clearing .bss", s.Continue(), 0, 0)
	if st := s.Continue(); st.Watch.Old != "0" || st.Watch.New != "-15" {
		t.Fatalf("formatted: %+v", st.Watch)
	}
	s.Seek(0)
	s.Continue()
	check("first write", s.Continue(), 0, -15)
	check("the clobbering write", s.Continue(), -15, 211)
	s.Seek(0)
	s.Continue()
	check("first write again after seek 0", s.Continue(), 0, -15)
	s.Seek(s.Span().End)
	check("reverse-continue", s.ReverseContinue(), -15, 211)
}

// TestValueHistory: the count is never capped, the list is.
func TestValueHistory(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	end := s.Now()
	h, err := s.ValueHistory(0, 0, "sensor.calibration", HistoryOptions{})
	if err != nil || h.Count != 2 || h.Truncated || len(h.Changes) != 2 || s.Now() != end {
		t.Fatalf("history: %+v %v, now %d (was %d)", h, err, s.Now(), end)
	}
	if c := h.Changes[1]; c.Function != "record" || c.Line != 70 || c.Old != "-15" || c.New != "211" {
		t.Fatalf("the clobbering write: %+v", c)
	}
	for _, last := range []bool{false, true} {
		c, err := s.ValueHistory(0, 0, "sensor.calibration", HistoryOptions{Limit: 1, Last: last})
		want := h.Changes[0]
		if last {
			want = h.Changes[1]
		}
		if err != nil || c.Count != 2 || !c.Truncated || len(c.Changes) != 1 || c.Changes[0] != want {
			t.Fatalf("capped history (last %v): %+v %v", last, c, err)
		}
	}
	if st := s.Continue(); st.Reason != ReasonExiting {
		t.Fatalf("after the history the breakpoints were not as before: %v", st)
	}
}

// TestNextInstructionStepsOver: Next by instruction runs a call through,
// StepIn by instruction enters it.
func TestNextInstructionStepsOver(t *testing.T) {
	s, _ := newDemo(t)
	add(t, s, "demo.c:94", false)
	s.Continue()
	s.RemoveAllBreakpoints()
	for range 20 {
		pc := s.PC(0)
		code, _ := s.ReadMemory(pc, 4)
		if call, n := isCall(code); call {
			t0 := s.Now()
			if st := s.StepIn(0, ByInstruction); st.PC == pc+n {
				t.Fatalf("stepi did not enter the call at %#x", pc)
			}
			s.Seek(t0)
			if st := s.Next(0, ByInstruction); st.Reason != ReasonStep || st.PC != pc+n {
				t.Fatalf("next by instruction over the call at %#x: %v", pc, st)
			}
			return
		}
		s.Next(0, ByInstruction)
	}
	t.Fatal("no call found after line 94")
}

func TestIsCall(t *testing.T) {
	tests := []struct {
		code []byte
		call bool
		n    uint32
	}{
		{[]byte{0xef, 0x00, 0x00, 0x00}, true, 4},  // jal ra, 0
		{[]byte{0xe7, 0x80, 0x00, 0x00}, true, 4},  // jalr ra, 0(ra)
		{[]byte{0x6f, 0x00, 0x00, 0x00}, false, 4}, // j 0
		{[]byte{0x67, 0x80, 0x00, 0x00}, false, 4}, // ret
		{[]byte{0x82, 0x90}, true, 2},              // c.jalr ra
		{[]byte{0x82, 0x80}, false, 2},             // c.jr ra (ret)
		{[]byte{0x01, 0x20}, true, 2},              // c.jal
		{[]byte{0x13}, false, 4},
		{nil, false, 4},
	}
	for _, tt := range tests {
		if c, n := isCall(tt.code); c != tt.call || n != tt.n {
			t.Errorf("isCall(% x) = %v, %d; want %v, %d", tt.code, c, n, tt.call, tt.n)
		}
	}
}

func TestParseLocation(t *testing.T) {
	tests := []struct {
		in   string
		want Location
		err  bool
	}{
		{"demo.c:102", Location{Kind: KindLine, File: "demo.c", Line: 102}, false},
		{"C:/src/demo.c:7", Location{Kind: KindLine, File: "C:/src/demo.c", Line: 7}, false},
		{"42", Location{Kind: KindLine, Line: 42}, false},
		{"+3", Location{Kind: KindLine, Offset: 3, Relative: true}, false},
		{"-2", Location{Kind: KindLine, Offset: -2, Relative: true}, false},
		{"record", Location{Kind: KindFunction, Function: "record"}, false},
		{"*0x80000172", Location{Kind: KindInstruction, AddrExpr: "0x80000172"}, false},
		{"* &main", Location{Kind: KindInstruction, AddrExpr: "&main"}, false},
		{"", Location{}, true},
		{"*", Location{}, true},
		{"+", Location{}, true},
		{"+-1", Location{}, true},
		{"demo.c:", Location{}, true},
		{":5", Location{}, true},
		{"0", Location{}, true},
		{"a b", Location{}, true},
	}
	for _, tt := range tests {
		got, err := ParseLocation(tt.in)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseLocation(%q) = %+v, %v", tt.in, got, err)
		}
	}
}

// TestResolveRelative resolves +N/-N against the selected frame's line.
func TestResolveRelative(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	for _, tt := range []struct {
		spec string
		line int
	}{{"+2", 105}, {"-3", 100}} {
		sp, err := s.ResolveLocation(0, 0, tt.spec, "")
		if err != nil || sp.Line != tt.line || sp.File == "" {
			t.Errorf("%s from line 103: %+v %v", tt.spec, sp, err)
		}
	}
	if _, err := s.ResolveLocation(0, 0, "-500", ""); err == nil {
		t.Error("a line before the file's start was accepted")
	}
}

func FuzzParseLocation(f *testing.F) {
	for _, s := range []string{"demo.c:102", "*0x10", "main", "12", "a:b:3", "*", "+4", "-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLocation(s)
		if err == nil && l.Kind == KindLine && !l.Relative && l.Line <= 0 {
			t.Fatalf("%q: line %d", s, l.Line)
		}
	})
}

// TestValueHistoryLong: 12000 changes are all counted though only the
// first (or last) DefaultHistoryLimit are listed.
func TestValueHistoryLong(t *testing.T) {
	s := openFirmware(t, "counter")
	if st := s.Continue(); st.Reason != ReasonExiting || st.ExitCode != 0 {
		t.Fatalf("counter: %v", st)
	}
	for _, last := range []bool{false, true} {
		h, err := s.ValueHistory(0, 0, "g_tx", HistoryOptions{Last: last})
		if err != nil || h.Count != 12000 || len(h.Changes) != DefaultHistoryLimit || !h.Truncated {
			t.Fatalf("history g_tx (last %v): count %d, listed %d, truncated %v, %v", last, h.Count, len(h.Changes), h.Truncated, err)
		}
		first, final := h.Changes[0].New, h.Changes[len(h.Changes)-1].New
		if !last && (first != "1" || final != "10000") || last && (first != "2001" || final != "12000") {
			t.Fatalf("history g_tx (last %v) lists %s to %s", last, first, final)
		}
	}
}

// isCall classifies code as nextInstruction does on RISC-V: whether it
// starts with a call, and the instruction's length (4 when unknown).
func isCall(code []byte) (bool, uint32) {
	f, err := symbols.RISCV32().InstructionSet().Flow(code, 0)
	if err != nil {
		return false, 4
	}
	return f.Kind == symbols.FlowCall, uint32(f.Len)
}
