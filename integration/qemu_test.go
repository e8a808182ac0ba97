//go:build integration

// Package integration holds tests that run Rewind against real outside
// tools. The differential test runs every test firmware on QEMU's virt
// machine and on `rewind run` and requires the same UART output and exit
// code. It needs qemu-system-riscv32 and fails (never skips) without it.
package integration

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runTimeout bounds one firmware run on either side.
const runTimeout = 2 * time.Minute

// maxInstructions bounds a rewind run (the benchmark needs about 3e8).
const maxInstructions = 3_000_000_000

// firmware is one differential test case.
type firmware struct {
	elf      string // path under testdata/
	harts    int
	input    string // fed to stdin
	wantExit int    // both sides must exit with this code
	noQEMU   string // if set, why QEMU cannot run it (Rewind still must)
	// icount runs QEMU with -icount shift=0,sleep=off: the output depends
	// on time, which QEMU otherwise takes from the host clock (a loaded
	// host then changes it).
	icount bool
}

func firmwareCases(t *testing.T) []firmware {
	cases := []firmware{
		{elf: "firmware/hello.elf", harts: 1},
		{elf: "firmware/bench.elf", harts: 1},
		{elf: "firmware/timer.elf", harts: 1, icount: true},
		{elf: "firmware/echo.elf", harts: 1, input: "hello\nworld\nquit\n"},
		{elf: "firmware/echo_irq.elf", harts: 1, input: "hello\nworld\nquit\n"},
		{elf: "firmware/atomic.elf", harts: 2},
		{elf: "firmware/fault.elf", harts: 1, wantExit: 3},
		{elf: "firmware/demo.elf", harts: 1, wantExit: 1},
		{elf: "dataflow/dataflow.elf", harts: 1, input: "A"},
		{elf: "rtos/rtos.elf", harts: 1},
	}
	isa, err := filepath.Glob(filepath.Join("..", "testdata", "isa", "*.elf"))
	if err != nil {
		t.Fatal(err)
	}
	if len(isa) == 0 {
		t.Fatal("no testdata/isa/*.elf")
	}
	for _, p := range isa {
		c := firmware{elf: filepath.ToSlash(strings.TrimPrefix(p, filepath.Join("..", "testdata")+string(filepath.Separator))), harts: 1}
		if filepath.Base(p) == "strict.elf" {
			c.noQEMU = "QEMU 7.2 deviates from the spec here (misaligned AMO cause, mepc bit 0, minstret writes)"
		}
		cases = append(cases, c)
	}
	return cases
}

// TestRewindMatchesQEMU builds rewind once and runs every test firmware on
// both emulators.
func TestRewindMatchesQEMU(t *testing.T) {
	qemu, err := exec.LookPath("qemu-system-riscv32")
	if err != nil {
		t.Fatalf("qemu-system-riscv32 is required for the integration tests: %v", err)
	}
	rewind := buildRewind(t)
	for _, fw := range firmwareCases(t) {
		t.Run(strings.TrimSuffix(fw.elf, ".elf"), func(t *testing.T) {
			path := filepath.Join("..", "testdata", filepath.FromSlash(fw.elf))
			got := runRewind(t, rewind, path, fw.harts, fw.input)
			if got.code != fw.wantExit {
				t.Errorf("rewind run: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", got.code, fw.wantExit, got.stdout, got.stderr)
			}
			if fw.noQEMU != "" {
				t.Logf("not run on QEMU: %s", fw.noQEMU)
				return
			}
			want := runQEMU(t, qemu, path, fw.harts, fw.input, fw.icount)
			if want.code != fw.wantExit {
				t.Errorf("qemu: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", want.code, fw.wantExit, want.stdout, want.stderr)
			}
			if !bytes.Equal(got.stdout, want.stdout) {
				t.Errorf("UART output differs\nrewind:\n%q\nqemu:\n%q", got.stdout, want.stdout)
			}
			checkGolden(t, path, want.stdout)
		})
	}
}

