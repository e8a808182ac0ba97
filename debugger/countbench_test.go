package debugger

import (
	"os"
	"path/filepath"
	"testing"
)

// newFirmware opens a session on a test firmware of testdata/firmware.
func newFirmware(t testing.TB, name string) *Session {
	t.Helper()
	return openSession(t, filepath.Join("..", "testdata", "firmware", name+".elf"))
}

// openSession opens a session on the ELF at path.
func openSession(t testing.TB, path string) *Session {
	t.Helper()
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

// runSteps runs a session forward n steps with nothing armed.
func runSteps(t testing.TB, s *Session, n uint64) {
	t.Helper()
	if st := s.runForward(s.Now() + n); st.Reason != ReasonStep {
		t.Fatalf("running %d steps: %v", n, st)
	}
}

// BenchmarkReverseStepi100000 measures `reverse-stepi 100000` on the
// bench firmware 10^6 steps into its run.
func BenchmarkReverseStepi100000(b *testing.B) {
	s := newFirmware(b, "bench")
	runSteps(b, s, 1_000_000)
	t0 := s.Now()
	for b.Loop() {
		st := s.StepBackCount(0, ByInstruction, 100_000)
		if st.Reason != ReasonStep || s.Now() != t0-100_000 {
			b.Fatalf("%v, now %d", st, s.Now())
		}
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}

// BenchmarkReverseNext10000 measures `reverse-next 10000` on the bench
// firmware 5*10^6 steps into its run (its kernels are loops of short
// lines).
func BenchmarkReverseNext10000(b *testing.B) {
	s := newFirmware(b, "bench")
	runSteps(b, s, 5_000_000)
	t0 := s.Now()
	for b.Loop() {
		if st := s.StepBackCount(0, Statement, reverseNextCount); st.Reason != ReasonStep {
			b.Fatal(st)
		}
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}

// reverseNextCount is the count of BenchmarkReverseNext10000.
var reverseNextCount uint64 = 10_000

// BenchmarkSeekBack100000 is `seek -100000` at the same place as
// BenchmarkReverseStepi100000, the cost that one should approach.
func BenchmarkSeekBack100000(b *testing.B) {
	s := newFirmware(b, "bench")
	runSteps(b, s, 1_000_000)
	t0 := s.Now()
	for b.Loop() {
		if st := s.Seek(t0 - 100_000); st.Reason != ReasonGoto {
			b.Fatal(st)
		}
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}

// BenchmarkNext10000 measures `next 10000` forward on the bench firmware
// from 5*10^6 steps into its run.
func BenchmarkNext10000(b *testing.B) {
	s := newFirmware(b, "bench")
	runSteps(b, s, 5_000_000)
	t0 := s.Now()
	for b.Loop() {
		if st := s.StepCount(0, Statement, false, 10_000); st.Reason != ReasonStep {
			b.Fatal(st)
		}
		b.StopTimer()
		s.Seek(t0)
		b.StartTimer()
	}
}
