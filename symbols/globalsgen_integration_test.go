//go:build integration

package symbols

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// globalsPerUnit is how many globals each generated compilation unit holds.
const globalsPerUnit = 250

// globalsHeader is shared by every generated unit: types many globals use,
// so the type cache holds both shared and per-global types.
const globalsHeader = `#include <stdint.h>
enum color { RED, GREEN, BLUE };
typedef struct point { int16_t x, y; } point_t;
typedef union word { uint32_t w; uint8_t b[4]; } word_t;
typedef struct regs { volatile uint32_t ctrl; unsigned en : 1, mode : 3, div : 12; } regs_t;
`

// writeGlobalsUnit writes unit u of a firmware whose globals lo..hi-1 each
// have a type of their own (a struct with an array, a bitfield, a union, a
// pointer to the previous global's type) or one of the shared types, as
// large firmware does.
func writeGlobalsUnit(path string, u, lo, hi int) error {
	var sb strings.Builder
	sb.WriteString(globalsHeader)
	for i := lo; i < hi; i++ {
		storage := ""
		if i%5 == 0 {
			storage = "static "
		}
		switch i % 4 {
		case 0, 1:
			fmt.Fprintf(&sb, "struct t%d { uint32_t id; uint8_t buf[%d]; point_t at[%d][2]; "+
				"unsigned ready : 1, level : %d; word_t w; enum color c; struct t%d *next; };\n",
				i, i%13+1, i%3+1, i%7+1, i)
			fmt.Fprintf(&sb, "%sstruct t%d g%d = { .id = %d, .buf = { %d }, .c = BLUE };\n",
				storage, i, i, i, i%256)
		case 2:
			fmt.Fprintf(&sb, "%sregs_t g%d[%d];\n", storage, i, i%5+1)
		default:
			fmt.Fprintf(&sb, "%sconst char *g%d = \"global %d\";\n", storage, i, i)
		}
	}
	// Every static is used, so the compiler keeps it.
	fmt.Fprintf(&sb, "uintptr_t unit%d(void) { uintptr_t s = 0;\n", u)
	for i := lo; i < hi; i++ {
		if i%5 == 0 {
			fmt.Fprintf(&sb, "\ts += (uintptr_t)&g%d;\n", i)
		}
	}
	sb.WriteString("\treturn s;\n}\n")
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// buildGlobalsELF generates and compiles a firmware with n globals (in
// units of globalsPerUnit) with the cross compiler at -O0, into dir.
func buildGlobalsELF(dir string, n int) (string, error) {
	args := []string{"-march=rv32imac_zicsr", "-mabi=ilp32", "-g", "-O0",
		"-ffreestanding", "-nostdlib", "-nostartfiles", "-Wl,-e,main", "-Wl,-Ttext=0x80000000"}
	var main strings.Builder
	main.WriteString("#include <stdint.h>\n")
	units := (n + globalsPerUnit - 1) / globalsPerUnit
	for u := 0; u < units; u++ {
		src := filepath.Join(dir, fmt.Sprintf("unit%d.c", u))
		if err := writeGlobalsUnit(src, u, u*globalsPerUnit, min(n, (u+1)*globalsPerUnit)); err != nil {
			return "", err
		}
		args = append(args, src)
		fmt.Fprintf(&main, "uintptr_t unit%d(void);\n", u)
	}
	main.WriteString("int main(void) { uintptr_t s = 0;\n")
	for u := 0; u < units; u++ {
		fmt.Fprintf(&main, "\ts += unit%d();\n", u)
	}
	main.WriteString("\treturn (int)s;\n}\n")
	mainSrc := filepath.Join(dir, "main.c")
	if err := os.WriteFile(mainSrc, []byte(main.String()), 0o644); err != nil {
		return "", err
	}
	elf := filepath.Join(dir, fmt.Sprintf("globals%d.elf", n))
	args = append(args, mainSrc, "-o", elf)
	if out, err := exec.Command("riscv64-unknown-elf-gcc", args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("build %s: %v\n%s", elf, err, out)
	}
	return elf, nil
}
