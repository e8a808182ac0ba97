package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestARMBlocksRandomStops runs Cortex-M firmware (the bench loop, SysTick
// and UART interrupts, timers) with the decoded blocks and with every
// instruction through the full switch, stopping both at the same seeded
// random times, and compares the stops and state hashes at each: a block
// runs only when it fits in the steps left, so a stop, a timer deadline or
// an interrupt lands on the same instruction either way.
func TestARMBlocksRandomStops(t *testing.T) {
	for _, elf := range []string{"bench/bench.elf", "uart_irq.elf", "timers.elf", "isa/isa-m4f.elf"} {
		t.Run(filepath.Base(elf), func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "arm", elf))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, uint64(len(data))))
			var ms [2]*Machine
			for i := range ms {
				b, err := BoardByName("mps2-an386")
				if err != nil {
					t.Fatal(err)
				}
				m, err := NewMachine(b, Config{})
				if err != nil {
					t.Fatal(err)
				}
				m.noFast = i == 1
				m.SetUARTOutput(func(byte) {})
				if _, err := m.LoadELF(data); err != nil {
					t.Fatal(err)
				}
				ms[i] = m
			}
			at := uint64(0)
			for range 400 {
				at += 1 + uint64(rng.IntN([]int{3, 60, 5000}[rng.IntN(3)]))
				if runBothTo(t, ms, at).Reason == StopExit {
					break
				}
			}
		})
	}
}

// TestARMBlocksCodeChanges patches code whose blocks are cached, by a
// store of the debugger (WriteMemory) and by breakpoints set and cleared
// inside a block, and checks that the next run executes the new code and
// stops at the breakpoint, as the full switch does.
func TestARMBlocksCodeChanges(t *testing.T) {
	var code []byte
	for k := range 40 {
		code = binary.LittleEndian.AppendUint16(code, 0x3001+uint16(k%3)<<8) // adds r0/r1/r2, #1
	}
	code = binary.LittleEndian.AppendUint16(code, 0xe7fe-40) // b to the first
	var ms [2]*Machine
	for i := range ms {
		ms[i] = armRandomMachine(t, code, [13]uint32{}, false)
		ms[i].noFast = i == 1
	}
	steps := []func(m *Machine) Stop{
		func(m *Machine) Stop { return m.Run(1_000) },
		func(m *Machine) Stop {
			if err := m.WriteMemory(0x100+2*20, []byte{0x05, 0x33}); err != nil { // adds r3, #5
				t.Fatal(err)
			}
			return m.Run(2_000)
		},
		func(m *Machine) Stop { m.SetBreakpoint(0x100 + 2*30); return m.Run(3_000) },
		func(m *Machine) Stop { return m.Run(3_000) },
		func(m *Machine) Stop { m.ClearBreakpoint(0x100 + 2*30); return m.Run(4_000) },
		func(m *Machine) Stop {
			if err := m.WriteMemory(0x100+2*35, []byte{0x01, 0x34, 0x02, 0x34}); err != nil { // adds r4, #1; adds r4, #2
				t.Fatal(err)
			}
			return m.Run(5_000)
		},
	}
	for k, step := range steps {
		blk, full := step(ms[0]), step(ms[1])
		if blk != full {
			t.Fatalf("step %d: stop %+v with blocks, %+v without", k, blk, full)
		}
		if k == 2 && (blk.Reason != StopBreakpoint || blk.PC != 0x100+2*30) {
			t.Fatalf("step %d: stop %+v, want the breakpoint at %#x", k, blk, 0x100+2*30)
		}
		if ms[0].StateHash() != ms[1].StateHash() {
			t.Fatalf("step %d: state hashes differ", k)
		}
	}
	if r := ms[0].harts[0].arm.r; r[3] == 0 || r[4] == 0 {
		t.Fatalf("patched instructions never ran: r3 %d, r4 %d", r[3], r[4])
	}
}

