package debugger

import (
	"os"
	"runtime"
	"strconv"
	"testing"
)

// The spin firmware loops on one line (`for (;;) counter++;`): every turn
// is an instance of that line, forwards and backwards.
func TestStepsInOneLineLoop(t *testing.T) {
	s := newFirmware(t, "spin")
	runSteps(t, s, 1_000_000)
	line := lineNow(s)
	if line != 15 {
		t.Fatalf("spin is at line %d, want 15", line)
	}
	times := []uint64{}
	for range 3 {
		before := s.Now()
		st := s.StepBack(0, Statement)
		if st.Reason != ReasonStep || lineNow(s) != line || s.Now() >= before || before-s.Now() > 8 {
			t.Fatalf("reverse next from %d: %v at line %d, time %d", before, st, lineNow(s), s.Now())
		}
		times = append(times, s.Now())
	}
	// A forward step over retraces them.
	for i := len(times) - 2; i >= 0; i-- {
		if st := s.Next(0, Statement); st.Reason != ReasonStep || s.Now() != times[i] {
			t.Fatalf("next: %v at time %d, want %d", st, s.Now(), times[i])
		}
	}
	// Counted, and reverse stepi by count.
	if st := s.StepBackCount(0, Statement, 100); st.Reason != ReasonStep || s.Now() != times[0]-100*(times[0]-times[1]) {
		t.Fatalf("reverse-next 100: %v at %d", st, s.Now())
	}
	now := s.Now()
	if st := s.StepBackCount(0, ByInstruction, 1000); st.Reason != ReasonStep || s.Now() != now-1000 {
		t.Fatalf("reverse-stepi 1000: %v at %d, want %d", st, s.Now(), now-1000)
	}
	if st := s.StepCount(0, ByInstruction, false, 1000); st.Reason != ReasonStep || s.Now() != now {
		t.Fatalf("stepi 1000: %v at %d, want %d", st, s.Now(), now)
	}
}

// BenchmarkStepBackLongLoop steps back one line at the end of a long run
// of the one-line loop of the spin firmware (10^8 steps; REWIND_LOOP_STEPS
// sets another depth, e.g. 1e10), and reports the peak heap of the session.
func BenchmarkStepBackLongLoop(b *testing.B) {
	depth := uint64(1e8)
	if v := os.Getenv("REWIND_LOOP_STEPS"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			b.Fatal(err)
		}
		depth = uint64(f)
	}
	s := newFirmware(b, "spin")
	runSteps(b, s, depth)
	t0 := s.Now()
	var peak uint64
	var ms runtime.MemStats
	for b.Loop() {
		if st := s.StepBack(0, Statement); st.Reason != ReasonStep || lineNow(s) != 15 {
			b.Fatal(st)
		}
		b.StopTimer()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
		s.Seek(t0)
		b.StartTimer()
	}
	b.ReportMetric(float64(t0), "steps-deep")
	b.ReportMetric(float64(peak)/(1<<20), "heap-MiB")
	b.ReportMetric(float64(s.tl.Stats().Bytes+s.tl.Stats().CachedBytes)/(1<<20), "ckpt-MiB")
}

// A hit count counted backwards far back is one reverse search: the
// 5000th latest turn of the one-line loop.
func TestReverseHitCountFarBack(t *testing.T) {
	s := newFirmware(t, "spin")
	runSteps(t, s, 1_000_000)
	t0 := s.Now()
	loop := s.syms.StatementsIn(s.syms.FunctionsNamed("main")[0].Low, s.syms.FunctionsNamed("main")[0].High)
	pc := loop[len(loop)-1] // the loop's own statement (discriminator 1)
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: pc}})
	t1 := s.ReverseContinue().Time
	t2 := s.ReverseContinue().Time
	period := t1 - t2
	s.Seek(t0)
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: pc, Condition: Condition{HitCondition: "== 5000"}}})
	st := s.ReverseContinue()
	if st.Reason != ReasonInstruction || st.Time != t1-4999*period {
		t.Fatalf("the 5000th hit back: %v, want time %d (period %d)", st, t1-4999*period, period)
	}
}
