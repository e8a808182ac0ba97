package debugger

import (
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/symbols"
)

// TestPrintValueHistory covers gdb's value history, convenience variables
// and artificial arrays at the demo's failed check.
func TestPrintValueHistory(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	opts := symbols.FormatOptions{}
	steps := []struct {
		expr, want string
		num        int
	}{
		{"sensor.calibration", "211", 1},
		{"sensor.head", "3", 2},
		{"$1 + $2 + 1", "215", 3},
		{"$", "215", 4},
		{"$$3", "211", 5},
		{"$$", "215", 6},
		{"sensor.ring[0]@3", "{218, 214, 210}", 7},
		{"$7", "{218, 214, 210}", 8},
		{"$cal = sensor.calibration * 2", "422", 9},
		{"$cal - 22", "400", 10},
		{"$unset", "void", 11},
		{"$pc == $pc", "1", 12},
		{"\"$1\"", `"$1"`, 13},
	}
	for _, st := range steps {
		p, err := s.PrintValue(0, 0, st.expr, opts)
		if err != nil {
			t.Fatalf("%s: %v", st.expr, err)
		}
		if p.Value != st.want || p.Number != st.num {
			t.Errorf("%s = $%d %s, want $%d %s", st.expr, p.Number, p.Value, st.num, st.want)
		}
	}
	if got := s.Convenience("cal"); got != "422" {
		t.Errorf("$cal is %s", got)
	}
	for _, bad := range []struct{ expr, err string }{
		{"$99", "history has not yet reached $99"},
		{"sensor.head@0", "the length after '@'"},
		{"(1+2)@2", "only values in memory"},
	} {
		if _, err := s.EvalGDB(0, 0, bad.expr, opts); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("%s: error %v, want %q", bad.expr, err, bad.err)
		}
	}
}

// TestScalarHistoryIsASnapshot: a printed scalar keeps its value when
// the session moves in time.
func TestScalarHistoryIsASnapshot(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	if _, err := s.PrintValue(0, 0, "sensor.count", symbols.FormatOptions{}); err != nil {
		t.Fatal(err)
	}
	s.Seek(0)
	v, err := s.EvalGDB(0, 0, "$1 * 1", symbols.FormatOptions{})
	if err != nil || v.Value != "12" {
		t.Fatalf("$1 after seeking to 0: %v %v, want 12", v.Value, err)
	}
}

// TestBookmarks names times and refuses a bookmark the fork discarded.
func TestBookmarks(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	end := s.Now()
	if _, err := s.SetBookmark("check"); err != nil {
		t.Fatal(err)
	}
	s.Seek(100)
	if _, err := s.SetBookmark("early"); err != nil {
		t.Fatal(err)
	}
	if l := s.Bookmarks(); len(l) != 2 || l[0].Name != "early" || l[1].Time != end {
		t.Fatalf("bookmarks %v", l)
	}
	if tm, err := s.BookmarkTime("check"); err != nil || tm != end {
		t.Fatalf("check at %d %v, want %d", tm, err, end)
	}
	if err := s.WriteMemory(0x80001024, []byte{1, 0, 0, 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.BookmarkTime("check"); err == nil || !strings.Contains(err.Error(), "discarded") {
		t.Errorf("a bookmark past a fork: %v", err)
	}
	if err := s.DeleteBookmark("nope"); err == nil {
		t.Error("deleted a bookmark that does not exist")
	}
	if _, err := s.SetBookmark(""); err == nil {
		t.Error("an empty bookmark name was accepted")
	}
}

// TestIgnoreBreakpoint passes the next N hits after now, counted from the
// start of history.
func TestIgnoreBreakpoint(t *testing.T) {
	s, _ := newDemo(t)
	sp, err := s.ResolveLocation(0, 0, "record", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.AddBreakpoint(sp)
	if err != nil {
		t.Fatal(err)
	}
	s.Continue()
	count := func() string {
		v, err := s.Evaluate(0, 0, "s->count", symbols.FormatOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return v.Value
	}
	if c := count(); c != "0" {
		t.Fatalf("first hit at count %s", c)
	}
	if err := s.IgnoreBreakpoint(b.ID, 3); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonFunction || count() != "4" {
		t.Fatalf("after ignore 3: %v at count %s, want 4", st.Reason, count())
	}
	if err := s.IgnoreBreakpoint(b.ID, 0); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonFunction || count() != "5" {
		t.Fatalf("after ignore 0: %v at count %s, want 5", st.Reason, count())
	}
	if err := s.IgnoreBreakpoint(99, 1); err == nil {
		t.Error("ignored a breakpoint that does not exist")
	}
}

// TestPlace resolves a location without using a breakpoint id.
func TestPlace(t *testing.T) {
	s, _ := newDemo(t)
	sp, err := s.ResolveLocation(0, 0, "demo.c:94", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Place(sp)
	if err != nil || len(p.Addrs) == 0 || p.Line != 94 || p.ID != 0 {
		t.Fatalf("Place: %+v %v", p, err)
	}
	b, err := s.AddBreakpoint(sp)
	if err != nil || b.ID != 1 {
		t.Fatalf("the first breakpoint after Place has id %d (%v), want 1", b.ID, err)
	}
	if _, err := s.Place(BreakpointSpec{Kind: KindFunction, Function: "nowhere"}); err == nil {
		t.Error("placed a function that does not exist")
	}
}
