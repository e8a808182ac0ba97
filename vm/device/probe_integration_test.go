//go:build integration

package device

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestProbeGoldenIsQEMU runs the committed probe firmware on
// qemu-system-riscv32 and checks that testdata/probe/qemu.txt is what QEMU
// prints, so TestProbeMatchesQEMU compares against reality.
func TestProbeGoldenIsQEMU(t *testing.T) {
	qemu, err := exec.LookPath("qemu-system-riscv32")
	if err != nil {
		t.Fatalf("qemu-system-riscv32 is required under the integration tag: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, qemu, "-M", "virt", "-bios", "none", "-nographic",
		"-icount", "shift=0", "-kernel", "testdata/probe/probe.elf")
	out, err := cmd.Output()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("running QEMU: %v", err)
	}
	got := string(out) + "status " + strconv.Itoa(cmd.ProcessState.ExitCode()) + "\n"
	want, err := os.ReadFile("testdata/probe/qemu.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("QEMU line %d: %q, golden %q", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("QEMU printed %d lines, golden has %d", len(gl), len(wl))
	}
}
