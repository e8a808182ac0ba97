package debugger

import (
	"os"
	"path/filepath"
	"testing"
)

// newProg opens testdata/symbols' program built with -Og.
func newProg(t testing.TB) *Session {
	path := filepath.Join("..", "testdata", "symbols", "prog-Og.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(elf, Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestRecursion steps both ways in factorial's recursion: frames are told
// apart by their CFA.
func TestRecursion(t *testing.T) {
	s := newProg(t)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "factorial", Condition: Condition{Condition: "n == 1"}}})
	if st := s.Continue(); st.Reason != ReasonFunction {
		t.Fatal(st)
	}
	s.SetFunctionBreakpoints(nil)
	n := func() string { v, _ := s.Evaluate(0, 0, "n", fmtOpts); return v.Value }
	steps := []struct {
		op, fn string
		line   int
		n      string
	}{
		{"next", "factorial", 26, "2"}, // the base case returns at once
		{"next", "factorial", 26, "3"},
		{"out", "factorial", 26, "4"},
		{"rout", "factorial", 25, "5"}, // the call of the n=4 activation
		{"back", "factorial", 23, "5"},
		{"back", "main", 103, ""},
		{"back", "main", 102, ""},
		{"rin", "build_list", 38, ""},
	}
	for i, st := range steps {
		s.do(st.op)
		got := ""
		if funcNow(s) == "factorial" {
			got = n()
		}
		if funcNow(s) != st.fn || lineNow(s) != st.line || got != st.n {
			t.Fatalf("step %d (%s): %s:%d n=%s, want %s:%d n=%s", i, st.op, funcNow(s), lineNow(s), got, st.fn, st.line, st.n)
		}
	}
}
