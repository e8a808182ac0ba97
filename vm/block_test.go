package vm

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// pair is two machines running the same guest: one with decoded blocks,
// one (noFast) stepping every instruction through the full switch.
type pair struct {
	t      *testing.T
	blk, f *Machine
}

// newPair builds both machines with build and checks they agree from the start.
func newPair(t *testing.T, build func(noFast bool) *Machine) *pair {
	t.Helper()
	return &pair{t: t, blk: build(false), f: build(true)}
}

// both applies op to both machines and fails when their stops or states differ.
func (p *pair) both(what string, op func(m *Machine) Stop) Stop {
	p.t.Helper()
	a, b := op(p.blk), op(p.f)
	if a != b {
		p.t.Fatalf("%s: stop %+v with blocks, %+v without", what, a, b)
	}
	if p.blk.StateHash() != p.f.StateHash() {
		p.t.Fatalf("%s (stopped %v at %d): state hashes differ", what, a.Reason, a.Time)
	}
	return a
}

// randomWalk drives the pair with runs to random limits (most of them
// short, so that they end inside blocks), single steps, UART input (an
// interrupt source) and restores of earlier snapshots.
func (p *pair) randomWalk(seed uint64, actions int) {
	p.t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var snaps [2][]*Snapshot
	for i := 0; i < actions; i++ {
		var s Stop
		switch k := r.IntN(20); {
		case k < 12:
			d := 1 + r.Uint64N(200)
			s = p.both("run short", func(m *Machine) Stop { return m.Run(m.Time() + d) })
		case k < 15:
			d := 1 + r.Uint64N(50_000)
			s = p.both("run long", func(m *Machine) Stop { return m.Run(m.Time() + d) })
		case k < 17:
			s = p.both("step", func(m *Machine) Stop { return m.Step() })
		case k < 18:
			p.blk.UARTInput([]byte("x\r"))
			p.f.UARTInput([]byte("x\r"))
			continue
		case k < 19:
			snaps[0] = append(snaps[0], p.blk.Snapshot())
			snaps[1] = append(snaps[1], p.f.Snapshot())
			continue
		default:
			if len(snaps[0]) == 0 {
				continue
			}
			j := r.IntN(len(snaps[0]))
			if err := p.blk.Restore(snaps[0][j]); err != nil {
				p.t.Fatal(err)
			}
			if err := p.f.Restore(snaps[1][j]); err != nil {
				p.t.Fatal(err)
			}
			p.both("after restore", func(m *Machine) Stop { return Stop{Time: m.Time()} })
			continue
		}
		if s.Reason == StopExit || s.Reason == StopFatal {
			return
		}
	}
}

// TestBlocksMatchFullSwitchAtRandomStops runs every committed ISA test and
// firmware ELF, and a two-hart timer-interrupt program, with and without
// decoded blocks, stopping at random times (inside blocks), single
// stepping, feeding UART input and restoring snapshots: stops and states
// must agree at every point.
func TestBlocksMatchFullSwitchAtRandomStops(t *testing.T) {
	var elfs []string
	for _, dir := range []string{"../testdata/isa", "../testdata/firmware"} {
		m, err := filepath.Glob(filepath.Join(dir, "*.elf"))
		if err != nil {
			t.Fatal(err)
		}
		elfs = append(elfs, m...)
	}
	if len(elfs) == 0 {
		t.Fatal("no ELF found under ../testdata")
	}
	for k, path := range elfs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			p := newPair(t, func(noFast bool) *Machine {
				m, err := NewVirt(Config{})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := m.LoadELF(data); err != nil {
					t.Fatal(err)
				}
				m.noFast = noFast
				return m
			})
			p.randomWalk(uint64(k), 300)
		})
	}
	for _, watched := range []bool{false, true} {
		t.Run("device-polling", func(t *testing.T) {
			p := newPair(t, func(noFast bool) *Machine {
				m := newTestMachine(t, Config{}, devicePollProg())
				if watched { // a read watchpoint on a device register stops at the load
					m.SetWatchpoint(mtimeAddr, 4, AccessRead)
				}
				m.noFast = noFast
				return m
			})
			p.randomWalk(99, 400)
		})
	}
	for _, harts := range []int{1, 2} {
		t.Run("timer-interrupts", func(t *testing.T) {
			p := newPair(t, func(noFast bool) *Machine {
				m := newTestMachine(t, Config{Harts: harts}, workProg())
				m.noFast = noFast
				return m
			})
			p.randomWalk(uint64(100+harts), 400)
		})
	}
}

// devicePollProg polls the UART line status and reads mtime in a loop, as
// firmware waiting for input or a deadline does, reading each byte that
// arrives (signed: lb). The UART receive interrupt is enabled at the PLIC
// but not taken, so the byte's arrival and its read change mip: the load
// inside a block then ends the batch.
func devicePollProg() []uint32 {
	return prog(
		irqSetup(),
		li(5, uartBase), li(6, mtimeAddr), li(12, ramBase+0x8000),
		// loop:
		lbu(7, 5, 5), andi(7, 7, 1), beq(7, 0, 8), lb(9, 5, 0),
		lw(8, 6, 0), add(10, 10, 8), add(10, 10, 9), sw(10, 12, 0),
		jal(0, -32),
	)
}
