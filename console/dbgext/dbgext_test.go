package dbgext

import (
	"os"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// demoSession starts a session on the demo firmware.
func demoSession(t *testing.T) *debugger.Session {
	t.Helper()
	elf, err := os.ReadFile("../../testdata/firmware/demo.elf")
	if err != nil {
		t.Fatal(err)
	}
	s, err := debugger.New(elf, debugger.Options{Path: "../../testdata/firmware/demo.elf"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// add sets a breakpoint at loc that must resolve.
func add(t *testing.T, s *debugger.Session, tb *Table, loc string, temp bool) *Entry {
	t.Helper()
	sp, err := CodeSpec(s, 0, 0, loc, "demo.c")
	if err != nil {
		t.Fatal(err)
	}
	sp.Temporary = temp
	e, err := tb.Add(sp)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestWalkThrough finds the demo's bug and its history.
func TestWalkThrough(t *testing.T) {
	s := demoSession(t)
	tb := NewTable(s)
	add(t, s, tb, "demo.c:102", false)
	if st := s.Continue(); st.Reason != debugger.ReasonBreakpoint {
		t.Fatalf("continue: %v", st)
	}
	w, err := WatchSpec(s, 0, 0, "sensor.calibration", vm.AccessWrite)
	if err != nil {
		t.Fatal(err)
	}
	we, err := tb.Add(w)
	if err != nil {
		t.Fatal(err)
	}
	end := s.Now()
	ch, more, err := Changes(s, 0, 0, "sensor.calibration", symbols.FormatOptions{}, nil)
	if err != nil || more || len(ch) != 2 || s.Now() != end {
		t.Fatalf("history: %+v %v %v, now %d (was %d)", ch, more, err, s.Now(), end)
	}
	if c := ch[1]; c.Function != "record" || c.Line != 70 || c.Old != "-15" || c.New != "211" {
		t.Fatalf("the clobbering write: %+v", c)
	}
	st := s.ReverseContinue()
	got := tb.Stopped(st)
	if st.Reason != debugger.ReasonData || len(got) != 1 || got[0].ID != we.ID || got[0].Hits != 1 {
		t.Fatalf("reverse-continue after history: %v %v", st, got)
	}
	if v, err := s.Evaluate(0, 0, "s->head", symbols.FormatOptions{}); err != nil || v.Value != "8" {
		t.Fatalf("s->head = %v, %v", v.Value, err)
	}
	if st.Time != ch[1].Time-1 {
		t.Fatalf("reverse-continue stopped at %d, the write is reported at %d", st.Time, ch[1].Time)
	}
}

// TestTable checks stable numbers across deletions and temporary
// breakpoints.
func TestTable(t *testing.T) {
	s := demoSession(t)
	tb := NewTable(s)
	a := add(t, s, tb, "70", false)
	b := add(t, s, tb, "demo.c:94", true)
	c := add(t, s, tb, "average", false)
	if a.ID != 1 || b.ID != 2 || c.ID != 3 {
		t.Fatalf("ids %d %d %d", a.ID, b.ID, c.ID)
	}
	st := s.Continue()
	hit := tb.Stopped(st)
	if len(hit) != 1 || hit[0].ID != 2 || tb.Get(2) != nil {
		t.Fatalf("temporary breakpoint: stop %v, hit %v, still there: %v", st, hit, tb.Get(2))
	}
	if err := tb.Delete(1); err != nil {
		t.Fatal(err)
	}
	if err := tb.Delete(1); err == nil {
		t.Fatal("deleting twice succeeded")
	}
	hit = tb.Stopped(s.Continue())
	if len(hit) != 1 || hit[0].ID != 3 {
		t.Fatalf("after deleting 1: %v", hit)
	}
	if _, err := tb.Add(Spec{Kind: debugger.KindLine, File: "demo.c", Line: 9999}); err == nil {
		t.Fatal("a line past the end was accepted")
	}
	if d := add(t, s, tb, "*0x80000172", false); d.ID != 4 {
		t.Fatalf("a refused breakpoint used a number: next is %d", d.ID)
	}
	tb.DeleteAll()
	if len(tb.List()) != 0 || len(s.Breakpoints()) != 0 {
		t.Fatalf("after DeleteAll: %v, session %v", tb.List(), s.Breakpoints())
	}
}

// TestNextInstruction steps over a call with nexti.
func TestNextInstruction(t *testing.T) {
	s := demoSession(t)
	tb := NewTable(s)
	add(t, s, tb, "demo.c:94", false)
	s.Continue()
	tb.DeleteAll()
	for range 20 {
		pc := s.Machine().Hart(0).PC()
		code, _ := s.ReadMemory(pc, 4)
		if call, n := isCall(code); call {
			st := NextInstruction(s, 0)
			if st.Reason != debugger.ReasonStep || st.PC != pc+n {
				t.Fatalf("nexti over the call at %#x: %v", pc, st)
			}
			return
		}
		NextInstruction(s, 0)
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
		{"demo.c:102", Location{Kind: debugger.KindLine, File: "demo.c", Line: 102}, false},
		{"C:/src/demo.c:7", Location{Kind: debugger.KindLine, File: "C:/src/demo.c", Line: 7}, false},
		{"42", Location{Kind: debugger.KindLine, Line: 42}, false},
		{"record", Location{Kind: debugger.KindFunction, Function: "record"}, false},
		{"*0x80000172", Location{Kind: debugger.KindInstruction, AddrExpr: "0x80000172"}, false},
		{"* &main", Location{Kind: debugger.KindInstruction, AddrExpr: "&main"}, false},
		{"", Location{}, true},
		{"*", Location{}, true},
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

func FuzzParseLocation(f *testing.F) {
	for _, s := range []string{"demo.c:102", "*0x10", "main", "12", "a:b:3", "*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLocation(s)
		if err == nil && l.Kind == debugger.KindLine && l.Line <= 0 {
			t.Fatalf("%q: line %d", s, l.Line)
		}
	})
}
