//go:build integration

package integration

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// qemuLM3SNoise is what QEMU 7.2's lm3s6965evb prints on stderr at reset
// (one of its timers started with period zero), not the firmware's.
const qemuLM3SNoise = "Timer with period zero, disabling\n"

// TestAN500AndLM3SMatchQEMU runs the programs of the two later Cortex-M
// boards on qemu-system-arm (-semihosting -icount shift=0,sleep=off) and
// on `rewind run --board`: mps2-an500 (Cortex-M7, FPv5-D16) runs its own
// FP programs (testdata/arm-m7, checked against their golden files too)
// and every mps2 program of testdata/arm unchanged; lm3s6965evb runs
// testdata/lm3s (PL011 UART with interrupts and input, SysTick with WFI,
// the system control block, semihosting). Output and exit code must be
// equal.
func TestAN500AndLM3SMatchQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-arm")
	rewind := buildRewind(t)
	type run struct{ board, elf, input string }
	runs := []run{
		{"mps2-an500", "arm-m7/fp64.elf", ""},
		{"mps2-an500", "arm-m7/isa-m7.elf", ""},
		{"mps2-an500", "arm/demo/demo.elf", ""},
		{"mps2-an500", "arm/uart_irq.elf", "hello\nquit\n"},
		{"lm3s6965evb", "lm3s/probe.elf", ""},
		{"lm3s6965evb", "lm3s/uart.elf", "hello\nquit\n"},
		{"lm3s6965evb", "lm3s/hello.elf", ""},
		{"lm3s6965evb", "lm3s/ops.elf", ""},
	}
	for _, n := range []string{"hello-picolibc", "hello-newlib", "ops", "timers", "probe"} {
		runs = append(runs, run{"mps2-an500", "arm/" + n + ".elf", ""})
	}
	for _, r := range runs {
		t.Run(r.board+"/"+strings.TrimSuffix(r.elf, ".elf"), func(t *testing.T) {
			path := filepath.Join("..", "testdata", filepath.FromSlash(r.elf))
			want := runToFile(t, qemu, r.input, "-M", r.board, "-nographic", "-semihosting",
				"-icount", "shift=0,sleep=off", "-kernel", path)
			want = strings.Replace(want, qemuLM3SNoise, "", 1)
			if !strings.HasPrefix(r.elf, "arm/") {
				checkSemihostGolden(t, path, want)
			}
			got := runMerged(t, rewind, r.input, "run", "--board", r.board,
				"--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
			if got != want {
				t.Errorf("rewind run:\n%s\nqemu:\n%s", got, want)
			}
		})
	}
}

// runToFile is runMerged with stdout and stderr going to a file: QEMU
// drops console output that a pipe cannot take at once (seen with
// thousands of semihosting lines on a loaded machine), a file takes all.
func runToFile(t *testing.T, bin, input string, args ...string) string {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin = strings.NewReader(input)
	cmd.Stdout, cmd.Stderr = f, f
	err = cmd.Run()
	code := 0
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s: timed out after %v", filepath.Base(bin), runTimeout)
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", bin, err)
	}
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%sexit %d\n", out, code)
}
