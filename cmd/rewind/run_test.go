package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runRewind runs the command line args in-process and returns the exit code
// and what went to stdout and stderr.
func runRewind(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := dispatch(args, stdio{In: strings.NewReader(stdin), Out: &out, Err: &errb})
	return code, out.String(), errb.String()
}

func TestRunDemo(t *testing.T) {
	code, out, _ := runRewind(t, "", "run", "--demo")
	if code != 1 {
		t.Errorf("exit code %d, want 1 (the demo's failed check)", code)
	}
	if !strings.HasPrefix(out, "demo: logging temperatures\n") || !strings.Contains(out, "check failed: calibration is 21.1") {
		t.Errorf("unexpected demo output:\n%s", out)
	}
}

func TestRunFirmwareExitCodes(t *testing.T) {
	tests := []struct {
		elf, stdin string
		harts      string
		code       int
		out        string
	}{
		{"hello.elf", "", "1", 0, "Hello"},
		{"echo.elf", "abc\nquit\n", "1", 0, "ABC\n"},
		{"atomic.elf", "", "2", 0, "amoadd.w total 200000"},
		{"fault.elf", "", "1", 3, "mcause 00000005"},
	}
	for _, tc := range tests {
		t.Run(tc.elf, func(t *testing.T) {
			code, out, errs := runRewind(t, tc.stdin, "run", "--harts", tc.harts, firmware(tc.elf))
			if code != tc.code || !strings.Contains(out, tc.out) {
				t.Errorf("exit %d, want %d; output %q lacks %q; stderr %q", code, tc.code, out, tc.out, errs)
			}
		})
	}
}

func TestRunMaxInstructions(t *testing.T) {
	code, _, errs := runRewind(t, "", "run", "--max-instructions", "1000", firmware("bench.elf"))
	if code != exitLimit || !strings.Contains(errs, "stopped after 1000 instructions") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestRunCrashReport(t *testing.T) {
	code, _, errs := runRewind(t, "", "run", firmware("crash.elf"))
	if code != exitFault {
		t.Errorf("exit %d, want %d", code, exitFault)
	}
	for _, want := range []string{"pc 0x", "store/AMO access fault", "store_sample", "ra 0x"} {
		if !strings.Contains(errs, want) {
			t.Errorf("fault report %q lacks %q", errs, want)
		}
	}
	if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("fault report is more than one line: %q", errs)
	}
}

// TestRunBadInput feeds rewind run files that are not runnable firmware:
// each must give one clear line on stderr and a non-zero exit, never a panic.
func TestRunBadInput(t *testing.T) {
	hello, err := os.ReadFile(firmware("hello.elf"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	patched := func(off int, val []byte) []byte {
		b := bytes.Clone(hello)
		copy(b[off:], val)
		return b
	}
	le16 := func(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
	tests := []struct {
		name, path, want string
	}{
		{"missing", filepath.Join(dir, "nope.elf"), "no such file"},
		{"not ELF", write("text.elf", []byte("just some text, not an ELF file\n")), "not an ELF"},
		{"empty", write("empty.elf", nil), "not an ELF"},
		{"truncated", write("trunc.elf", hello[:200]), "truncated"},
		{"64-bit", write("elf64.elf", patched(4, []byte{2})), "64-bit"},
		{"other machine", write("x86.elf", patched(18, le16(62))), "no board for ELF machine EM_X86_64"},
		{"RISC-V code marked ARM", write("arm.elf", patched(18, le16(40))), "outside RAM"},
		{"nothing to load", write("noload.elf", patched(44, le16(0))), "nothing to load"},
		{"directory", dir, "reading firmware"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := runRewind(t, "", "run", tc.path)
			if code == 0 {
				t.Errorf("exit 0 for %s", tc.name)
			}
			if !strings.Contains(strings.ToLower(errs), strings.ToLower(tc.want)) {
				t.Errorf("stderr %q lacks %q", errs, tc.want)
			}
			if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
				t.Errorf("more than one line on stderr: %q", errs)
			}
		})
	}
}

func TestUsageErrors(t *testing.T) {
	tests := [][]string{
		{"frobnicate"},
		{"run"},
		{"run", "--demo", "x.elf"},
		{"run", "--harts", "0", "--demo"},
		{"run", "a.elf", "b.elf"},
		{"dap", "firmware.elf"},
		{"rpc", "firmware.elf"},
		{"dap", "--bogus"},
	}
	for _, args := range tests {
		code, _, errs := runRewind(t, "", args...)
		if code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

func firmware(name string) string {
	return filepath.Join("..", "..", "testdata", "firmware", name)
}
