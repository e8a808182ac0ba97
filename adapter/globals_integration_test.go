//go:build integration

package adapter

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildManyGlobals compiles, with the cross compiler, a firmware with n
// globals gI = I*3 (every fourth a static), into dir.
func buildManyGlobals(t testing.TB, dir string, n int) string {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("#include <stdint.h>\n")
	for i := 0; i < n; i++ {
		storage := ""
		if i%4 == 0 {
			storage = "static "
		}
		fmt.Fprintf(&sb, "%svolatile uint32_t g%d = %d;\n", storage, i, i*3)
	}
	sb.WriteString("int main(void) { uint32_t s = 0;\n")
	for i := 0; i < n; i += 4 {
		fmt.Fprintf(&sb, "\ts += g%d;\n", i)
	}
	sb.WriteString("\tfor (;;) { s++; }\n}\n")
	src := filepath.Join(dir, "globals.c")
	if err := os.WriteFile(src, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	elf := filepath.Join(dir, "globals.elf")
	out, err := exec.Command("riscv64-unknown-elf-gcc", "-march=rv32imac_zicsr", "-mabi=ilp32",
		"-g", "-O0", "-ffreestanding", "-nostdlib", "-nostartfiles", "-Wl,-e,main",
		"-Wl,-Ttext=0x80000000", "-Wl,-n", "-o", elf, src).CombinedOutput()
	if err != nil {
		t.Fatalf("riscv64-unknown-elf-gcc: %v\n%s", err, out)
	}
	return elf
}

// globalsScopeOf launches program stopped on entry and returns the
// Globals scope of the top frame.
func globalsScopeOf(c *client, program string) (ref int, expensive bool) {
	c.t.Helper()
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": program, "stopOnEntry": true}, nil)
	c.waitEvent("initialized", nil)
	c.configure()
	var st struct{ StackFrames []struct{ Id int } }
	c.ok("stackTrace", map[string]any{"threadId": 1}, &st)
	if len(st.StackFrames) == 0 {
		c.t.Fatal("no frames")
	}
	var sc struct {
		Scopes []struct {
			Name               string
			VariablesReference int
			Expensive          bool
		}
	}
	c.ok("scopes", map[string]any{"frameId": st.StackFrames[0].Id}, &sc)
	for _, s := range sc.Scopes {
		if s.Name == "Globals" {
			return s.VariablesReference, s.Expensive
		}
	}
	c.t.Fatalf("no Globals scope: %+v", sc.Scopes)
	return 0, false
}

// TestGlobalsScopeLarge: a firmware with more globals than largeGlobals
// gets an expensive Globals scope, one just under it does not, and the
// scope's rows hold every global with its initial value.
func TestGlobalsScopeLarge(t *testing.T) {
	for _, tc := range []struct {
		n         int
		expensive bool
	}{{largeGlobals, false}, {3 * largeGlobals, true}} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			c := newClient(t)
			ref, expensive := globalsScopeOf(c, buildManyGlobals(t, t.TempDir(), tc.n))
			if expensive != tc.expensive {
				t.Fatalf("%d globals: expensive %v, want %v", tc.n, expensive, tc.expensive)
			}
			var vs struct{ Variables []variableRow }
			c.ok("variables", map[string]any{"variablesReference": ref}, &vs)
			seen := map[string]string{}
			for _, v := range vs.Variables {
				seen[v.Name] = v.Value
			}
			for i := 0; i < tc.n; i++ {
				name := fmt.Sprintf("g%d", i)
				if got, want := seen[name], fmt.Sprint(i*3); got != want {
					t.Fatalf("%s = %q, want %q (%d rows)", name, got, want, len(vs.Variables))
				}
			}
		})
	}
}

// BenchmarkGlobalsScopeDAP times the first variables request of the
// Globals scope (cold caches: a new session per iteration, launched
// outside the timer) of a firmware with 7500 globals, over the DAP pipe.
func BenchmarkGlobalsScopeDAP(b *testing.B) {
	elf := buildManyGlobals(b, b.TempDir(), 7500)
	for b.Loop() {
		b.StopTimer()
		c := newClient(b)
		ref, _ := globalsScopeOf(c, elf)
		b.StartTimer()
		c.ok("variables", map[string]any{"variablesReference": ref}, nil)
		b.StopTimer()
		c.ok("disconnect", nil, nil)
		b.StartTimer()
	}
}
