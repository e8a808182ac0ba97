//go:build integration

package integration

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestHiFive1MatchesQEMU runs every testdata/hifive1 program on QEMU's
// -M sifive_e,revb=true (with -icount shift=0,sleep=off: the firmware's
// timer waits in wfi, and without sleep=off QEMU's virtual clock follows
// the host's while it sleeps) and on `rewind run --board hifive1-revb`,
// with the same UART input: same UART and semihosting output, same exit
// code, and QEMU's output matches the golden file.
func TestHiFive1MatchesQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-riscv32")
	elfs, err := filepath.Glob(filepath.Join("..", "testdata", "hifive1", "*.elf"))
	if err != nil || len(elfs) == 0 {
		t.Fatalf("no testdata/hifive1/*.elf (%v)", err)
	}
	rewind := buildRewind(t)
	const input = "hello\nrewind\nquit\n" // the Makefile's INPUT
	for _, path := range elfs {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".elf"), func(t *testing.T) {
			want := runMerged(t, qemu, input, "-M", "sifive_e,revb=true", "-nographic",
				"-semihosting-config", "enable=on,target=native", "-icount", "shift=0,sleep=off", "-kernel", path)
			checkSemihostGolden(t, path, want)
			for _, board := range []string{"hifive1-revb", "sifive_e"} {
				got := runMerged(t, rewind, input, "run", "--board", board,
					"--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
				if got != want {
					t.Errorf("rewind run --board %s:\n%s\nqemu:\n%s", board, got, want)
				}
			}
		})
	}
}
