package console

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestThread selects harts on a two-hart board.
func TestThread(t *testing.T) {
	elf, err := os.ReadFile("../testdata/firmware/demo.elf")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c, err := New(&out, Config{Program: debugger.Program{ELF: elf}, Name: "demo.elf", Harts: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cmd, want string }{
		{"thread", "[Current thread is hart 0]"},
		{"thread 1", "[Switching to hart 1]\n_start () at crt0.S:25, time 0, hart 1"},
		{"info threads", "* hart 1"},
		{"thread", "[Current thread is hart 1]"},
		{"thread 2", "invalid thread \"2\": the harts are 0 to 1"},
		{"thread x", "invalid thread"},
	} {
		out.Reset()
		c.Exec(tt.cmd)
		if !strings.Contains(out.String(), tt.want) {
			t.Errorf("%s: got %q, want %q", tt.cmd, out.String(), tt.want)
		}
	}
}
