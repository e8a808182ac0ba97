package amd64

import (
	"io"
	"runtime"
	"runtime/trace"
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
	entry := place(t, code, &a)
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

// TestCallKeepsGoRegisters runs a function that overwrites RBP, R14 and
// R15 (Go's frame pointer, goroutine and global registers), then checks
// that the goroutine still works: it allocates, collects garbage,
// recovers a panic and switches goroutines, with the execution tracer on
// (whose stacks follow the frame pointers).
func TestCallKeepsGoRegisters(t *testing.T) {
	code := testCode(t)
	if err := trace.Start(io.Discard); err != nil {
		t.Fatal(err)
	}
	defer trace.Stop()
	var a Asm
	for _, r := range []Reg{RBX, RBP, RSI, R8, R9, R10, R11, R12, R13, R14, R15} {
		a.MovRI64(r, 0xdead_beef_0bad_f00d)
	}
	a.MovRR64(RAX, R14)
	a.ALURR64(ADD, RAX, RBP)
	a.ALURR64(ADD, RAX, R15)
	a.MovMR64(M(RDI, 0), RAX)
	a.Ret()
	entry := place(t, code, &a)
	for i := range 100 {
		var got uint64
		Call(entry, unsafe.Pointer(&got))
		v := uint64(0xdead_beef_0bad_f00d)
		if want := v + v + v; got != want {
			t.Fatalf("run %d: sum = %#x, want %#x", i, got, want)
		}
		keep := make([][]byte, 0, 16)
		for range 16 {
			keep = append(keep, make([]byte, 1<<10))
		}
		runtime.GC()
		done := make(chan int)
		go func() { done <- len(keep) }()
		if n := <-done; n != 16 {
			t.Fatalf("run %d: goroutine saw %d", i, n)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic recovered")
				}
			}()
			s := make([]int, i%3)
			s[len(s)] = i // a run-time panic: the index is out of range
		}()
	}
}

// place finishes a's function and places it in code.
func place(t *testing.T, code *Code, a *Asm) uintptr {
	t.Helper()
	fn, err := a.Finish()
	if err != nil {
		t.Fatal(err)
	}
	entry, ok := code.Place(fn)
	if !ok {
		t.Fatal("no room")
	}
	return entry
}

// TestPatchJmp patches a placed function's first instruction into a jump
// to another function and runs it; patches outside placed code fail.
func TestPatchJmp(t *testing.T) {
	code := testCode(t)
	var a Asm
	a.MovMI32(M(RDI, 0), 7)
	a.Ret()
	seven := place(t, code, &a)
	a.Reset()
	a.MovRI64(RCX, 0x1122334455667788) // 10 bytes, patched
	a.MovMI32(M(RDI, 0), 1)
	a.Ret()
	one := place(t, code, &a)
	var got uint32
	Call(one, unsafe.Pointer(&got))
	if got != 1 {
		t.Fatalf("before the patch: %d, want 1", got)
	}
	if !code.PatchJmp(one, seven) {
		t.Fatal("PatchJmp refused placed code")
	}
	Call(one, unsafe.Pointer(&got))
	if got != 7 {
		t.Fatalf("after the patch: %d, want 7", got)
	}
	if code.PatchJmp(one+uintptr(code.Used()), seven) || code.PatchJmp(seven-1, seven) {
		t.Error("PatchJmp wrote outside placed code")
	}
}

// testCode maps 4 KiB of code memory for a test, freed when it ends; it
// skips the test where generated code cannot run.
func testCode(t *testing.T) *Code {
	t.Helper()
	if !Supported {
		t.Skip("generated code runs only on linux/amd64")
	}
	code, err := NewCode(1 << 12)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = code.Free() })
	return code
}
