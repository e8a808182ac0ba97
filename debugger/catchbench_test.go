package debugger

import (
	"os"
	"strconv"
	"testing"
)

// BenchmarkCatchReverse times a reverse-continue from the end of 10^8
// instructions of histload's history (REWIND_BENCH_STEPS to change) with a
// catchpoint: on the timer interrupt (the latest is near) and on illegal
// instructions (none: the whole history is searched, the case per-segment
// trap summaries cut).
func BenchmarkCatchReverse(b *testing.B) {
	n := uint64(100_000_000)
	if v, err := strconv.ParseUint(os.Getenv("REWIND_BENCH_STEPS"), 10, 64); err == nil && v > 0 {
		n = v
	}
	s := histloadSession(b, n)
	end := s.Now()
	for _, c := range []struct {
		name   string
		kind   EventKind
		causes string
		want   Reason
	}{
		{"interrupt", EventInterrupt, "timer", ReasonException},
		{"none", EventException, "illegal-instruction", ReasonStartOfHistory},
	} {
		b.Run(c.name, func(b *testing.B) {
			bp, err := s.AddCatchpoint(c.kind, c.causes, Condition{})
			if err != nil {
				b.Fatal(err)
			}
			defer s.RemoveBreakpoint(bp.ID)
			for b.Loop() {
				b.StopTimer()
				s.Seek(end)
				b.StartTimer()
				if st := s.ReverseContinue(); st.Reason != c.want {
					b.Fatalf("reverse-continue: %v", st)
				}
			}
		})
	}
}
