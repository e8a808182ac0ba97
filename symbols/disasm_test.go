package symbols

import (
	"strings"
	"testing"
)

// TestDisassembleWithSource disassembles a function from the ELF image
// with source lines and symbolized call targets.
func TestDisassembleWithSource(t *testing.T) {
	tab := openVariant(t, "O0")
	lines, err := tab.DisassembleFunction("shape_move", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	var text []string
	sources := 0
	for _, l := range lines {
		if l.Source != nil {
			sources++
		}
		text = append(text, l.Symbol+": "+l.Text)
	}
	all := strings.Join(text, "\n")
	if !strings.HasPrefix(text[0], "shape_move: addi sp, sp, -") {
		t.Errorf("first line %q", text[0])
	}
	if sources < 4 || !strings.Contains(all, "shape_move+0x") || !strings.Contains(all, "ret") {
		t.Errorf("%d source lines in:\n%s", sources, all)
	}
	fn, _ := tab.FunctionByName("shape_move")
	before := tab.InstructionsBefore(lines[3].Addr, 2)
	if len(before) != 2 || before[1] != lines[2].Addr || before[0] != lines[1].Addr || fn.Low != lines[0].Addr {
		t.Errorf("InstructionsBefore = %x", before)
	}
}
