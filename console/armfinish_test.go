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
// M4F), `events` lists SysTick under an architecture-neutral label and
// `help catch` names the Cortex-M causes.
func TestARMFinishAndEvents(t *testing.T) {
	for _, elf := range []string{"prog-m3-O0.elf", "prog-m4-O0.elf"} {
		t.Run(elf, func(t *testing.T) {
			var out bytes.Buffer
			c := armConsole(t, &out, elf)
			script := "help catch\nbreak area\ncontinue\nfinish\ndelete\ncontinue\nevents interrupt --limit 1\n"
			if err := c.Run(strings.NewReader(script), false); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			for _, want := range []string{"Value returned: -96", "cause 0xf (SysTick)",
				"Cause names on this firmware (armv7-m): HardFault, MemManage, BusFault, UsageFault, SVCall, PendSV, SysTick, NMI, DebugMonitor, IRQn."} {
				if !strings.Contains(got, want) {
					t.Errorf("output lacks %q:\n%s", want, got)
				}
			}
			if _, events, _ := strings.Cut(got, "(rewind) events"); strings.Contains(events, "mcause") {
				t.Errorf("events names a RISC-V register on Cortex-M:\n%s", events)
			}
		})
	}
}
