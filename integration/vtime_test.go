//go:build integration

package integration

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMTimeGoldenIsQEMUIcount keeps testdata/firmware/golden/mtime.out
// honest: it is what QEMU prints with -icount shift=0 (one instruction per
// virtual nanosecond). vm's TestVirtualTimeMatchesQEMUIcount requires the
// same output from Rewind at QEMUIcountInstructionsPerSecond.
func TestMTimeGoldenIsQEMUIcount(t *testing.T) {
	qemu := needTool(t, "qemu-system-riscv32")
	path := filepath.Join("..", "testdata", "firmware", "mtime.elf")
	got := run(t, qemu, "", "-M", "virt", "-bios", "none", "-nographic", "-icount", "shift=0", "-kernel", path)
	want, err := os.ReadFile(filepath.Join("..", "testdata", "firmware", "golden", "mtime.out"))
	if err != nil {
		t.Fatal(err)
	}
	if got.code != 0 || string(got.stdout) != string(want) {
		t.Errorf("QEMU -icount shift=0 (exit %d):\n%s\ngolden:\n%s", got.code, got.stdout, want)
	}
}
