package debugger

import (
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkTaskTimelineLong records the test kernel's 33400-round variant
// (testdata/rtos/rtos_long.elf, about 10^9 instructions) once and
// measures the task timeline over its whole history.
//
//	go test ./debugger -run '^$' -bench TaskTimelineLong -benchtime 1x
func BenchmarkTaskTimelineLong(b *testing.B) {
	s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "rtos", "rtos_long.elf")}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	rec := time.Now()
	if st := s.Continue(); st.Reason != ReasonExited {
		b.Fatalf("the kernel did not exit: %v %s", st.Reason, st.Description)
	}
	b.Logf("recorded %d steps in %v", s.Span().End, time.Since(rec))
	b.ResetTimer()
	var n int
	for range b.N {
		tl, err := s.TaskTimeline(0, 0, 1<<30)
		if err != nil {
			b.Fatal(err)
		}
		n = len(tl.Intervals)
	}
	b.ReportMetric(float64(n), "intervals")
	b.ReportMetric(float64(s.Span().End), "steps")
}
