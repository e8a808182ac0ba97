//go:build integration

package thumb

import (
	"bytes"
	"debug/elf"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// objdumpELF runs `arm-none-eabi-objdump -d` on an ELF.
func objdumpELF(t *testing.T, path string) []byte {
	t.Helper()
	out, err := exec.Command("arm-none-eabi-objdump", "-d", path).Output()
	if err != nil {
		t.Fatalf("objdump -d %s: %v", path, err)
	}
	return out
}

// TestGoldenDumpsCurrent checks that the committed objdump output of the
// test programs is what this machine's objdump prints, so the golden
// test compares against the real tool.
func TestGoldenDumpsCurrent(t *testing.T) {
	elfs, _ := filepath.Glob("testdata/*.elf")
	for _, path := range elfs {
		want := goldenDump(t, path)
		got := objdumpELF(t, path)
		if withoutFileLine(got) != withoutFileLine(want) {
			t.Errorf("%s: committed objdump output is stale (run make -C testdata)", path)
		}
	}
}

// withoutFileLine drops the line where objdump names the file, which
// depends on the path it was given.
func withoutFileLine(b []byte) string {
	var keep []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.Contains(l, "file format") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// repositoryARMELFs lists every 32-bit ARM ELF in the repository
// (testdata/arm and the packages' own testdata), whoever built it.
func repositoryARMELFs(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..", "..")
	var elfs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".elf") {
			return nil
		}
		f, err := elf.Open(path)
		if err != nil {
			return nil // not an ELF after all
		}
		defer f.Close()
		if f.Machine == elf.EM_ARM && f.Class == elf.ELFCLASS32 {
			elfs = append(elfs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return elfs
}

// TestRepositoryARMELFs disassembles every ARM ELF in the repository
// (testdata/arm/**, which other packages add, and this package's own)
// and compares it with what objdump prints now, instruction by
// instruction.
func TestRepositoryARMELFs(t *testing.T) {
	elfs := repositoryARMELFs(t)
	if len(elfs) == 0 {
		t.Fatal("no ARM ELF found in the repository")
	}
	all, sum := 0, 0
	for _, path := range elfs {
		match, total, data := compareObjdump(t, path, bytes.NewReader(objdumpELF(t, path)))
		t.Logf("%s: %d of %d instructions match objdump (%d data lines skipped)", path, match, total, data)
		all, sum = all+match, sum+total
	}
	t.Logf("repository ARM ELFs: %d of %d instructions match objdump", all, sum)
}
