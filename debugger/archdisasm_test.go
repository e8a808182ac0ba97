package debugger

import (
	"path/filepath"
	"testing"
)

// TestDisassembleITBlock: the session's listing carries a Thumb IT
// block's conditions from the it instruction to the instructions it
// covers, as objdump -d shows them (hello-picolibc.elf at 0x196).
func TestDisassembleITBlock(t *testing.T) {
	s := openELF(t, filepath.Join("..", "testdata", "arm", "hello-picolibc.elf"), "")
	want := []string{"itet mi", "movmi.w sl, #7", "movpl.w sl, #39 @ 0x27", "bicmi.w r5, r5, #512 @ 0x200"}
	got := s.Disassemble(0x196, 0, len(want))
	for i, w := range want {
		if i >= len(got) || got[i].Text != w {
			t.Errorf("instruction %d: %+v, want %q", i, got, w)
		}
	}
	// Starting inside the block, the listing cannot know its condition.
	if got := s.Disassemble(0x198, 0, 1); len(got) != 1 || got[0].Text != "mov.w sl, #7" {
		t.Errorf("decoded alone: %+v", got)
	}
}
