package rpc

import (
	"strings"
	"testing"
)

// TestLaunchBoard: launch's board picks the HiFive1 (by its alias), whose
// firmware then prints through the SiFive UART and stops at the reset
// vector in the mask ROM; an unknown board is refused with its name.
func TestLaunchBoard(t *testing.T) {
	c := client(t)
	st := call[Stop](t, c, "launch", map[string]any{"program": "../testdata/hifive1/board.elf", "board": "sifive_e"})
	if st.Reason != "entry" || st.PC != 0x1004 {
		t.Fatalf("launch: %+v", st)
	}
	call[Breakpoint](t, c, "breakpoint.set", map[string]any{"location": "board.c:90"})
	st = call[Stop](t, c, "run", map[string]any{"direction": "forward"})
	if st.Reason != "breakpoint" || st.Line != 90 {
		t.Fatalf("run: %+v", st)
	}
	if out := call[Output](t, c, "output", nil); !strings.HasPrefix(out.Text, "semihosting console: hello\nhifive1 board test\n") || !strings.Contains(out.Text, "pllcfg=0x800305f1\n") {
		t.Fatalf("output: %q", out.Text)
	}
	c2 := client(t)
	if msg := callErr(t, c2, "launch", map[string]any{"program": "../testdata/hifive1/board.elf", "board": "hifive2"}, CodeLaunchFailed); !strings.Contains(msg, `no built-in board "hifive2"`) {
		t.Errorf("unknown board: %q", msg)
	}
}
