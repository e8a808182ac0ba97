package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeScript writes a command file in a temporary directory.
func writeScript(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDebugBatch runs -x files in batch mode: no banner, no stdin, and
// gdb's exit status (1 when the last command failed).
func TestDebugBatch(t *testing.T) {
	ok := writeScript(t, "ok.gdb", "break demo.c:102\ncontinue\nprint sensor.calibration\n")
	bad := writeScript(t, "bad.gdb", "print sensor.head\nprint no_such_thing\n")
	tests := []struct {
		name  string
		args  []string
		code  int
		want  []string
		never []string
	}{
		{"ok", []string{"debug", "--batch", "-x", ok}, 0,
			[]string{"Breakpoint 1 at 0x8000025c", "Breakpoint 1, main () at demo.c:102", "$1 = 211"},
			[]string{"Rewind: debugging", "(rewind)", "never typed"}},
		{"last fails", []string{"debug", "--batch", "-x", bad}, 1,
			[]string{"$1 = 0"}, []string{"no_such_thing"}},
		{"missing file", []string{"debug", "--batch", "-x", "/nonexistent/x.gdb"}, 1, nil, nil},
		{"two files", []string{"debug", "--batch", "-x", bad, "-x", ok}, 0,
			[]string{"$1 = 0", "$2 = 211"}, nil},
		{"then stdin", []string{"debug", "-x", ok}, 0,
			[]string{"Rewind: debugging", "$1 = 211", "(rewind) print sensor.count\n$2 = 12"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runRewind(t, "print sensor.count\n", tt.args...)
			if tt.code != 0 && !strings.Contains(errs, "no_such_thing") && !strings.Contains(errs, "no such file") {
				t.Errorf("stderr lacks the failing command's error: %q", errs)
			}
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr %q\n%s", code, tt.code, errs, out)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tt.never {
				if strings.Contains(out, w) {
					t.Errorf("output has %q:\n%s", w, out)
				}
			}
		})
	}
}

// TestDebugInitFile reads an init file only when --init or REWIND_INIT
// names it, never one from the home directory.
func TestDebugInitFile(t *testing.T) {
	home := t.TempDir()
	for _, n := range []string{".rewindrc", ".gdbinit"} {
		if err := os.WriteFile(filepath.Join(home, n), []byte("echo FROM-HOME\\n\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("HOME", home)
	t.Setenv("REWIND_INIT", "")
	init := writeScript(t, "init.gdb", "echo FROM-INIT\\n\n")
	if _, out, _ := runRewind(t, "quit\n", "debug"); strings.Contains(out, "FROM-") {
		t.Errorf("an init file was read unasked:\n%s", out)
	}
	if _, out, _ := runRewind(t, "quit\n", "debug", "--init", init); !strings.Contains(out, "FROM-INIT") {
		t.Errorf("--init was not run:\n%s", out)
	}
	t.Setenv("REWIND_INIT", init)
	_, out, _ := runRewind(t, "quit\n", "debug")
	if !strings.Contains(out, "FROM-INIT") || strings.Contains(out, "FROM-HOME") {
		t.Errorf("REWIND_INIT was not run alone:\n%s", out)
	}
}
