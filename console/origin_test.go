package console

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestOriginCommand follows the dataflow firmware's final value to the
// UART byte typed into it, on RISC-V and on Cortex-M.
func TestOriginCommand(t *testing.T) {
	for _, tc := range []struct {
		elf, first string
		want       []string
	}{
		{"dataflow.elf", "final_value = 0x4b2  stored by `sw a0",
			[]string{"in finish", "in copy_bytes", "dataflow.c:71 in main", "[source: UART0 RBR read at t=", `(input "A" typed at t=`}},
		{"dataflow-cm.elf", "final_value = 0x4b2  stored by `str.w r0",
			[]string{"in finish", "in copy_bytes", "s15 = 0x42820000  computed by `vcvt.f32.u32", "[source: UART0 DATA read at t=", `(input "A" typed at t=`}},
	} {
		t.Run(tc.elf, func(t *testing.T) {
			c, out := dataflowConsole(t, tc.elf)
			c.Exec("origin final_value 20")
			got := out.String()
			t.Log("\n" + got)
			lines := strings.Split(strings.TrimSpace(got), "\n")
			if !strings.HasPrefix(lines[0], tc.first) {
				t.Fatalf("first line %q", lines[0])
			}
			for _, want := range tc.want {
				if !strings.Contains(got, want) {
					t.Errorf("no %q in the tree", want)
				}
			}
		})
	}
	c, out := dataflowConsole(t, "dataflow.elf")
	out.Reset()
	c.Exec("origin")
	if !strings.Contains(out.String(), "origin of what?") {
		t.Errorf("origin without an argument: %q", out.String())
	}
}

// dataflowConsole is a console on testdata/dataflow/elf run to its end
// with "A" typed, its output cleared.
func dataflowConsole(t *testing.T, elf string) (*Console, *bytes.Buffer) {
	t.Helper()
	path := "../testdata/dataflow/" + elf
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c, err := New(&out, Config{Program: debugger.Program{ELF: data, ELFPath: path}, Name: elf})
	if err != nil {
		t.Fatal(err)
	}
	c.Exec(`uart A\c`)
	c.Exec("continue")
	out.Reset()
	return c, &out
}
