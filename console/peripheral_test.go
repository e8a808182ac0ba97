package console

import (
	"bytes"
	"slices"
	"testing"
)

// TestCompletePeripherals: tab completes peripheral names at the start of
// an expression and after "info peripheral", registers after "UART0.",
// fields after "UART0.ier.".
func TestCompletePeripherals(t *testing.T) {
	var out bytes.Buffer
	c := firmwareConsole(t, &out, "echo_irq")
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"p UAR", []string{"UART0"}},
		{"info peripheral PL", []string{"PLIC"}},
		{"p UART0.ls", []string{"lsr"}},
		{"set var UART0.ier.e", []string{"edssi", "elsi", "erbfi", "etbei"}},
		{"watch CLINT.mtimecmp", []string{"mtimecmp", "mtimecmph"}},
	} {
		_, got := c.Complete(tt.line)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Complete(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
