//go:build integration

package vm

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestARMAgainstQEMU runs every ARM test program on qemu-system-arm
// (-icount shift=0,sleep=off, semihosting) and on the vm, and requires the
// same semihosting output and exit status. It needs qemu-system-arm and
// fails without it. (It lives in package vm to run the machine directly,
// with its semihosting output collected in a buffer.)
func TestARMAgainstQEMU(t *testing.T) {
	if _, err := exec.LookPath("qemu-system-arm"); err != nil {
		t.Fatal("qemu-system-arm not found: install Debian's qemu-system-arm")
	}
	cases := []struct{ board, elf string }{
		{"mps2-an385", "arm/isa/isa-m3.elf"},
		{"mps2-an386", "arm/isa/isa-m3.elf"},
		{"mps2-an386", "arm/isa/isa-m4.elf"},
		{"mps2-an386", "arm/isa/isa-m4f.elf"},
		{"mps2-an385", "arm/bench/bench.elf"},
		{"mps2-an385", "arm/bench/calls.elf"},
		{"mps2-an385", "arm-faults/faults.elf"},
		{"mps2-an385", "arm/wback/wback.elf"},
	}
	for _, c := range cases {
		t.Run(c.board+"/"+filepath.Base(c.elf), func(t *testing.T) {
			file := filepath.Join("..", "testdata", c.elf)
			want, wantCode := runQEMUARM(t, c.board, file)
			got, s, _ := runARM(t, c.board, file, 3_000_000_000)
			if s.Reason != StopExit {
				t.Fatalf("vm stopped with %v at %#x", s.Reason, s.PC)
			}
			if s.ExitCode != wantCode {
				t.Errorf("exit code %d, QEMU %d", s.ExitCode, wantCode)
			}
			if got != want {
				t.Errorf("output differs from QEMU's:\n%s", diffLines(got, want))
			}
		})
	}
}

// runQEMUARM runs an ELF on QEMU and returns its semihosting output
// (QEMU writes it on stderr) and exit status.
func runQEMUARM(t *testing.T, board, file string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "qemu-system-arm", "-M", board, "-semihosting",
		"-icount", "shift=0,sleep=off", "-nographic", "-kernel", file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return stderr.String(), 0
	case errors.As(err, &ee) && ctx.Err() == nil:
		return stderr.String(), ee.ExitCode()
	}
	t.Fatalf("qemu: %v\n%s", err, stderr.String())
	return "", 0
}
