package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// armJITELFs lists every Cortex-M ELF under testdata with the board it
// runs on (BoardForELF's pick, lm3s6965evb for testdata/lm3s).
func armJITELFs(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, pat := range []string{"../testdata/*/*.elf", "../testdata/*/*/*.elf"} {
		paths, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) < 20 || binary.LittleEndian.Uint16(data[18:]) != 40 { // EM_ARM
				continue
			}
			out[p] = ""
			if strings.Contains(p, "/lm3s/") {
				out[p] = "lm3s6965evb"
			}
		}
	}
	if len(out) < 25 {
		t.Fatalf("only %d Cortex-M ELFs under ../testdata", len(out))
	}
	return out
}

// armJITPair builds two machines for the ELF: compiled blocks (ms[0]) and
// interpreted ones (ms[1], Config.NoJIT).
func armJITPair(t *testing.T, path, board string) [2]*Machine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ms [2]*Machine
	for i := range ms {
		b, err := BoardForELF(data, board)
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMachine(b, Config{NoJIT: i == 1})
		if err != nil {
			t.Fatal(err)
		}
		m.SetUARTOutput(func(byte) {})
		if _, err := m.LoadELF(data); err != nil {
			t.Fatal(err)
		}
		ms[i] = m
	}
	return ms
}

// jitRunBoth runs both machines until time at and fails unless they stop
// alike with equal state and activity.
func jitRunBoth(t *testing.T, ms [2]*Machine, at uint64) Stop {
	t.Helper()
	s0, s1 := ms[0].Run(at), ms[1].Run(at)
	if s0 != s1 {
		t.Fatalf("until %d: stop %+v compiled, %+v interpreted", at, s0, s1)
	}
	jitSame(t, ms, s0)
	return s0
}

// jitSame fails unless both machines have equal state and activity, and
// the compiled one's page tables for compiled code follow its fast table.
func jitSame(t *testing.T, ms [2]*Machine, s Stop) {
	t.Helper()
	if ms[0].StateHash() != ms[1].StateHash() {
		h0, h1 := ms[0].harts[0], ms[1].harts[0]
		t.Fatalf("stop %+v: states differ: pc %#x/%#x regs %x/%x nzcv %x/%x", s, h0.pc, h1.pc, h0.arm.r, h1.arm.r, h0.arm.nzcv, h1.arm.nzcv)
	}
	if a0, a1 := ms[0].ActivitySince(), ms[1].ActivitySince(); !reflect.DeepEqual(a0, a1) {
		t.Fatalf("stop %+v: activity differs:\n%+v\n%+v", s, a0, a1)
	}
	if err := jitTablesMatch(ms[0], false); err != nil {
		t.Fatalf("stop %+v: %v", s, err)
	}
}

// armJITCompiled counts the machine's blocks that have compiled code.
func armJITCompiled(m *Machine) int {
	n := 0
	for _, ap := range m.mem.acode {
		if ap == nil {
			continue
		}
		for _, b := range ap.blk {
			if b != nil && b.gentry != 0 {
				n++
			}
		}
	}
	return n
}

// TestARMJITMatchesInterpreter runs every Cortex-M ELF in testdata with
// compiled blocks and with Config.NoJIT, stopping both at the same seeded
// random times (from single steps, which end runs in the middle of blocks
// and at budget ends, to long runs), and compares the stops, the whole
// machine state and the activity at each, resetting the activity now and
// then.
func TestARMJITMatchesInterpreter(t *testing.T) {
	for path, board := range armJITELFs(t) {
		t.Run(strings.TrimPrefix(path, "../testdata/"), func(t *testing.T) {
			ms := armJITPair(t, path, board)
			rng := rand.New(rand.NewPCG(7, uint64(len(path))))
			at := uint64(0)
			stops := 300
			if testing.Short() {
				stops = 60
			}
			for k := range stops {
				at += 1 + uint64(rng.IntN([]int{2, 40, 3000, 200_000}[rng.IntN(4)]))
				if jitRunBoth(t, ms, at).Reason == StopExit {
					break
				}
				if k%7 == 0 {
					ms[0].ResetActivity()
					ms[1].ResetActivity()
				}
			}
			if amd64.Supported && armJITCompiled(ms[0]) == 0 {
				t.Error("no block was compiled")
			}
			if armJITCompiled(ms[1]) != 0 {
				t.Error("a block was compiled with Config.NoJIT")
			}
		})
	}
}

