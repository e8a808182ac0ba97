package debugger

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// BenchmarkReverseContinueCondition measures reverse-continue from the
// end of 10^8 instructions of histload's history (REWIND_BENCH_STEPS to
// change) to the timer interrupt handler's entry with the condition
// "ticks == 2", near the start: every segment that takes an interrupt is
// scanned and the condition evaluated at each entry; on one machine, then
// on as many as there are cores.
func BenchmarkReverseContinueCondition(b *testing.B) {
	n := uint64(100_000_000)
	if v, err := strconv.ParseFloat(os.Getenv("REWIND_BENCH_STEPS"), 64); err == nil && v > 0 {
		n = uint64(v)
	}
	s := histloadSession(b, n)
	end := s.Now()
	s.SetFunctionBreakpoints([]FunctionSpec{{Name: "trap_handler", Condition: Condition{Condition: "ticks == 2"}}})
	for _, scanners := range []int{1, 0} {
		name := "scanners=1"
		if scanners == 0 {
			name = "scanners=cores"
		}
		b.Run(name, func(b *testing.B) {
			s.tl.SetScanners(scanners)
			defer s.tl.SetScanners(0)
			var back uint64
			for b.Loop() {
				if st := s.ReverseContinue(); st.Reason != ReasonFunction {
					b.Fatal(fmt.Sprint(st.Reason), st.Description)
				}
				back = end - s.Now()
				b.StopTimer()
				s.Seek(end)
				b.StartTimer()
			}
			b.ReportMetric(float64(back), "steps-back")
		})
	}
}
