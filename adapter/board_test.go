package adapter

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLaunchBoard: the launch attribute board takes a built-in name, an
// alias, or a board file's path relative to cwd; the HiFive1 firmware
// then reads its UART input and stops before it exits with the number of
// lines read.
func TestLaunchBoard(t *testing.T) {
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "hifive1", "board.elf"))
	boards, _ := filepath.Abs(filepath.Join("..", "vm", "testdata", "boards"))
	for _, args := range []map[string]any{
		{"board": "hifive1-revb"},
		{"board": "sifive_e"},
		{"board": "./myboard.json", "cwd": boards},
	} {
		c := newClient(t)
		c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
		args["program"] = elf
		args["uartInput"] = "one\ntwo\nquit\n"
		c.ok("launch", args, nil)
		c.waitEvent("initialized", nil)
		c.ok("configurationDone", nil, nil)
		if st := c.stopped(); st.Reason != "exit" || !strings.Contains(st.Description, "code 3") {
			t.Fatalf("%v: stop before the exit: %+v", args, st)
		}
	}
}
