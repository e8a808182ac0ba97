package vm

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runARM runs an ARM ELF on the named board with semihosting (output to a buffer) and
// returns its output and stop.
func runARM(t testing.TB, board, file string, limit uint64) (string, Stop, *Machine) {
	t.Helper()
	m, out := bootARM(t, board, file)
	s := m.Run(limit)
	return out.String(), s, m
}

// bootARM builds the named board with an ARM ELF loaded, its console
// output going to the returned buffer.
func bootARM(t testing.TB, board, file string) (*Machine, *bytes.Buffer) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	b, err := BoardForELF(data, board)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{FatalTraps: true})
	if err != nil {
		t.Fatal(err)
	}
	out := new(bytes.Buffer)
	m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	return m, out
}

// diffLines reports the first few lines where got and want differ.
func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var sb strings.Builder
	shown := 0
	for i := 0; i < max(len(g), len(w)) && shown < 8; i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			fmt.Fprintf(&sb, "line %d:\n  got  %q\n  want %q\n", i+1, gl, wl)
			shown++
		}
	}
	return sb.String()
}

// TestARMISA runs the ARM ISA suite and compares its output with QEMU's
// (testdata/arm/isa/golden, made by `make -C testdata/arm/isa golden`).
func TestARMISA(t *testing.T) {
	cases := []struct{ board, elf string }{
		{"mps2-an385", "isa-m3"},
		{"mps2-an386", "isa-m4"},
		{"mps2-an386", "isa-m4f"},
	}
	for _, c := range cases {
		t.Run(c.elf, func(t *testing.T) {
			dir := filepath.Join("..", "testdata", "arm", "isa")
			want, err := os.ReadFile(filepath.Join(dir, "golden", c.elf+".out"))
			if err != nil {
				t.Fatal(err)
			}
			got, s, m := runARM(t, c.board, filepath.Join(dir, c.elf+".elf"), 200_000_000)
			if s.Reason != StopExit || s.ExitCode != 0 {
				t.Errorf("stopped with %v (exit %d) at pc %#x, time %d, cause %d; cfsr %#x hfsr %#x",
					s.Reason, s.ExitCode, s.PC, s.Time, s.Cause, m.harts[0].arm.cfsr, m.harts[0].arm.hfsr)
			}
			if got != string(want) {
				t.Errorf("output differs from QEMU's:\n%s", diffLines(got, string(want)))
			}
		})
	}
}
