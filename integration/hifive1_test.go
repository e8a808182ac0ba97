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
// code, and QEMU's output matches the golden file (plic.elf shows the
// FE310 PLIC's registers and QEMU's pending rule, and when the UART raises
// its interrupt: where QEMU 7.2 differs from the manual). Rewind also reports the
// first access to each unimplemented address (QEMU logs them only with
// -d unimp): those lines are checked and set apart.
func TestHiFive1MatchesQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-riscv32")
	elfs, err := filepath.Glob(filepath.Join("..", "testdata", "hifive1", "*.elf"))
	if err != nil || len(elfs) == 0 {
		t.Fatalf("no testdata/hifive1/*.elf (%v)", err)
	}
	rewind := buildRewind(t)
	const input = "hello\nrewind\nquit\n" // the Makefile's INPUT
	for _, path := range elfs {
		name := strings.TrimSuffix(filepath.Base(path), ".elf")
		t.Run(name, func(t *testing.T) {
			want := runMerged(t, qemu, input, "-M", "sifive_e,revb=true", "-nographic",
				"-semihosting-config", "enable=on,target=native", "-icount", "shift=0,sleep=off", "-kernel", path)
			checkSemihostGolden(t, path, want)
			for _, board := range []string{"hifive1-revb", "sifive_e"} {
				got := runMerged(t, rewind, input, "run", "--board", board,
					"--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
				got, reports := splitMMIOReports(got)
				if wantRep := hifiveReports[name]; reports != wantRep {
					t.Errorf("rewind run --board %s reported unknown MMIO:\n%s\nwant:\n%s", board, reports, wantRep)
				}
				if got != want {
					t.Errorf("rewind run --board %s:\n%s\nqemu:\n%s", board, got, want)
				}
			}
		})
	}
}

// hifiveReports are the unknown-MMIO reports each program gets from Rewind.
var hifiveReports = map[string]string{
	"bus": "rewind: unknown MMIO read of 4 bytes at 0x10000070 (reads 0; reported once per address)\n" +
		"rewind: unknown MMIO read of 4 bytes at 0x10014000 (reads 0; reported once per address)\n",
}

// splitMMIOReports takes Rewind's unknown-MMIO report lines out of out.
func splitMMIOReports(out string) (rest, reports string) {
	var r, o strings.Builder
	for _, line := range strings.SplitAfter(out, "\n") {
		if strings.HasPrefix(line, "rewind: unknown MMIO ") {
			r.WriteString(line)
		} else {
			o.WriteString(line)
		}
	}
	return o.String(), r.String()
}
