package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hifiveELF is the HiFive1 test firmware.
var hifiveELF = filepath.Join("..", "..", "testdata", "hifive1", "board.elf")

// TestBoardsCommand: `rewind boards` lists every built-in board with its
// CPU, and checks a board file, naming the line of an error.
func TestBoardsCommand(t *testing.T) {
	code, out, errs := runRewind(t, "", "boards")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"NAME", "hifive1-revb (sifive_e)  rv32imac", "mps2-an385               cortex-m3",
		"mps2-an386               cortex-m4f", "virt                     rv32imac"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{\n\"name\": \"b\",\n\"cpu\": \"6502\"\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runRewind(t, "", "boards", bad)
	if code != exitUsage || !strings.Contains(errs, bad+`:3: cpu: unknown CPU "6502"`) {
		t.Errorf("bad file: exit %d, stderr %q", code, errs)
	}
}

// TestRecordReplayBoardFile: a run on a board from a file records the
// whole description, so the replay works after the file is gone; the
// built-in hifive1-revb runs the same firmware through its alias.
func TestRecordReplayBoardFile(t *testing.T) {
	dir := t.TempDir()
	file, _ := copyMyBoard(t, dir)
	const input = "one\nquit\n"
	rwd := filepath.Join(dir, "run.rwd")
	code, out, errs := runRewind(t, input, "record", "--board", file, "-o", rwd, hifiveELF)
	if code != 2 || !strings.Contains(out, "got: one\ngot: quit\n") {
		t.Fatalf("record: exit %d output %q stderr %q", code, out, errs)
	}
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	rcode, rout, rerrs := runRewind(t, "", "replay", rwd)
	if rcode != code || rout != out {
		t.Errorf("replay: exit %d output %q stderr %q; recorded exit %d", rcode, rout, rerrs, code)
	}
	bcode, bout, _ := runRewind(t, input, "run", "--board", "sifive_e", hifiveELF)
	if bcode != code || bout != out {
		t.Errorf("run on sifive_e: exit %d output %q, want the board file's", bcode, bout)
	}
}

// TestDebugBoardReverseWatch: `rewind debug --board sifive_e` starts in the
// mask ROM, and a reverse watchpoint on the PRCI's pllcfg register finds
// the firmware's last write to it (the switch to the PLL).
func TestDebugBoardReverseWatch(t *testing.T) {
	script := "break board.c:90\ncontinue\nwatch *(unsigned int*)0x10008008\nreverse-continue\nquit\n"
	code, out, errs := runRewind(t, script, "debug", "--board", "sifive_e", hifiveELF)
	for _, want := range []string{"on the hifive1-revb board", "0x1004 in ?? (), time 0", "uart| pllcfg=0x800305f1",
		"Breakpoint 1, timer_test () at board.c:90", "is written by the instruction at", "pll_setup () at board.c:35"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	if code != 0 || t.Failed() {
		t.Fatalf("exit %d, stderr %q, output:\n%s", code, errs, out)
	}
}

// TestDebugBoardOrigin: on the HiFive1, the origin of a received byte is
// a read of UART0's rxdata, supplied by the input typed.
func TestDebugBoardOrigin(t *testing.T) {
	script := "uart hi\\n\nbreak board.c:117\ncontinue\norigin rx[0]\nquit\n"
	_, out, errs := runRewind(t, script, "debug", "--board", "hifive1-revb", hifiveELF)
	for _, want := range []string{"rx[0] = 0x68  stored by", "device read by `lw", "[source: UART0 rxdata read at t=", `(input "hi\n`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s\n%s", want, out, errs)
		}
	}
}
