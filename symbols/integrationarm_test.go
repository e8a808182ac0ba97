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

// TestRegenerateARMGoldens rebuilds the ARM test ELFs in a scratch copy
// of testdata/symbols-arm, reruns qemu-system-arm + gdb-multiarch
// (golden/gen.sh) and objdump, and requires the ELFs and every golden file
// to equal the committed ones.
func TestRegenerateARMGoldens(t *testing.T) {
	for _, tool := range []string{"arm-none-eabi-gcc", "arm-none-eabi-objdump", "arm-none-eabi-objcopy",
		"qemu-system-arm", "gdb-multiarch", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("integration test needs %s: %v", tool, err)
		}
	}
	committed := filepath.Join("..", "testdata", "symbols-arm")
	dir := filepath.Join(t.TempDir(), "symbols-arm")
	copyTree(t, committed, dir)
	for _, args := range [][]string{{"make", "-B"}, {"sh", "golden/gen.sh"}} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	compared := 0
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || strings.HasSuffix(p, "gdb.log") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
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
	if compared < 50 {
		t.Errorf("only %d files compared", compared)
	}
	t.Logf("%d files regenerated and compared", compared)
}
