package console

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// armConsole opens a console on a firmware of testdata/symbols-arm.
func armConsole(t *testing.T, out *bytes.Buffer, name string) *Console {
	t.Helper()
	path := "../testdata/symbols-arm/" + name
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(out, Config{Program: debugger.Program{ELF: elf, ELFPath: path}, Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestARMFinishAndEvents: on Cortex-M firmware `finish` reads the value
// returned where the ABI puts it (r0 soft-float, s0 hard-float on the
// M4F), and `events` lists SysTick under an architecture-neutral label.
func TestARMFinishAndEvents(t *testing.T) {
	for _, elf := range []string{"prog-m3-O0.elf", "prog-m4-O0.elf"} {
		t.Run(elf, func(t *testing.T) {
			var out bytes.Buffer
			c := armConsole(t, &out, elf)
			script := "break area\ncontinue\nfinish\ndelete\ncontinue\nevents interrupt --limit 1\n"
			if err := c.Run(strings.NewReader(script), false); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			for _, want := range []string{"Value returned: -96", "cause 0xf (SysTick)"} {
				if !strings.Contains(got, want) {
					t.Errorf("output lacks %q:\n%s", want, got)
				}
			}
			if strings.Contains(got, "mcause") {
				t.Errorf("a RISC-V register named on Cortex-M:\n%s", got)
			}
		})
	}
}
