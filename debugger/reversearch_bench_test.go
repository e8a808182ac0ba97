package debugger

import (
	"path/filepath"
	"testing"
)

// reverseArchCases are the same program (testdata/firmware/bench.c) built
// for both architectures, about 3*10^8 instructions each.
var reverseArchCases = []struct{ arch, elf string }{
	{"riscv", filepath.Join("..", "testdata", "firmware", "bench.elf")},
	{"cortex-m3", filepath.Join("..", "testdata", "arm", "bench", "bench.elf")},
}

// BenchmarkReverseArch measures the reverse commands side by side on
// RISC-V and Cortex-M, on the bench firmware run to its last report
// (bench.c:121): reverse-continue to an instruction breakpoint on main's
// entry and to a watchpoint on the word main's prologue saves its return
// address in (both hit once, at the start of the run), reverse-next from
// the last line, reverse-stepi 100000, one origin step for the last
// store into mat_c[23][23] and one for the register it stored, and a seek
// to a pseudo-random moment of the whole history.
//
//	go test ./debugger -run '^$' -bench ReverseArch -benchtime 5x
func BenchmarkReverseArch(b *testing.B) {
	for _, tc := range reverseArchCases {
		b.Run(tc.arch, func(b *testing.B) { reverseArch(b, tc.elf) })
	}
}

func reverseArch(b *testing.B, elf string) {
	s := openSession(b, elf)
	main, ok := s.Symbols().FunctionByName("main")
	if !ok {
		b.Fatal("no main")
	}
	s.SetInstructionBreakpoints([]InstructionSpec{{Addr: main.Low}})
	if st := s.Continue(); st.Reason != ReasonInstruction {
		b.Fatalf("to main: %v", st)
	}
	slot := s.spOf(0) - 4 // the prologue saves ra (sw ra, -4 from the entry sp) or lr (push {..., lr})
	s.SetInstructionBreakpoints(nil)
	s.SetLineBreakpoints("bench.c", []LineSpec{{Line: 121}})
	if st := s.Continue(); st.Reason != ReasonBreakpoint {
		b.Fatalf("to bench.c:121: %v", st)
	}
	s.SetLineBreakpoints("bench.c", nil)
	end := s.Now()
	again := func(b *testing.B, run func() uint64) {
		var back uint64
		for b.Loop() {
			back = run()
			b.StopTimer()
			s.Seek(end)
			b.StartTimer()
		}
		b.ReportMetric(float64(back), "steps-back")
	}
	b.Run("reverse-continue-break", func(b *testing.B) {
		s.SetInstructionBreakpoints([]InstructionSpec{{Addr: main.Low}})
		defer s.SetInstructionBreakpoints(nil)
		again(b, func() uint64 {
			if st := s.ReverseContinue(); st.Reason != ReasonInstruction {
				b.Fatal(st)
			}
			return end - s.Now()
		})
	})
	b.Run("reverse-continue-watch", func(b *testing.B) {
		s.SetDataBreakpoints([]DataSpec{{Name: "saved return address", Addr: slot, Size: 4, Access: AccessWrite}})
		defer s.SetDataBreakpoints(nil)
		again(b, func() uint64 {
			if st := s.ReverseContinue(); st.Reason != ReasonData || funcNow(s) != "main" {
				b.Fatal(st)
			}
			return end - s.Now()
		})
	})
	b.Run("reverse-next", func(b *testing.B) {
		again(b, func() uint64 {
			if st := s.StepBack(0, Statement); st.Reason != ReasonStep {
				b.Fatal(st)
			}
			return end - s.Now()
		})
	})
	b.Run("reverse-stepi-100000", func(b *testing.B) {
		again(b, func() uint64 {
			if st := s.StepBackCount(0, ByInstruction, 100_000); st.Reason != ReasonStep {
				b.Fatal(st)
			}
			return end - s.Now()
		})
	})
	b.Run("origin-memory", func(b *testing.B) {
		v, err := s.ValueOf(0, 0, "mat_c[23][23]")
		if err != nil {
			b.Fatal(err)
		}
		var n OriginNode
		for b.Loop() {
			if n, err = s.Origin(v); err != nil || n.Kind != OriginStored || len(n.Inputs) == 0 {
				b.Fatal(n, err)
			}
		}
		b.ReportMetric(float64(end-n.Time), "steps-back")
	})
	b.Run("origin-register", func(b *testing.B) {
		v, err := s.ValueOf(0, 0, "mat_c[23][23]")
		if err != nil {
			b.Fatal(err)
		}
		m, err := s.Origin(v)
		if err != nil {
			b.Fatal(err)
		}
		var n OriginNode
		for b.Loop() {
			if n, err = s.Origin(m.Inputs[0]); err != nil || n.Kind != OriginComputed {
				b.Fatal(n, err)
			}
		}
		b.ReportMetric(float64(end-n.Time), "steps-back")
	})
	b.Run("seek-random", func(b *testing.B) {
		x := uint64(12345)
		span := s.Span()
		for b.Loop() {
			x = x*6364136223846793005 + 1442695040888963407
			s.Seek(span.Start + x>>11%(span.End-span.Start))
		}
	})
}
