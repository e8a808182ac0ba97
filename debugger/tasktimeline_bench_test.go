package debugger

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// BenchmarkTaskTimelineLong records the test kernel's 33400-round variant
// (testdata/rtos/rtos_long.elf, about 10^9 instructions) once and
// measures the task timeline over its whole history; with
// REWIND_BENCH_STEPS (e.g. 100000000) over that many first steps only.
//
//	go test ./debugger -run '^$' -bench TaskTimelineLong -benchtime 1x
func BenchmarkTaskTimelineLong(b *testing.B) {
	s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "rtos", "rtos_long.elf")}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	rec := time.Now()
	if n, err := strconv.ParseUint(os.Getenv("REWIND_BENCH_STEPS"), 10, 64); err == nil && n > 0 {
		if st := s.StepCount(0, ByInstruction, false, n); st.Reason != ReasonStep {
			b.Fatalf("running %d steps: %v", n, st)
		}
	} else if st := s.Continue(); st.Reason != ReasonExited && st.Reason != ReasonExiting {
		b.Fatalf("the kernel did not exit: %v %s", st.Reason, st.Description)
	}
	b.Logf("recorded %d steps in %v", s.Span().End, time.Since(rec))
	b.ResetTimer()
	cpu := cpuTime()
	var n int
	for range b.N {
		tl, err := s.TaskTimeline(0, 0, 1<<30)
		if err != nil {
			b.Fatal(err)
		}
		n = len(tl.Intervals)
	}
	b.ReportMetric((cpuTime()-cpu)/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(n), "intervals")
	b.ReportMetric(float64(s.Span().End), "steps")
}
