package debugger

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkReverseContinueDevice measures reverse-continue from the end
// of 10^8 instructions of history (REWIND_BENCH_STEPS to change) to the
// one write of the device register CLINT.mtimecmp, watched by name, at
// the start: checkpoint's shared.elf reads CLINT.mtime all the time, so
// only the segments' device-access summaries, which list the registers
// accessed, rule the other segments out.
func BenchmarkReverseContinueDevice(b *testing.B) {
	n := uint64(100_000_000)
	if v, err := strconv.ParseFloat(os.Getenv("REWIND_BENCH_STEPS"), 64); err == nil && v > 0 {
		n = uint64(v)
	}
	path := filepath.Join("..", "checkpoint", "testdata", "shared.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	s, err := New(elf, Options{Path: path})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.LoadSVD(""); err != nil { // the board's built-in virt.svd
		b.Fatal(err)
	}
	if st := s.StepCount(0, ByInstruction, false, n); st.Reason != ReasonStep {
		b.Fatalf("running %d steps: %v", n, st)
	}
	end := s.Now()
	dt, err := s.DataTargetOf(0, 0, "CLINT.mtimecmp")
	if err != nil {
		b.Fatal(err)
	}
	s.SetDataBreakpoints([]DataSpec{{Name: dt.Description, Addr: dt.Addr, Size: dt.Size, Access: AccessWrite}})
	for b.Loop() {
		st := s.ReverseContinue()
		if st.Reason != ReasonData || s.Now() > 100 {
			b.Fatalf("%v at %d", st, s.Now())
		}
		b.StopTimer()
		s.Seek(end)
		b.StartTimer()
	}
}
