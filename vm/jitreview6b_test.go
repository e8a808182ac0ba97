package vm

import (
	"encoding/hex"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// Review tests of the Thumb compiler's calls and returns between
// functions, its patched link sites and its one-LEA register-offset
// addresses (written for a register map per function, which measured no
// faster and was taken out; the programs stay): programs
// of several functions on one page that call each other run compiled and
// interpreted, compared at many stops.

// review6bFuncs is testdata/review6b_funcs.s assembled (arm-none-eabi-as
// -mcpu=cortex-m4, arm-none-eabi-ld -Ttext=0x100, objcopy -O binary), whose
// functions on one page each use other registers: a loop summing squares (r0-r3, returns by BX LR), mutually recursive even/odd (PUSH,
// BL, POP {pc}), a function of r8-r12 that tail-calls another by B, that
// other (register-offset loads and stores, also reached by BL), a
// function reached only through BLX r3 that calls one and tail-calls
// another, and one that conditionally tail-calls two others (BEQ, BNE).
const review6bFuncs = "0027394e384600f01bf8306007f0070000f021f87060384600f032f8b060334b38469847f060384600f03af83061384600f04ef8706101373c2fe3d10027e1e700f00f01002221b101fb01f31a440139f9e71046704738b130b50446013800f005f880ea040030bd0120704730b160b505460138fff7efff284460bd0020704780464ff003094ff0000ac2448aeac90b4fea7b1ce044b9f10109f6d15046ffe71349042251f82230034441f8223011f802c06044013af5d51846704710b50446fff7beff2044bde8104000f00300c2e710b510f00304bde81040e1d010f0040faed100f10100704700010020bd01000000020020"

// review6bPCs are pcs of review6bFuncs to set breakpoints at: block
// starts and middles of every function.
var review6bPCs = []uint32{0x104, 0x10a, 0x122, 0x140, 0x148, 0x156, 0x15e, 0x16c, 0x172, 0x180, 0x18e, 0x1a0, 0x1a6, 0x1b6, 0x1bc, 0x1c8, 0x1d0, 0x1dc}

// review6bMachines builds the compiled and interpreted machines for
// review6bFuncs with the given seed's registers.
func review6bMachines(t *testing.T, seed uint64) [2]*Machine {
	t.Helper()
	code, err := hex.DecodeString(review6bFuncs)
	if err != nil {
		t.Fatal(err)
	}
	return reviewPair(t, code, armJITRegs(rand.New(rand.NewPCG(seed, 1))), uint8(seed), false)
}

// review6bRun runs both machines to many seeded stop times with
// breakpoints set and cleared (at pcs), single steps, activity resets and (flush)
// the compiled machine's code memory emptied now and then.
func review6bRun(t *testing.T, ms [2]*Machine, pcs []uint32, seed uint64, stops int, flush bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	at := uint64(0)
	for k := range stops {
		switch rng.IntN(8) {
		case 0:
			pc := pcs[rng.IntN(len(pcs))]
			for _, m := range ms {
				m.SetBreakpoint(pc)
			}
		case 1:
			pc := pcs[rng.IntN(len(pcs))]
			for _, m := range ms {
				m.ClearBreakpoint(pc)
			}
		case 2:
			for range rng.IntN(5) {
				s0, s1 := ms[0].Step(), ms[1].Step()
				if s0 != s1 {
					t.Fatalf("step %d: %+v compiled, %+v interpreted", k, s0, s1)
				}
				jitSame(t, ms, s0)
			}
		case 3:
			ms[0].ResetActivity()
			ms[1].ResetActivity()
		case 4:
			if flush {
				ms[0].jitFlush()
			}
		}
		at = max(at, ms[0].Time()) + 1 + uint64(rng.IntN([]int{3, 50, 700, 20_000}[rng.IntN(4)]))
		jitRunBoth(t, ms, at)
	}
}

// TestReview6bFunctions runs review6bFuncs compiled and interpreted to
// many stops.
func TestReview6bFunctions(t *testing.T) {
	for seed := range uint64(6) {
		ms := review6bMachines(t, seed)
		jitRunBoth(t, ms, 5000)
		review6bRun(t, ms, review6bPCs, seed, 400, seed%2 == 1)
	}
}

// TestReview6bSmallCodeMemory runs review6bFuncs with a code memory so
// small that it fills, and empties, while a page's blocks are built and
// compiled (jitPlace -> jitFlush in the middle of armJitBuild).
func TestReview6bSmallCodeMemory(t *testing.T) {
	for _, size := range []int{1 << 10, 3 << 10, 6 << 10, 12 << 10} {
		for seed := range uint64(3) {
			ms := review6bMachines(t, seed)
			if !review6bSmallCode(t, ms[0], size) {
				t.Skip("no compiled code on this host")
			}
			review6bRun(t, ms, review6bPCs, seed+uint64(size), 300, false)
		}
	}
}

// review6bSmallCode gives m a code memory of size bytes; false when m
// compiles no blocks.
func review6bSmallCode(t *testing.T, m *Machine, size int) bool {
	t.Helper()
	if m.jitCode() == nil {
		return false
	}
	c, err := amd64.NewCode(size)
	if err != nil {
		t.Fatal(err)
	}
	old := m.jit.code
	m.jit.code = c
	_ = old.Free()
	t.Cleanup(func() { _ = c.Free() })
	return true
}

// TestReview6bELFsSmallCodeMemory runs Cortex-M firmware (the RTOS with
// its many functions, the benchmark) compiled with a code memory of a
// few KiB, so that it fills and empties while pages of real code are
// built, and interpreted, compared at many stops.
func TestReview6bELFsSmallCodeMemory(t *testing.T) {
	for _, elf := range []string{"rtos/rtos-cm4f.elf", "rtos/rtos-cm3.elf", "arm/bench/bench.elf", "arm/uart_irq.elf"} {
		for _, size := range []int{2 << 10, 9 << 10, 40 << 10} {
			ms := armJITPair(t, filepath.Join("..", "testdata", elf), "")
			if !review6bSmallCode(t, ms[0], size) {
				t.Skip("no compiled code on this host")
			}
			rng := rand.New(rand.NewPCG(uint64(size), uint64(len(elf))))
			at := uint64(0)
			for range 80 {
				at += 1 + uint64(rng.IntN([]int{3, 300, 30_000}[rng.IntN(3)]))
				if jitRunBoth(t, ms, at).Reason == StopExit {
					break
				}
			}
		}
	}
}