// TestCrashReport checks the report of a fault with no trap handler: a
// non-zero exit and one stderr line with the faulting pc, the cause, the
// address and the functions for pc and ra.
func TestCrashReport(t *testing.T) {
	rewind := buildRewind(t)
	path := filepath.Join("..", "testdata", "firmware", "crash.elf")
	pc, err := firstStore(path, "store_sample")
	if err != nil {
		t.Fatal(err)
	}
	got := runRewind(t, rewind, path, 1, "")
	if got.code == 0 {
		t.Fatalf("rewind run crash.elf exited 0\nstderr:\n%s", got.stderr)
	}
	if !bytes.Contains(got.stdout, []byte("crash: about to store through a bad pointer\n")) {
		t.Errorf("UART output before the crash is missing: %q", got.stdout)
	}
	var line string
	for _, l := range strings.Split(string(got.stderr), "\n") {
		if strings.Contains(strings.ToLower(l), fmt.Sprintf("%08x", pc)) {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("no stderr line names the faulting pc %#08x:\n%s", pc, got.stderr)
	}
	lower := strings.ToLower(line)
	for _, want := range []string{"store", "access fault", "00050000", "store_sample", "log_reading"} {
		if !strings.Contains(lower, want) {
			t.Errorf("fault report lacks %q: %s", want, line)
		}
	}
}

// checkGolden compares QEMU's output with the golden file the unit tests
// use (firmware/golden/NAME.out), when there is one.
func checkGolden(t *testing.T, elfPath string, qemuOut []byte) {
	t.Helper()
	name := strings.TrimSuffix(filepath.Base(elfPath), ".elf")
	golden := filepath.Join(filepath.Dir(elfPath), "golden", name+".out")
	want, err := os.ReadFile(golden)
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(qemuOut, want) {
		t.Errorf("%s is stale (make -C testdata/firmware golden)\nqemu:\n%q\ngolden:\n%q", golden, qemuOut, want)
	}
}

// result is what one emulator run produced.
type result struct {
	stdout, stderr []byte
	code           int
}

// buildRewind compiles ./cmd/rewind into a temporary directory.
func buildRewind(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rewind")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/rewind")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/rewind: %v\n%s", err, out)
	}
	return bin
}

func runRewind(t *testing.T, bin, elfPath string, harts int, input string) result {
	t.Helper()
	return run(t, bin, input, "run", "--harts", strconv.Itoa(harts),
		"--max-instructions", strconv.FormatUint(maxInstructions, 10), elfPath)
}

// runQEMU runs the ELF on QEMU's virt machine with the UART on stdio; with
// -nographic a piped stdin reaches the UART receiver.
func runQEMU(t *testing.T, qemu, elfPath string, harts int, input string, icount bool) result {
	t.Helper()
	args := []string{"-M", "virt", "-smp", strconv.Itoa(harts), "-bios", "none", "-nographic", "-kernel", elfPath}
	if icount {
		args = append(args, "-icount", "shift=0,sleep=off")
	}
	return run(t, qemu, input, args...)
}

func run(t *testing.T, bin, input string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := execute(t, bin, input, &stdout, &stderr, args...)
	return result{stdout: stdout.Bytes(), stderr: stderr.Bytes(), code: code}
}

// execute runs bin with input on stdin, its output in stdout and stderr
// (which may be the same buffer), and returns its exit code.
func execute(t *testing.T, bin, input string, stdout, stderr *bytes.Buffer, args ...string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdin = strings.NewReader(input)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %s: timed out after %v\nstdout:\n%s\nstderr:\n%s", filepath.Base(bin), strings.Join(args, " "), runTimeout, stdout.Bytes(), stderr.Bytes())
	}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		return exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", bin, err)
	}
	return 0
}

// firstStore returns the address of the first store instruction (sw or
// c.sw) in the named function of an ELF file.
func firstStore(path, fn string) (uint32, error) {
	f, err := elf.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	text := f.Section(".text")
	if text == nil {
		return 0, fmt.Errorf("%s: no .text", path)
	}
	code, err := text.Data()
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	for _, s := range syms {
		if s.Name != fn {
			continue
		}
		for off := s.Value - text.Addr; off+2 <= s.Value-text.Addr+s.Size; {
			insn := uint32(code[off]) | uint32(code[off+1])<<8
			if insn&3 != 3 {
				if insn&0xe003 == 0xc000 { // c.sw
					return uint32(text.Addr + off), nil
				}
				off += 2
				continue
			}
			insn |= uint32(code[off+2])<<16 | uint32(code[off+3])<<24
			if insn&0x707f == 0x2023 { // sw
				return uint32(text.Addr + off), nil
			}
			off += 4
		}
		return 0, fmt.Errorf("%s: no store in %s", path, fn)
	}
	return 0, fmt.Errorf("%s: no symbol %s", path, fn)
}
