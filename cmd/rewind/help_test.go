package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandHelp: every subcommand answers -h and --help with its usage
// line (naming its arguments) on stdout, and exits 0.
func TestCommandHelp(t *testing.T) {
	for name, c := range commands() {
		for _, flag := range []string{"-h", "--help"} {
			code, out, errs := runRewind(t, "", name, flag)
			if code != 0 || !strings.HasPrefix(out, "usage: rewind "+name+" "+c.args+"\n") || errs != "" {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", name, flag, code, out, errs)
			}
		}
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runRewind(t, "", arg)
		if code != 0 || !strings.HasPrefix(out, "rewind "+releaseVersion) {
			t.Errorf("%s: exit %d, %q", arg, code, out)
		}
	}
}

// TestUnreadableELF: a missing file or one that is not an ELF exits 2, as
// the README promises, for run and debug alike.
func TestUnreadableELF(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.elf")
	if err := os.WriteFile(junk, []byte("not an ELF at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", junk}, {"run", "/nope.elf"},
		{"debug", junk}, {"debug", "/nope.elf"},
		{"debug", "--recording", junk},
		{"record", "-o", filepath.Join(t.TempDir(), "r.rwd"), junk},
	} {
		code, _, errs := runRewind(t, "", args...)
		if code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
