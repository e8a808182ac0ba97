package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// armELF is a Cortex-M test program of testdata/arm.
func armELF(name string) string {
	return filepath.Join("..", "..", "testdata", "arm", name+".elf")
}

// TestRunPicksBoard: an ARM ELF runs on mps2-an385 without a flag; --board
// chooses another board or refuses one that does not exist or does not
// fit the ELF.
func TestRunPicksBoard(t *testing.T) {
	tests := []struct {
		args []string
		code int
		out  string
		err  string
	}{
		{[]string{armELF("hello-picolibc")}, 3, "hello from semihosting, 2 + 3 = 5\n", ""},
		{[]string{"--board", "mps2-an386", armELF("hello-newlib")}, 3, "hello from semihosting, 2 + 3 = 5\n", ""},
		{[]string{"--board", "virt", filepath.Join("..", "..", "testdata", "firmware", "hello.elf")}, 0, "Hello", ""},
		{[]string{"--board", "nosuch", armELF("hello-picolibc")}, exitUsage, "", "nosuch"},
		{[]string{"--board", "virt", armELF("hello-picolibc")}, exitUsage, "", "EM_ARM"},
		{[]string{"--board", "mps2-an385", "--harts", "2", armELF("hello-picolibc")}, exitUsage, "", "one core"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errs := runRewind(t, "", append([]string{"run"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errs, tc.err) {
				t.Errorf("exit %d (want %d), output %q (want %q), stderr %q (want %q)", code, tc.code, out, tc.out, errs, tc.err)
			}
		})
	}
}

// TestRecordReplayARM: a recording of a Cortex-M run stores its board and
// replays on it, with the same output and exit code.
func TestRecordReplayARM(t *testing.T) {
	for _, board := range []string{"mps2-an385", "mps2-an386"} {
		rwd := filepath.Join(t.TempDir(), "arm.rwd")
		code, out, errs := runRewind(t, "hello\nquit\n", "record", "--board", board, "-o", rwd, armELF("uart_irq"))
		if code != 2 || !strings.Contains(out, "uart: lines 2") { // it exits with the line count
			t.Fatalf("%s: record: exit %d output %q stderr %q", board, code, out, errs)
		}
		rcode, rout, rerrs := runRewind(t, "", "replay", rwd)
		if rcode != code || rout != out {
			t.Errorf("%s: replay: exit %d output %q stderr %q; recorded exit %d output %q", board, rcode, rout, rerrs, code, out)
		}
	}
}