// TestARMJITDebugStops sets breakpoints at pcs the firmware runs (inside
// compiled blocks) and watchpoints on the words it stores and loads, on
// both machines alike, and compares every stop and the state after it.
func TestARMJITDebugStops(t *testing.T) {
	for _, elf := range []string{"arm/bench/bench.elf", "rtos/rtos-cm4f.elf", "arm/uart_irq.elf"} {
		t.Run(elf, func(t *testing.T) {
			path := filepath.Join("..", "testdata", elf)
			ms := armJITPair(t, path, "")
			rng := rand.New(rand.NewPCG(9, uint64(len(elf))))
			at, hits := uint64(0), 0
			defer func() {
				if hits == 0 {
					t.Error("no breakpoint or watchpoint stop")
				}
			}()
			for round := range 12 {
				at += 20_000 + uint64(rng.IntN(50_000))
				if jitRunBoth(t, ms, at).Reason == StopExit {
					return
				}
				h := ms[0].harts[0]
				bp, sp := h.pc, h.arm.r[13]
				for _, m := range ms {
					m.SetBreakpoint(bp)
					if round%3 == 1 {
						m.SetWatchpoint(sp-8, 4, AccessWrite)
						m.SetWatchpoint(sp, 4, AccessRead)
					}
				}
				for range 5 {
					at += 100_000
					s := jitRunBoth(t, ms, at)
					if s.Reason == StopExit {
						return
					}
					if s.Reason == StopBreakpoint || s.Reason == StopWatchpoint {
						hits++
						at = ms[0].Time() + 1
						jitRunBoth(t, ms, at) // step off it
					}
				}
				for _, m := range ms {
					m.ClearBreakpoint(bp)
					m.ClearWatchpoint(sp-8, 4, AccessWrite)
					m.ClearWatchpoint(sp, 4, AccessRead)
				}
			}
		})
	}
}

// TestARMJITFlush empties the code memory under running firmware, both
// directly (as the RISC-V compiler's full memory would) and by filling it
// so that compiling a block of a batch empties it, and checks that the
// machine still matches the interpreter: no block runs freed code, and
// the blocks built through the flush are compiled again.
func TestARMJITFlush(t *testing.T) {
	if !amd64.Supported {
		t.Skip("no compiled blocks on this host")
	}
	for _, elf := range []string{"rtos/rtos-cm4f.elf", "arm/isa/isa-m4f.elf", "arm/bench/bench.elf"} {
		t.Run(elf, func(t *testing.T) {
			ms := armJITPair(t, filepath.Join("..", "testdata", elf), "")
			rng := rand.New(rand.NewPCG(11, uint64(len(elf))))
			at := uint64(0)
			for k := range 60 {
				at += 1 + uint64(rng.IntN(20_000))
				if jitRunBoth(t, ms, at).Reason == StopExit {
					break
				}
				m := ms[0]
				switch k % 3 {
				case 0:
					m.jitFlush()
				case 1:
					code := m.jitCode()
					if room := code.Cap() - code.Used() - 600 - rng.IntN(2000); room > 0 {
						code.Place(make([]byte, room))
					}
				}
			}
			if armJITCompiled(ms[0]) == 0 {
				t.Error("no block compiled after the flushes")
			}
		})
	}
}

// TestARMJITPatchesLinks runs bench.elf compiled and checks that no block
// keeps a site looking up a link Go has set (each was patched into a
// direct jump), and that the run still matches the interpreter's.
func TestARMJITPatchesLinks(t *testing.T) {
	ms := armJITPair(t, "../testdata/arm/bench/bench.elf", "")
	jitRunBoth(t, ms, 3_000_000)
	sites, patched := 0, 0
	for _, ap := range ms[0].mem.acode {
		if ap == nil {
			continue
		}
		for _, b := range ap.blk {
			if b == nil || b == armNoBlock {
				continue
			}
			for _, s := range b.lazy {
				sites++
				if s.taken && b.tkE != 0 || !s.taken && b.ntE != 0 {
					t.Errorf("block %#x: a site at %#x still looks up a link that is set", b.ops[0].pc, s.at)
				}
			}
			if b.entry != 0 && (b.tkE != 0 || b.ntE != 0) {
				patched++
			}
		}
	}
	if patched == 0 {
		t.Fatal("no block was linked at run time: the test does not exercise patching")
	}
	t.Logf("%d linked blocks, %d sites left unlinked", patched, sites)
}
