package vm

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// armBenchELF is testdata/firmware/bench.c built for Cortex-M3.
var armBenchELF = filepath.Join("..", "testdata", "arm", "bench", "bench.elf")

// BenchmarkARMFirmware runs the bench program on mps2-an385; compare its
// inst/s with BenchmarkFirmware (the same program on RISC-V).
func BenchmarkARMFirmware(b *testing.B) {
	data, err := os.ReadFile(armBenchELF)
	if err != nil {
		b.Skip("arm bench.elf not built")
	}
	board, _ := MPS2Board("mps2-an385")
	var steps uint64
	cpu := cpuSeconds()
	for b.Loop() {
		m, err := NewMachine(board, Config{FatalTraps: true})
		if err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
		if _, err := m.LoadELF(data); err != nil {
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

// TestARMBench runs the bench program and compares its output with QEMU's.
func TestARMBench(t *testing.T) {
	if testing.Short() {
		t.Skip("long run")
	}
	want, err := os.ReadFile(filepath.Join("..", "testdata", "arm", "bench", "golden", "bench.out"))
	if err != nil {
		t.Fatal(err)
	}
	got, s, _ := runARM(t, "mps2-an385", armBenchELF, 2_000_000_000)
	if s.Reason != StopExit || s.ExitCode != 0 {
		t.Errorf("stopped with %v exit %d at %#x", s.Reason, s.ExitCode, s.PC)
	}
	if got != string(want) {
		t.Errorf("output differs from QEMU's:\n%s", diffLines(got, string(want)))
	}
}

// BenchmarkARMLoop is a tight ALU loop (compare BenchmarkCompute).
func BenchmarkARMLoop(b *testing.B) {
	board, _ := MPS2Board("mps2-an385")
	m, err := NewMachine(board, Config{})
	if err != nil {
		b.Fatal(err)
	}
	// Vectors: SP, PC 0x101. At 0x100: adds r0,#1; subs r1,#1; adds r2,#1; b 0x100.
	buf := make([]byte, 0x200)
	binary.LittleEndian.PutUint32(buf[0:], 0x20001000)
	binary.LittleEndian.PutUint32(buf[4:], 0x101)
	hw := []uint16{0x3001, 0x3901, 0x3201, 0xe7fb}
	for i, h := range hw {
		binary.LittleEndian.PutUint16(buf[0x100+2*i:], h)
	}
	if err := m.WriteMemory(0, buf); err != nil {
		b.Fatal(err)
	}
	m.armBoot(m.harts[0])
	b.ResetTimer()
	const chunk = 10_000_000
	cpu := cpuSeconds()
	for b.Loop() {
		m.Run(m.Time() + chunk)
	}
	b.ReportMetric(float64(b.N)*chunk/(cpuSeconds()-cpu), "inst/cpu-s")
}
