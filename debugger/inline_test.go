package debugger

import (
	"path/filepath"
	"testing"
)

// newProg opens testdata/symbols' program built with -Og.
func newProg(t testing.TB) *Session {
	return openSession(t, filepath.Join("..", "testdata", "symbols", "prog-Og.elf"))
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

// TestInlinedFrame stops inside span(), inlined into shape_area, and
// finds it as a frame of its own.
func TestInlinedFrame(t *testing.T) {
	s := newProg(t)
	fn, ok := s.Symbols().FunctionByName("shape_area")
	if !ok {
		t.Fatal("no shape_area")
	}
	var at uint32
	for pc := fn.Low; pc < fn.High && at == 0; pc += 2 {
		if loc, ok := s.Symbols().PCToLine(pc); ok && loc.Line >= 23 && loc.Line <= 26 && filepath.Base(loc.File.Name) == "shapes.c" {
			at = pc
		}
	}
	if at == 0 {
		t.Skip("span has no code of its own in this build")
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: at}})
	if st := s.Continue(); st.Reason != ReasonInstruction {
		t.Fatal(st)
	}
	fs, err := s.Frames(0)
	if err != nil || len(fs) < 3 || !fs[0].Inlined || fs[0].Name != "span" || fs[1].Name != "shape_area" {
		t.Fatalf("frames at %#x: %v %v", at, fs, err)
	}
	if _, err := s.Evaluate(0, 0, "d", fmtOpts); err != nil {
		t.Fatalf("d in span: %v", err)
	}
}
