package console

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/")

// demoConsole starts a console on the demo firmware writing to out.
func demoConsole(t testing.TB, out *bytes.Buffer) *Console {
	t.Helper()
	elf, err := os.ReadFile("../testdata/firmware/demo.elf")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../testdata/firmware/demo.c")
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(out, Config{Program: debugger.Program{ELF: elf}, Name: "demo.elf", Sources: map[string][]byte{"demo.c": src}})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// firmwareConsole starts a console on testdata/firmware/NAME.elf.
func firmwareConsole(t testing.TB, out *bytes.Buffer, name string) *Console {
	t.Helper()
	path := "../testdata/firmware/" + name + ".elf"
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(out, Config{Program: debugger.Program{ELF: elf, ELFPath: path}, Name: name + ".elf"})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestScripts pipes each testdata/*.script into a console on the demo
// firmware (or the one named by a first line "# firmware: NAME") and compares the transcript with testdata/*.golden.
func TestScripts(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.script")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, sc := range scripts {
		name := strings.TrimSuffix(filepath.Base(sc), ".script")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(sc)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			golden, err := filepath.Abs(strings.TrimSuffix(sc, ".script") + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			var c *Console
			if fw, ok := strings.CutPrefix(string(in), "# firmware: "); ok {
				c = firmwareConsole(t, &out, strings.TrimSpace(strings.SplitN(fw, "\n", 2)[0]))
			} else {
				c = demoConsole(t, &out)
				t.Chdir(t.TempDir()) // for the files scripts write (save breakpoints)
			}
			if err := c.Run(bytes.NewReader(in), false); err != nil {
				t.Fatal(err)
			}
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("transcript differs from %s (run with -update after checking):\n%s", golden, diffLines(string(want), got))
			}
		})
	}
}

// diffLines shows the first differing line.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return "(same lines, different bytes)"
}

func itoa(n int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n)) }

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
