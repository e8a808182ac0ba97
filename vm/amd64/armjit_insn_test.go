//go:build amd64

package amd64

import (
	"testing"
	"unsafe"

	"golang.org/x/arch/x86/x86asm"
)

// TestJmpAbs checks that JmpAbs encodes a jmp rel32 reaching its target
// from where the code will be placed (x/arch's decoder judges), and
// refuses a target out of reach.
func TestJmpAbs(t *testing.T) {
	for _, tt := range []struct {
		pad        int
		at, target uintptr
	}{{0, 0x1000, 0x2000}, {7, 0x7f0000001000, 0x7f0000000010}, {3, 0x10, 0x10}} {
		var a Asm
		for range tt.pad {
			a.Ret()
		}
		a.JmpAbs(tt.target, tt.at)
		code, err := a.Finish()
		if err != nil {
			t.Fatal(err)
		}
		inst, err := x86asm.Decode(code[tt.pad:], 64)
		if err != nil {
			t.Fatal(err)
		}
		rel, ok := inst.Args[0].(x86asm.Rel)
		want := int64(tt.target) - int64(tt.at) - int64(tt.pad) - 5
		if inst.Op != x86asm.JMP || inst.Len != 5 || !ok || int64(rel) != want {
			t.Errorf("pad %d, %#x -> %#x: % x decodes as %v, want jmp %+d", tt.pad, tt.at, tt.target, code[tt.pad:], inst, want)
		}
	}
	var a Asm
	a.JmpAbs(0x7f0000000000, 0x1000)
	if _, err := a.Finish(); err == nil {
		t.Error("a jump out of rel32 reach assembled")
	}
}

// TestNextAndJmpAbs places a function that jumps with JmpAbs into one
// placed before it, at the address Next predicted, and runs it.
func TestNextAndJmpAbs(t *testing.T) {
	code := testCode(t)
	var a Asm
	a.MovMI32(M(RDI, 0), 42)
	a.Ret()
	fn, _ := a.Finish()
	target, _ := code.Place(fn)
	a.Reset()
	at := code.Next()
	a.MovMI32(M(RDI, 4), 7)
	a.JmpAbs(target, at)
	fn, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	entry, ok := code.Place(fn)
	if !ok || entry != at {
		t.Fatalf("placed at %#x, Next said %#x", entry, at)
	}
	var ctx [2]uint32
	Call(entry, unsafe.Pointer(&ctx))
	if ctx != [2]uint32{42, 7} {
		t.Errorf("ctx = %v, want [42 7]", ctx)
	}
	if _, ok := code.Place(make([]byte, code.Cap()-(code.Used()+15)&^15)); !ok {
		t.Fatal("filling the code memory failed")
	}
	if code.Next() != 0 {
		t.Error("Next on a full code memory is not 0")
	}
}