// TestARMBreakpointOnFusedBranch sets a breakpoint on the conditional
// branch after a compare, a pair blocks fuse: set before the page is
// decoded and while its blocks are cached, it must stop at the branch
// every time, as the full switch does.
func TestARMBreakpointOnFusedBranch(t *testing.T) {
	code := []byte{
		0x01, 0x30, // 0x100 adds r0, #1
		0x0a, 0x28, // 0x102 cmp r0, #10
		0xfc, 0xd1, // 0x104 bne 0x100
		0xfe, 0xe7, // 0x106 b .
	}
	const bne = 0x104
	for _, early := range []bool{true, false} {
		var ms [2]*Machine
		for i := range ms {
			ms[i] = armRandomMachine(t, code, [13]uint32{}, false)
			ms[i].noFast = i == 1
			if early {
				ms[i].SetBreakpoint(bne)
			} else {
				ms[i].Run(7) // the blocks are built and cached
				ms[i].SetBreakpoint(bne)
			}
		}
		hits := 0
		for k := 0; k < 12; k++ {
			blk, full := ms[0].Run(100), ms[1].Run(100)
			if blk != full {
				t.Fatalf("early %v, run %d: stop %+v with blocks, %+v without", early, k, blk, full)
			}
			if blk.Reason == StopBreakpoint {
				if blk.PC != bne {
					t.Fatalf("early %v: breakpoint stop at %#x, want %#x", early, blk.PC, bne)
				}
				hits++
			}
		}
		if want := 10; early && hits != want || !early && hits < want-3 {
			t.Errorf("early %v: %d breakpoint stops", early, hits)
		}
	}
}

// runBothTo runs the machine with blocks (ms[0]) and the one with the
// full switch only (ms[1]) until time at and fails the test unless they
// stop alike with equal state; it returns the stop.
func runBothTo(t *testing.T, ms [2]*Machine, at uint64) Stop {
	t.Helper()
	blk, full := ms[0].Run(at), ms[1].Run(at)
	if blk != full {
		t.Fatalf("until %d: stop %+v with blocks, %+v without", at, blk, full)
	}
	if ms[0].StateHash() != ms[1].StateHash() {
		t.Fatalf("until %d (stopped %v at %d): state hashes differ", at, blk.Reason, blk.Time)
	}
	return blk
}

// TestARMBlocksStoreNearCode stores, from the guest, to a word of a code
// page that no block was built from (data next to code): the page's
// blocks stay. A store onto an instruction some block holds drops them,
// and the next run executes the new instruction. Both runs match the
// interpreter.
func TestARMBlocksStoreNearCode(t *testing.T) {
	code := []byte{
		0x08, 0x60, // 0x100 str r0, [r1]
		0x01, 0x30, // 0x102 adds r0, #1
		0xfc, 0xe7, // 0x104 b 0x100
	}
	for _, tt := range []struct {
		addr uint32
		kept bool
	}{{0x1c0, true}, {0x108, true}, {0x104, false}, {0x100, false}} {
		var regs [13]uint32
		regs[0], regs[1] = 0xe7fe3101, tt.addr // adds r1, #1; b . once stored
		armJITCompare(t, code, regs, 0, false)
		regs[1] = 0x1c0
		m := armRandomMachine(t, code, regs, false)
		m.Run(20)
		ap := m.mem.acode[0]
		b0 := ap.blk[0x80]
		if b0 == nil || b0 == armNoBlock {
			t.Fatalf("no block built at 0x100")
		}
		m.Run(40)
		if ap.blk[0x80] != b0 {
			t.Fatalf("stores to 0x1c0 dropped the blocks")
		}
		m.harts[0].arm.r[1] = tt.addr
		m.Run(60)
		if kept := ap.blk[0x80] == b0; kept != tt.kept {
			t.Errorf("store to %#x: blocks kept %v, want %v", tt.addr, kept, tt.kept)
		}
	}
}
