//go:build integration

package integration

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// semihostCase is one semihosting program run on QEMU and on Rewind.
type semihostCase struct {
	elf   string // path under testdata/
	input string
}

// TestRISCVSemihostingMatchesQEMU runs the RISC-V semihosting programs on
// QEMU's virt machine with -semihosting and on `rewind run` (semihosting
// is on by default): same console output, same exit code, and QEMU's
// output still matches the golden file the unit tests use.
func TestRISCVSemihostingMatchesQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-riscv32")
	rewind := buildRewind(t)
	for _, c := range []semihostCase{{elf: "semihost/hello.elf"}, {elf: "semihost/ops.elf"}} {
		t.Run(strings.TrimSuffix(c.elf, ".elf"), func(t *testing.T) {
			path := filepath.Join("..", "testdata", filepath.FromSlash(c.elf))
			want := runMerged(t, qemu, c.input, "-M", "virt", "-bios", "none", "-nographic",
				"-semihosting", "-icount", "shift=0", "-kernel", path)
			checkSemihostGolden(t, path, want)
			got := runMerged(t, rewind, c.input, "run", "--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
			if got != want {
				t.Errorf("rewind run:\n%s\nqemu:\n%s", got, want)
			}
		})
	}
}

// mps2Boards are the boards the ARM programs run on: built for the
// Cortex-M3 of mps2-an385, they run unchanged on mps2-an386's Cortex-M4F
// (same memory map).
var mps2Boards = []string{"mps2-an385", "mps2-an386"}

// TestARMSemihostingAndPeripheralsMatchQEMU runs every testdata/arm
// program on qemu-system-arm's mps2 boards with -semihosting and
// -icount shift=0,sleep=off, checks QEMU against the golden files, and
// runs them on `rewind run --board` and compares.
func TestARMSemihostingAndPeripheralsMatchQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-system-arm")
	elfs, err := filepath.Glob(filepath.Join("..", "testdata", "arm", "*.elf"))
	demo, derr := filepath.Glob(filepath.Join("..", "testdata", "arm", "demo", "*.elf"))
	elfs = append(elfs, demo...)
	if err != nil || derr != nil || len(elfs) == 0 || len(demo) == 0 {
		t.Fatalf("no testdata/arm/*.elf (%v)", err)
	}
	rewind := buildRewind(t)
	for _, board := range mps2Boards {
		for _, path := range elfs {
			runARMCase(t, qemu, rewind, board, path)
		}
	}
}

// runARMCase runs one testdata/arm program on QEMU and Rewind's board.
func runARMCase(t *testing.T, qemu, rewind, board, path string) {
	name := strings.TrimSuffix(filepath.Base(path), ".elf")
	t.Run(board+"/"+name, func(t *testing.T) {
		input := ""
		switch name {
		case "uart_irq":
			input = "hello\nquit\n"
		case "input":
			input = "xyz\nrest\n"
		}
		want := goldenOf(t, path)
		if name != "input" { // QEMU reads semihosting input from its host stdin
			want = runMerged(t, qemu, input, "-M", board, "-nographic", "-semihosting",
				"-icount", "shift=0,sleep=off", "-kernel", path)
			checkSemihostGolden(t, path, want)
		}
		got := runMerged(t, rewind, input, "run", "--board", board, "--max-instructions", strconv.FormatUint(maxInstructions, 10), path)
		if got != want {
			t.Errorf("rewind run:\n%s\nqemu:\n%s", got, want)
		}
	})
}

// needTool returns the path of a required outside tool; the integration
// tests fail (never skip) without it.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is required for the integration tests: %v", name, err)
	}
	return p
}

// runMerged runs bin with input on stdin and returns its stdout and
// stderr as one stream (in the order written) followed by "exit N".
func runMerged(t *testing.T, bin, input string, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	code := execute(t, bin, input, &out, &out, args...)
	return fmt.Sprintf("%sexit %d\n", out.Bytes(), code)
}

// goldenOf returns golden/NAME.out next to the ELF.
func goldenOf(t *testing.T, elfPath string) string {
	t.Helper()
	name := strings.TrimSuffix(filepath.Base(elfPath), ".elf")
	want, err := os.ReadFile(filepath.Join(filepath.Dir(elfPath), "golden", name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	return string(want)
}

// checkSemihostGolden compares QEMU's output with golden/NAME.out next to
// the ELF.
func checkSemihostGolden(t *testing.T, elfPath, qemuOut string) {
	t.Helper()
	if want := goldenOf(t, elfPath); qemuOut != want {
		t.Errorf("golden output of %s is stale (make -C %s golden)\nqemu:\n%s\ngolden:\n%s", elfPath, filepath.Dir(elfPath), qemuOut, want)
	}
}
