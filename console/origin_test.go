package console

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestOriginCommand follows the dataflow firmware's final value to the
// UART byte typed into it.
func TestOriginCommand(t *testing.T) {
	path := "../testdata/dataflow/dataflow.elf"
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c, err := New(&out, Config{Program: debugger.Program{ELF: elf, ELFPath: path}, Name: "dataflow.elf"})
	if err != nil {
		t.Fatal(err)
	}
	c.Exec(`uart A\c`)
	c.Exec("continue")
	out.Reset()
	c.Exec("origin final_value 12")
	got := out.String()
	t.Log("\n" + got)
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if !strings.HasPrefix(lines[0], "final_value = 0x4b2  stored by `sw a0") {
		t.Fatalf("first line %q", lines[0])
	}
	for _, want := range []string{"in finish", "in copy_bytes", "dataflow.c:71 in main", "[source: UART0 RBR read at t=", `(input "A" typed at t=`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the tree", want)
		}
	}
	out.Reset()
	c.Exec("origin")
	if !strings.Contains(out.String(), "origin of what?") {
		t.Errorf("origin without an argument: %q", out.String())
	}
}
