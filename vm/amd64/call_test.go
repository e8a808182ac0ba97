package amd64

import (
	"testing"
	"unsafe"
)

// TestCall places a generated function that reads and writes through its
// context pointer, loops on a label and returns, and runs it.
func TestCall(t *testing.T) {
	if !Supported {
		if _, err := NewCode(4096); err == nil {
			t.Fatal("NewCode succeeded where generated code cannot run")
		}
		t.Skip("generated code runs only on linux/amd64")
	}
	code, err := NewCode(1 << 16)
	if err != nil {
		t.Fatal(err)
	}
	defer code.Free()
	// ctx[0] = sum of 1..ctx[1]; ctx[2] = ctx[1] * 3
	var a Asm
	loop, done := a.NewLabel(), a.NewLabel()
	a.MovRM32(RCX, M(RDI, 4))
	a.ImulRRI32(RDX, RCX, 3)
	a.MovMR32(M(RDI, 8), RDX)
	a.MovRI32(RAX, 0)
	a.Bind(loop)
	a.TestRR32(RCX, RCX)
	a.Jcc(CE, done)
	a.ALURR32(ADD, RAX, RCX)
	a.ALURI32(SUB, RCX, 1)
	a.Jmp(loop)
	a.Bind(done)
	a.MovMR32(M(RDI, 0), RAX)
	a.Ret()
	fn, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	entry, ok := code.Place(fn)
	if !ok {
		t.Fatal("no room")
	}
	ctx := [3]uint32{0, 100, 0}
	Call(entry, unsafe.Pointer(&ctx))
	if ctx != [3]uint32{5050, 100, 300} {
		t.Errorf("ctx = %v, want [5050 100 300]", ctx)
	}
	if _, ok := code.Place(make([]byte, code.Cap())); ok {
		t.Error("a function larger than the room left was placed")
	}
	code.Reset()
	if code.Used() != 0 {
		t.Errorf("Used after Reset = %d", code.Used())
	}
}
