//go:build integration

package symbols

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// requireTools fails (not skips) when a tool the goldens need is missing.
func requireTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"riscv64-unknown-elf-gcc", "riscv64-unknown-elf-objdump",
		"riscv64-unknown-elf-objcopy", "qemu-system-riscv32", "gdb-multiarch", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("integration test needs %s: %v", tool, err)
		}
	}
}

// copyTree copies a directory (regular files only).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, data, info.Mode())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRegenerateGoldens rebuilds the six test ELFs in a scratch copy and
// reruns QEMU + gdb-multiarch and objdump, then requires the ELFs and every
// golden file to equal the committed ones.
func TestRegenerateGoldens(t *testing.T) {
	requireTools(t)
	root := t.TempDir()
	copyTree(t, filepath.Join("..", "testdata", "common"), filepath.Join(root, "common"))
	copyTree(t, filepath.Join("..", "testdata", "symbols"), filepath.Join(root, "symbols"))
	dir := filepath.Join(root, "symbols")
	run := func(name string, args ...string) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	run("make", "-B")
	run("sh", "golden/gen.sh")
	committed := filepath.Join("..", "testdata", "symbols")
	compared := 0
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if strings.HasSuffix(rel, "gdb.log") {
			return nil
		}
		want, err := os.ReadFile(filepath.Join(committed, rel))
		if err != nil {
			t.Errorf("%s: generated but not committed", rel)
			return nil
		}
		got, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		compared++
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the committed golden (rerun golden/gen.sh and review)", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files regenerated and compared", compared)
}
