//go:build integration

package integration

import (
	"path/filepath"
	"strconv"
	"testing"
)

// TestARMRTOSMatchesQEMU runs the test kernel's Cortex-M builds on QEMU's
// mps2 boards and on `rewind run`: the same output (the kernel's tasks,
// their queue and semaphore) and exit code.
func TestARMRTOSMatchesQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-arm")
	rewind := buildRewind(t)
	for _, c := range []struct{ elf, board string }{
		{"rtos-cm3.elf", "mps2-an385"}, {"rtos-cm3.elf", "mps2-an386"}, {"rtos-cm4f.elf", "mps2-an386"},
	} {
		t.Run(c.board+"/"+c.elf, func(t *testing.T) {
			path := filepath.Join("..", "testdata", "rtos", c.elf)
			want := runMerged(t, qemu, "", "-M", c.board, "-nographic", "-semihosting",
				"-icount", "shift=0,sleep=off", "-kernel", path)
			got := runMerged(t, rewind, "", "run", "--board", c.board, "--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
			if got != want {
				t.Errorf("rewind run:\n%s\nqemu:\n%s", got, want)
			}
			if want == "" || want[len(want)-7:] != "exit 0\n" {
				t.Errorf("the kernel failed on QEMU:\n%s", want)
			}
		})
	}
}
