package vm

import (
	"encoding/binary"
	"testing"
)

// TestBlocksSeeCodeTheGuestWrites runs a loop that rewrites an instruction
// of the block it is running, a few instructions ahead, alternating
// between two versions: every iteration must run the version just stored.
func TestBlocksSeeCodeTheGuestWrites(t *testing.T) {
	one, hundred := addi(10, 10, 1), addi(10, 10, 100)
	code := prog(
		li(5, ramBase+40), // the rewritten instruction
		li(6, hundred), li(9, one^hundred), li(8, 6),
		// loop (32):
		addi(7, 7, 1), sw(6, 5, 0),
		one, // 40: the target
		xor(6, 6, 9), addi(8, 8, -1), bne(8, 0, -20),
		exitProg(),
	)
	p := newPair(t, func(noFast bool) *Machine {
		m := newTestMachine(t, Config{}, code)
		m.noFast = noFast
		return m
	})
	s := p.both("run", func(m *Machine) Stop { return m.Run(10_000) })
	if s.Reason != StopExit {
		t.Fatalf("stopped %+v, want exit", s)
	}
	if got := p.blk.Hart(0).Reg(10); got != 3*100+3*1 {
		t.Fatalf("x10 = %d, want 303: a rewritten instruction ran stale", got)
	}
}

// TestBlocksSeeCodeTheDebuggerWrites runs a loop until its blocks are
// built, patches an instruction inside them through WriteMemory and runs
// on: the patched instruction must run from the next iteration.
func TestBlocksSeeCodeTheDebuggerWrites(t *testing.T) {
	code := prog(addi(11, 11, 3), addi(10, 10, 1), slli(12, 10, 1), jal(0, -12))
	p := newPair(t, func(noFast bool) *Machine {
		m := newTestMachine(t, Config{}, code)
		m.noFast = noFast
		return m
	})
	p.both("run", func(m *Machine) Stop { return m.Run(4_000) }) // 1000 iterations
	var w [4]byte
	binary.LittleEndian.PutUint32(w[:], addi(10, 10, 5))
	for _, m := range []*Machine{p.blk, p.f} {
		if err := m.WriteMemory(ramBase+4, w[:]); err != nil {
			t.Fatal(err)
		}
	}
	p.both("run patched", func(m *Machine) Stop { return m.Run(8_000) })
	if got := p.blk.Hart(0).Reg(10); got != 1000+5*1000 {
		t.Fatalf("x10 = %d, want 6000", got)
	}
}

// TestBlocksStopAtBreakpointsSetLater sets breakpoints inside blocks that
// have already run many times, moves them, and restores a snapshot taken
// with a different breakpoint set: every stop is at the breakpoint, at the
// same time as without blocks.
func TestBlocksStopAtBreakpointsSetLater(t *testing.T) {
	code := prog(
		li(5, ramBase+0x10000),
		// loop (8):
		addi(10, 10, 1), andi(11, 10, 0xfc), add(11, 11, 5), sw(10, 11, 0),
		slli(12, 10, 2), xor(13, 13, 12), jal(0, -24),
	)
	p := newPair(t, func(noFast bool) *Machine {
		m := newTestMachine(t, Config{}, code)
		m.noFast = noFast
		return m
	})
	at := func(pc uint32) func(m *Machine) Stop {
		return func(m *Machine) Stop {
			s := m.Run(m.Time() + 100_000)
			if s.Reason != StopBreakpoint || s.PC != pc {
				t.Fatalf("stopped %+v, want the breakpoint at %#x", s, pc)
			}
			return s
		}
	}
	set := func(pc uint32, on bool) {
		for _, m := range []*Machine{p.blk, p.f} {
			if on {
				m.SetBreakpoint(pc)
			} else {
				m.ClearBreakpoint(pc)
			}
		}
	}
	p.both("warm up", func(m *Machine) Stop { return m.Run(50_000) })
	x, y := uint32(ramBase+20), uint32(ramBase+12)
	set(x, true)
	p.both("to x", at(x))
	p.both("to x again", at(x))
	snap := [2]*Snapshot{p.blk.Snapshot(), p.f.Snapshot()}
	set(x, false)
	set(y, true)
	p.both("to y", at(y))
	set(y, false)
	p.both("free run", func(m *Machine) Stop { return m.Run(m.Time() + 10_000) })
	set(x, true)
	for i, m := range []*Machine{p.blk, p.f} {
		if err := m.Restore(snap[i]); err != nil {
			t.Fatal(err)
		}
	}
	p.both("to x after restore", at(x))
	p.both("step off x", func(m *Machine) Stop { return m.Step() })
	p.both("to x once more", at(x))
}
