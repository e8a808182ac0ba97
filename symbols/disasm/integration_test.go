//go:build integration

package disasm

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestObjdumpFirmware regenerates `objdump -d` output for the repository's
// firmware and ISA test ELFs and compares our disassembly against it. It
// fails when riscv64-unknown-elf-objdump is missing.
func TestObjdumpFirmware(t *testing.T) {
	objdump, err := exec.LookPath("riscv64-unknown-elf-objdump")
	if err != nil {
		t.Fatalf("riscv64-unknown-elf-objdump is required under the integration tag: %v", err)
	}
	var elfs []string
	for _, pat := range []string{"../../testdata/firmware/*.elf", "../../testdata/isa/*.elf", "../../testdata/symbols/*.elf", "testdata/*.elf"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		elfs = append(elfs, m...)
	}
	if len(elfs) == 0 {
		t.Fatal("no ELF files found")
	}
	var match, total, data int
	for _, path := range elfs {
		out, err := exec.Command(objdump, "-d", path).Output()
		if err != nil {
			t.Fatalf("objdump -d %s: %v", path, err)
		}
		m, n, d := compareObjdump(t, path, bytes.NewReader(out))
		t.Logf("%s: %d of %d instructions match objdump (%d data words skipped)", path, m, n, d)
		match, total, data = match+m, total+n, data+d
	}
	t.Logf("total: %d of %d instructions match objdump across %d ELF files (%d data words skipped)", match, total, len(elfs), data)
}
