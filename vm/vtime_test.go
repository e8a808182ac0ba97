package vm

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestVirtualTimeMatchesQEMUIcount runs testdata/firmware/mtime.elf at
// QEMUIcountInstructionsPerSecond: its mtime and minstret readings must be
// those QEMU printed with -icount shift=0 (golden/mtime.out, made by
// make -C testdata/firmware golden).
func TestVirtualTimeMatchesQEMUIcount(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "testdata", "firmware", "golden", "mtime.out"))
	if err != nil {
		t.Fatal(err)
	}
	b := VirtBoard(0)
	b.InstructionsPerSecond = QEMUIcountInstructionsPerSecond
	m, out := bootTestELF(t, filepath.Join("firmware", "mtime.elf"), b, Config{FatalTraps: true})
	if s := m.Run(50_000_000); s.Reason != StopExit || s.ExitCode != 0 {
		t.Fatalf("stopped with %v (exit %d), want exit 0", s.Reason, s.ExitCode)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("output differs from QEMU -icount shift=0\nrewind:\n%s\nqemu:\n%s", out.Bytes(), want)
	}
}

// TestBoardTimeModel checks the per-board rate: mtime advances one tick per
// IPS/10 MHz steps, and rates the CLINT cannot follow are refused.
func TestBoardTimeModel(t *testing.T) {
	for _, c := range []struct {
		ips, steps, want uint64
	}{{0, 1000, 100}, {1e8, 1000, 100}, {1e9, 1000, 10}, {1e7, 1000, 1000}} {
		b := VirtBoard(0)
		b.InstructionsPerSecond = c.ips
		m, err := NewMachine(b, Config{})
		if err != nil {
			t.Fatal(err)
		}
		loadWords(t, m, ramBase, prog(jal(0, 0)))
		m.Hart(0).SetPC(ramBase)
		m.Run(c.steps)
		if got := m.MTime(); got != c.want {
			t.Errorf("ips %d: mtime after %d steps = %d, want %d", c.ips, c.steps, got, c.want)
		}
	}
	for _, ips := range []uint64{1e6, 15e6} {
		b := VirtBoard(0)
		b.InstructionsPerSecond = ips
		if _, err := NewMachine(b, Config{}); err == nil {
			t.Errorf("ips %d accepted on a board with a CLINT", ips)
		}
	}
}
