package vm

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// runSemihostELF runs a testdata/semihost program with input queued and
// returns its output followed by "exit N", the golden files' format.
func runSemihostELF(t *testing.T, name, input string, cfg Config) string {
	t.Helper()
	m, out := bootTestELF(t, filepath.Join("semihost", name+".elf"), VirtBoard(0), cfg)
	if input != "" {
		m.UARTInput([]byte(input))
	}
	s := m.Run(10_000_000)
	if s.Reason != StopExit {
		t.Fatalf("%s: stopped with %v at %#x, want exit; output so far:\n%s", name, s.Reason, s.PC, out.Bytes())
	}
	return fmt.Sprintf("%sexit %d\n", out.Bytes(), s.ExitCode)
}

// bootTestELF builds board b, loads testdata/path and collects its output.
func bootTestELF(t *testing.T, path string, b Board, cfg Config) (*Machine, *bytes.Buffer) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	out := new(bytes.Buffer)
	m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
	return m, out
}

// TestSemihostingFirmware runs the semihosting programs (picolibc's
// semihosting stdio and direct calls) and compares with QEMU's output
// (golden/, from make -C testdata/semihost golden) or, for console input
// that QEMU takes from its host stdin, with the expected output.
func TestSemihostingFirmware(t *testing.T) {
	for _, c := range []struct{ name, input string }{
		{"hello", ""}, {"ops", ""}, {"input", "xyz\nrest\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join("..", "testdata", "semihost", "golden", c.name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			if got := runSemihostELF(t, c.name, c.input, Config{FatalTraps: true}); got != string(want) {
				t.Errorf("output:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// TestSemihostingOff: without semihosting the sequence's ebreak is an
// ordinary breakpoint exception (fatal here: picolibc installs no handler).
func TestSemihostingOff(t *testing.T) {
	m, out := bootTestELF(t, filepath.Join("semihost", "hello.elf"), VirtBoard(0), Config{FatalTraps: true, NoSemihosting: true})
	s := m.Run(10_000_000)
	if s.Reason == StopExit || out.Len() != 0 || m.Semihosting() {
		t.Errorf("stopped with %v, output %q; want no output and no exit", s.Reason, out.Bytes())
	}
}
