package debugger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestARMSessionRuns opens a session on a Cortex-M ELF (the board comes
// from the ELF, the symbols are ARM's): it runs to the exit, steps and
// steps back by instruction and by line.
func TestARMSessionRuns(t *testing.T) {
	path := filepath.Join("..", "testdata", "arm", "hello-picolibc.elf")
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s, err := New(elf, Options{Path: path, Output: func(b byte, _ uint64) { out.WriteByte(b) }})
	if err != nil {
		t.Fatal(err)
	}
	if s.Board() != "mps2-an385" {
		t.Errorf("board %q, want mps2-an385 from the ELF", s.Board())
	}
	// objdump -d: 64: b508 push {r3, lr}
	if d := s.Disassemble(0x64, 0, 1); len(d) != 1 || d[0].Text != "push {r3, lr}" {
		t.Errorf("disassembly at the entry: %+v, want Thumb push {r3, lr}", d)
	}
	if ok, why := s.Symbols().HasLines(); !ok || len(s.Symbols().FunctionsNamed("main")) != 1 {
		t.Errorf("HasLines = %v, %q; want the ARM line table and main", ok, why)
	}
	st := s.StepInstruction(0)
	if st.Reason != ReasonStep || st.Time != 1 {
		t.Fatalf("step: %+v", st)
	}
	if _, err := s.Frames(0); err != nil {
		t.Logf("frames: %v", err) // an error is fine, a panic is not
	}
	if _, err := s.Registers(0); err != nil {
		t.Logf("registers: %v", err)
	}
	if st := s.Next(0, Statement); st.Reason == 0 {
		t.Errorf("source step without lines: %+v", st)
	}
	st = s.Continue()
	if st.Reason != ReasonExiting && !st.Exited() {
		t.Fatalf("continue: %v %s", st.Reason, st.Description)
	}
	if !strings.Contains(out.String(), "hello from semihosting") {
		t.Errorf("output %q", out.String())
	}
	st = s.StepBack(0, ByInstruction)
	if st.Reason != ReasonStep {
		t.Errorf("step back: %v %s", st.Reason, st.Description)
	}
}
