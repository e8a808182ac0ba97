package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
)

func semihostELF(name string) string {
	return filepath.Join("..", "..", "testdata", "semihost", name+".elf")
}

// TestRunSemihosting: semihosting is on by default in run, record and
// replay; --no-semihosting makes the call a fault (no handler) as on QEMU
// without -semihosting, and recordings keep the setting.
func TestRunSemihosting(t *testing.T) {
	const hello = "hello from semihosting, 2 + 3 = 5\n"
	code, out, errs := runRewind(t, "", "run", semihostELF("hello"))
	if code != 3 || out != hello {
		t.Errorf("run: exit %d output %q stderr %q; want 3 and %q", code, out, errs, hello)
	}
	code, out, _ = runRewind(t, "", "run", "--no-semihosting", semihostELF("hello"))
	if code != exitFault || out != "" {
		t.Errorf("run --no-semihosting: exit %d output %q, want a fault and no output", code, out)
	}
	code, out, _ = runRewind(t, "xyz\nrest\n", "run", semihostELF("input"))
	if code != 0 || !strings.Contains(out, "readc = 120\n") {
		t.Errorf("run input.elf: exit %d output %q", code, out)
	}

	dir := t.TempDir()
	for _, off := range []bool{false, true} {
		rwd := filepath.Join(dir, "on.rwd")
		args := []string{"record", "-o", rwd}
		if off {
			rwd = filepath.Join(dir, "off.rwd")
			args = []string{"record", "-o", rwd, "--no-semihosting"}
		}
		runRewind(t, "", append(args, semihostELF("hello"))...)
		rec, err := checkpoint.ReadRecording(rwd)
		if err != nil {
			t.Fatal(err)
		}
		if rec.NoSemihosting != off {
			t.Errorf("recording with --no-semihosting=%v stores %v", off, rec.NoSemihosting)
		}
		code, out, errs := runRewind(t, "", "replay", rwd)
		if wantOut := map[bool]string{false: hello, true: ""}[off]; out != wantOut || (code == 3) == off {
			t.Errorf("replay %s: exit %d output %q stderr %q", rwd, code, out, errs)
		}
	}
	if code, _, errs := runRewind(t, "", "replay", "--no-semihosting", filepath.Join(dir, "on.rwd")); code != exitUsage {
		t.Errorf("replay --no-semihosting of a run with semihosting: exit %d, stderr %q", code, errs)
	}
}

// TestNoSemihostingFlag: every command takes --no-semihosting.
func TestNoSemihostingFlag(t *testing.T) {
	for _, c := range []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"dap", "--no-semihosting"}, "", 0},
		{[]string{"rpc", "--no-semihosting"}, "", 0},
		{[]string{"debug", "--no-semihosting", semihostELF("hello")}, "continue\nquit\n", 0},
		{[]string{"gdbserver", "--no-semihosting", "--listen", "256.0.0.1:1", semihostELF("hello")}, "", exitFault},
	} {
		code, out, errs := runRewind(t, c.stdin, c.args...)
		if code != c.code || strings.Contains(errs, "flag provided but not defined") {
			t.Errorf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, errs)
		}
		if c.args[0] == "debug" && strings.Contains(out, "hello from semihosting") {
			t.Errorf("debug --no-semihosting printed through semihosting:\n%s", out)
		}
	}
}

// TestRecordReplaySemihostInput: console input read through semihosting
// is in the recording's input log, so a replay needs no input.
func TestRecordReplaySemihostInput(t *testing.T) {
	rwd := filepath.Join(t.TempDir(), "input.rwd")
	code, out, errs := runRewind(t, "xyz\nrest\n", "record", "-o", rwd, semihostELF("input"))
	if code != 0 || !strings.Contains(out, "rest\n") {
		t.Fatalf("record: exit %d output %q stderr %q", code, out, errs)
	}
	rcode, rout, rerrs := runRewind(t, "", "replay", rwd)
	if rcode != code || rout != out {
		t.Errorf("replay: exit %d output %q stderr %q; recorded exit %d output %q", rcode, rout, rerrs, code, out)
	}
}
