//go:build integration

package symbols

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bigFunctions is how many functions the synthetic firmware has; about
// 5 MB of ELF with full debug info at -O0.
const bigFunctions = 7500

// writeBigSource writes a large C file: many functions with structs,
// arrays, pointers, loops and locals, so the debug info is realistic.
func writeBigSource(path string) error {
	var sb strings.Builder
	sb.WriteString("#include <stdint.h>\n")
	for i := 0; i < bigFunctions; i++ {
		fmt.Fprintf(&sb, "struct s%d { int a; uint8_t b[%d]; struct s%d *next; unsigned f : 3; };\n", i, i%7+1, i)
		fmt.Fprintf(&sb, "struct s%d g%d;\n", i, i)
		fmt.Fprintf(&sb, "int f%d(int x, const char *p) {\n", i)
		fmt.Fprintf(&sb, "\tstruct s%d l = g%d; int acc = x;\n", i, i)
		sb.WriteString("\tfor (int k = 0; k < 4; k++) { int t = k * x; acc += t + p[k] + l.b[0]; }\n")
		if i > 0 {
			fmt.Fprintf(&sb, "\tacc += f%d(acc, p);\n", i-1)
		}
		sb.WriteString("\treturn acc + l.a;\n}\n")
	}
	sb.WriteString("int main(void) { return f" + fmt.Sprint(bigFunctions-1) + "(1, \"abcd\"); }\n")
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// buildBigELF compiles writeBigSource's firmware (~5 MB, 7500 functions
// and as many globals) into dir.
func buildBigELF(tb testing.TB, dir string) string {
	tb.Helper()
	src := filepath.Join(dir, "big.c")
	if err := writeBigSource(src); err != nil {
		tb.Fatal(err)
	}
	elf := filepath.Join(dir, "big.elf")
	cmd := exec.Command("riscv64-unknown-elf-gcc", "-march=rv32imac_zicsr", "-mabi=ilp32",
		"-g", "-O0", "-ffreestanding", "-nostdlib", "-nostartfiles", "-Wl,-e,main",
		"-Wl,-Ttext=0x80000000", "-o", elf, src)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("build big.elf: %v\n%s", err, out)
	}
	st, err := os.Stat(elf)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("big.elf: %d bytes", st.Size())
	return elf
}

// BenchmarkLoadLarge builds a ~5 MB firmware ELF with the cross compiler
// and measures loading it (target: under 200 ms).
func BenchmarkLoadLarge(b *testing.B) {
	benchLoadFile(b, buildBigELF(b, b.TempDir()))
}
