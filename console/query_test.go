package console

import (
	"bytes"
	"strings"
	"testing"
)

// TestQueryCommands runs each query command on the timer firmware and
// checks the heads and a line of each answer.
func TestQueryCommands(t *testing.T) {
	var out bytes.Buffer
	c := firmwareConsole(t, &out, "timer")
	c.Exec("continue")
	for _, tc := range []struct{ cmd, head, line string }{
		{"writes ticks", "6 writes to ", "timer.c:46 in trap_handler"},
		{"writes ticks --limit 2 --last", "6 writes to ", "(6 writes; showing the last 2)"},
		{"calls uart_puts --limit 1", "uart_puts was called ", "(s=0x"},
		{"events irq 7", "5 traps in the history", "cause 0x80000007 (machine timer interrupt)"},
		{"events exception", "0 traps in the history", ""},
		{"help catch", "catch interrupt", "Cause names on this firmware (riscv32): misaligned-fetch, fetch-access-fault, illegal-instruction, ebreak, misaligned-load, load-access-fault, misaligned-store, store-access-fault, ecall, software, timer, external."},
		{`logpoint-history timer.c:46 "ticks={ticks}"`, "timer.c:46 would have printed 5 lines", "ticks=4"},
	} {
		out.Reset()
		c.Exec(tc.cmd)
		got := out.String()
		if !strings.HasPrefix(got, tc.head) || !strings.Contains(got, tc.line) {
			t.Errorf("%s:\n%s", tc.cmd, got)
		}
	}
}
