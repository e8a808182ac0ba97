package debugger

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkStepBack measures a reverse step over from the demo's failed
// check (line 103 back to the loop's last line).
func BenchmarkStepBack(b *testing.B) {
	s, _ := newDemo(b)
	toCheckFailed(b, s)
	t0 := s.Now()
	for b.Loop() {
		if st := s.StepBack(0, Statement); st.Reason != ReasonStep {
			b.Fatal(st)
		}
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}

// BenchmarkStepBackInstruction measures one instruction back.
func BenchmarkStepBackInstruction(b *testing.B) {
	s, _ := newDemo(b)
	toCheckFailed(b, s)
	t0 := s.Now()
	for b.Loop() {
		s.StepBack(0, ByInstruction)
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}

// BenchmarkReverseContinueData measures reverse-continue to a data
// breakpoint about 10^8 instructions back (gdbserver's longrun firmware:
// one write to marker, then a long loop touching no memory, then done()).
func BenchmarkReverseContinueData(b *testing.B) {
	path := filepath.Join("..", "gdbserver", "testdata", "longrun.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(elf, Options{Path: path})
	if err != nil {
		b.Fatal(err)
	}
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "done"}})
	if st := s.Continue(); st.Reason != ReasonFunction {
		b.Fatal(st)
	}
	s.SetFunctionBreakpoints(nil)
	end := s.Now()
	d, err := s.DataTargetOf(0, 0, "marker")
	if err != nil {
		b.Fatal(err)
	}
	s.SetDataBreakpoints([]DataSpec{{Name: "marker", Addr: d.Addr, Size: d.Size, Access: AccessWrite}})
	var back uint64
	for b.Loop() {
		st := s.ReverseContinue()
		if st.Reason != ReasonData || funcNow(s) != "main" {
			b.Fatal(st)
		}
		back = end - s.Now()
		b.StopTimer()
		s.Seek(end)
		b.StartTimer()
	}
	b.ReportMetric(float64(back), "steps-back")
}

// BenchmarkInspect measures what an IDE asks at each stop: the stack,
// the scopes of the top frame, its locals, one expanded struct and the
// registers (with nothing cached).
func BenchmarkInspect(b *testing.B) {
	s, _ := newDemo(b)
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "record"}})
	s.Continue()
	for b.Loop() {
		s.cache = frameCache{}
		if _, err := s.Frames(0); err != nil {
			b.Fatal(err)
		}
		ls, err := s.Locals(0, 0, fmtOpts)
		if err != nil {
			b.Fatal(err)
		}
		for _, l := range ls {
			if l.Children > 0 {
				s.Children(0, 0, l.Val, fmtOpts)
			}
		}
		s.Globals(0, 0, fmtOpts)
		s.Registers(0)
	}
}

// BenchmarkSetLineBreakpoints measures one SetLineBreakpoints call (a DAP
// setBreakpoints) of n lines, most past the end of the file, through the
// absolute path a client sends: the cost must grow linearly with n.
func BenchmarkSetLineBreakpoints(b *testing.B) {
	path, err := filepath.Abs(filepath.Join("..", "testdata", "firmware", "demo.c"))
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1_000, 10_000, 100_000} {
		specs := make([]LineSpec, n)
		for i := range specs {
			specs[i] = LineSpec{Line: 1 + i}
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			s, _ := newDemo(b)
			for b.Loop() {
				s.SetLineBreakpoints(path, specs)
				b.StopTimer()
				s.SetLineBreakpoints(path, nil)
				b.StartTimer()
			}
		})
	}
}
