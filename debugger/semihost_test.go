package debugger

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSemihostingOutput: semihosting output reaches Output like the
// UART's, unless semihosting is off.
func TestSemihostingOutput(t *testing.T) {
	path := filepath.Join("..", "testdata", "semihost", "hello.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []byte
	for _, off := range []bool{false, true} {
		out = out[:0]
		s, err := New(elf, Options{Path: path, NoSemihosting: off, Output: func(b byte, _ uint64) { out = append(out, b) }})
		if err != nil {
			t.Fatal(err)
		}
		st := s.Continue()
		if got := string(out); (got == "hello from semihosting, 2 + 3 = 5\n") == off {
			t.Errorf("NoSemihosting %v: output %q, stop %v", off, got, st.Reason)
		}
	}
}
