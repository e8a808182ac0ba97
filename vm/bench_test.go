package vm

import (
	"os"
	"syscall"
	"testing"
)

// computeProg is a hot loop of ALU work, loads, stores and branches that
// never ends.
func computeProg() []uint32 {
	const data = ramBase + 0x10000
	return prog(
		li(5, data), li(6, 0), li(10, 12345),
		// loop:
		slli(11, 10, 5), xor(10, 10, 11), srli(11, 10, 7), xor(10, 10, 11),
		andi(12, 10, 0xfc), add(12, 12, 5), lw(13, 12, 0), add(13, 13, 10), sw(13, 12, 0),
		mul(14, 13, 10), addi(6, 6, 1), bne(6, 0, -44),
		jal(0, 0),
	)
}

func BenchmarkCompute(b *testing.B) {
	m := newTestMachine(b, Config{}, computeProg())
	const chunk = 10_000_000
	cpu := cpuSeconds()
	for b.Loop() {
		m.Run(m.Time() + chunk)
	}
	b.ReportMetric(float64(b.N)*chunk/b.Elapsed().Seconds(), "inst/s")
	b.ReportMetric(float64(b.N)*chunk/(cpuSeconds()-cpu), "inst/cpu-s")
}

func BenchmarkFirmware(b *testing.B) {
	elf, err := os.ReadFile("../testdata/firmware/bench.elf")
	if err != nil {
		b.Skip("bench.elf not built")
	}
	var steps uint64
	cpu := cpuSeconds()
	for b.Loop() {
		m, err := NewVirt(Config{FatalTraps: true})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.LoadELF(elf); err != nil {
			b.Fatal(err)
		}
		s := m.Run(20_000_000_000)
		if s.Reason != StopExit {
			b.Fatalf("bench.elf stopped: %v at %#x cause %d", s.Reason, s.PC, s.Cause)
		}
		steps += s.Time
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "inst/s")
	b.ReportMetric(float64(steps)/(cpuSeconds()-cpu), "inst/cpu-s")
	b.ReportMetric(float64(steps)/float64(b.N), "inst/op")
}

// cpuSeconds is the process's user+system CPU time, so that speed can be
// reported per CPU second on a machine shared with other work.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

// BenchmarkSnapshotRestore measures a checkpoint cycle on a running
// machine: run 100k steps, snapshot, restore the previous snapshot.
func BenchmarkSnapshotRestore(b *testing.B) {
	m := newTestMachine(b, Config{}, workProg())
	m.Run(100_000)
	prev := m.Snapshot()
	for b.Loop() {
		m.Run(m.Time() + 100_000)
		s := m.Snapshot()
		if err := m.Restore(prev); err != nil {
			b.Fatal(err)
		}
		prev = s
	}
}

// BenchmarkMMIOPoll runs a loop that polls the UART line status and mtime,
// as firmware waiting for input or for a deadline does.
func BenchmarkMMIOPoll(b *testing.B) {
	m := newTestMachine(b, Config{}, prog(
		li(5, uartBase), li(6, mtimeAddr),
		lbu(7, 5, 5), andi(7, 7, 1), bne(7, 0, 12), lw(8, 6, 0), jal(0, -16),
		jal(0, 0),
	))
	const chunk = 1_000_000
	cpu := cpuSeconds()
	for b.Loop() {
		m.Run(m.Time() + chunk)
	}
	b.ReportMetric(float64(b.N)*chunk/b.Elapsed().Seconds(), "inst/s")
	b.ReportMetric(float64(b.N)*chunk/(cpuSeconds()-cpu), "inst/cpu-s")
}
