package vm

import (
	"math/rand/v2"
	"testing"

	"github.com/rewind-debugger/rewind/vm/amd64"
)

// reviewPairRun runs the pair to limits of stride steps until both stop
// otherwise, comparing stops, registers and (every few stops) the whole
// state and activity.
func reviewPairRun(t *testing.T, p *pair, stride uint64, max int) {
	t.Helper()
	for k := 0; k < max; k++ {
		a, b := p.blk.Run(p.blk.Time()+stride), p.f.Run(p.f.Time()+stride)
		if a != b || !sameCore(p.blk, p.f) {
			t.Fatalf("stop %d: %+v compiled, %+v interpreted (or registers differ)\n%x\n%x", k, a, b, p.blk.Hart(0).x[:32], p.f.Hart(0).x[:32])
		}
		if k%16 == 0 {
			p.full("stop")
		}
		if a.Reason != StopLimit {
			break
		}
	}
	p.full("end")
}

// reviewSMCProgram is a loop whose body rewrites one of its own
// instructions (addi x5,x5,1 into addi x5,x5,3) half way through.
func reviewSMCProgram() []uint32 {
	pre := prog(li(5, 0), li(6, 400), li(9, 200), li(8, addi(5, 5, 3)))
	// pre has 8 words; the target is the loop's first word.
	target := ramBase + uint32(4*(len(pre)+2))
	pre = append(pre, li(7, target)...)
	loop := prog(
		addi(5, 5, 1), // the target
		addi(6, 6, -1),
		bne(6, 9, 8),
		sw(8, 7, 0),
		bne(6, 0, -16),
	)
	return prog(pre, loop, exitProg())
}

// TestReviewSelfModifyingLoop: guest code that rewrites its own hot loop
// (compiled by then) must see the new instruction at once, as the
// interpreter does.
func TestReviewSelfModifyingLoop(t *testing.T) {
	for _, stride := range []uint64{1, 7, 64, 1000} {
		p := newJITPair(t, func(noJIT bool) *Machine {
			return newTestMachine(t, Config{NoJIT: noJIT}, reviewSMCProgram())
		})
		reviewPairRun(t, p, stride, 100000)
		if got := p.blk.Hart(0).x[5]; got != 200+3*200 {
			t.Errorf("stride %d: x5 = %d, want 800", stride, got)
		}
	}
}

// TestReviewFlushMidRun fills the code memory so that the next
// compilations empty it (every block dropped while runBlocks runs), then
// runs on: the results must not change.
func TestReviewFlushMidRun(t *testing.T) {
	if !amd64.Supported {
		t.Skip("no compiled code on this host")
	}
	code := prog(li(5, 0), li(6, 5000),
		addi(5, 5, 3), xor(5, 5, 6), addi(6, 6, -1), bne(6, 0, -12),
		li(6, 5000),
		addi(5, 5, 7), sll(5, 5, 6), addi(6, 6, -1), bne(6, 0, -12),
		exitProg())
	p := newJITPair(t, func(noJIT bool) *Machine {
		return newTestMachine(t, Config{NoJIT: noJIT}, code)
	})
	for k := 0; k < 400; k++ {
		c := p.blk.jitCode()
		if left := c.Cap() - c.Used(); left > 64 {
			if _, ok := c.Place(make([]byte, left-48)); !ok {
				t.Fatal("fill failed")
			}
		}
		a, b := p.blk.Run(p.blk.Time()+37), p.f.Run(p.f.Time()+37)
		if a != b || !sameCore(p.blk, p.f) {
			t.Fatalf("stop %d: %+v compiled, %+v interpreted (or registers differ)", k, a, b)
		}
		if a.Reason != StopLimit {
			break
		}
	}
	p.full("end")
}

// TestReviewActivityAfterRestore: a page written since the last activity
// reset, then dropped by restoring a snapshot taken before it existed,
// made ActivitySince dereference its nil page.
func TestReviewActivityAfterRestore(t *testing.T) {
	code := prog(li(5, ramBase+0x8000), li(6, 7), sw(6, 5, 0), exitProg())
	m := newTestMachine(t, Config{}, code)
	m.ResetActivity()
	s := m.Snapshot()
	m.Run(m.Time() + 5)
	if err := m.Restore(s); err != nil {
		t.Fatal(err)
	}
	act := m.ActivitySince()
	if len(act.Written) != 1 || act.Written[0].Lines != ^uint64(0) {
		t.Errorf("written %+v, want the dropped page with all its lines", act.Written)
	}
}

// TestReviewJALRChains runs a loop of calls and computed jumps (jalr to
// blocks compiled or not, to the middle of a block, off the page) with
// compiled and interpreted blocks, stopping at many limits.
func TestReviewJALRChains(t *testing.T) {
	// x27 = pc of the auipc, made opaque to folding by an ori.
	body := prog(
		li(5, 0), li(6, 300), // 0..3
		// loop (word 4):
		auipc(27, 0), ori(27, 27, 0), addi(27, 27, 6*4), // 4..6: x27 = &word 10
		jalr(1, 27, 0),   // 7: call f
		addi(5, 5, 1),    // 8
		jal(0, 4*4),      // 9: to word 13
		addi(5, 5, 5),    // 10: f
		xor(5, 5, 6),     // 11
		jalr(0, 1, 0),    // 12: ret (to 8)
		auipc(28, 0),     // 13
		ori(28, 28, 0),   // 14
		jalr(0, 28, 3*4), // 15: to word 16+... = 13+3 = 16
		addi(6, 6, -1),   // 16
		bne(6, 0, -13*4), // 17: to word 4
		exitProg(),
	)
	for _, stride := range []uint64{1, 3, 11, 50, 2000} {
		p := newJITPair(t, func(noJIT bool) *Machine {
			return newTestMachine(t, Config{NoJIT: noJIT}, body)
		})
		reviewPairRun(t, p, stride, 100000)
		if r := p.blk.Hart(0).x[6]; r != 0 {
			t.Fatalf("stride %d: x6 = %d, the loop did not end", stride, r)
		}
	}
}

// TestReviewStepCap calls runBlocks with a budget above 2^20 steps (Run
// never does: its batches are at most maxBatch), so that calls into
// compiled code end at their step cap (rvjitMaxSteps) and runBlocks calls
// again; the results must match the interpreter's at every budget.
func TestReviewStepCap(t *testing.T) {
	code := prog(li(5, 0), li(6, 1_500_000), addi(5, 5, 3), addi(6, 6, -1), bne(6, 0, -8), exitProg())
	for _, limit := range []uint64{3_000_000, rvjitMaxSteps - 1, rvjitMaxSteps, rvjitMaxSteps + 1, rvjitMaxSteps + 7, 2*rvjitMaxSteps + 5} {
		var pcs [2]uint32
		var ns [2]uint64
		var regs [2][32]uint32
		for k, noJIT := range []bool{false, true} {
			m := newTestMachine(t, Config{NoJIT: noJIT}, code)
			m.Run(4) // the two li
			h := m.Hart(0)
			cp, cpBase := m.codeAt(h.pc)
			pc, n := m.runBlocks(h, cp, cpBase, h.pc, 0, limit)
			pcs[k], ns[k], regs[k] = pc, n, [32]uint32(h.x[:32])
		}
		if pcs[0] != pcs[1] || ns[0] != ns[1] || regs[0] != regs[1] {
			t.Errorf("limit %d: compiled ends at pc %#x after %d steps, interpreted at %#x after %d (or registers differ: x5 %d, %d)",
				limit, pcs[0], ns[0], pcs[1], ns[1], regs[0][5], regs[1][5])
		}
	}
}

// TestReviewRandomBlocksAllRegisters is TestRVJITRandomBlocks with the
// bits 7-11 of some body words replaced (destinations x16-x31 too, the
// bases and the loop counter included, store offsets and branch targets
// changed): more registers than the cache holds, and bases overwritten.
func TestReviewRandomBlocksAllRegisters(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	for i := range 200 {
		body := make([]byte, 4*(1+r.IntN(40)))
		for k := range body {
			body[k] = byte(r.Uint32())
		}
		code := rvjitProgram(uint64(i), body)
		for k := 40; k < len(code)-8; k++ {
			if r.IntN(3) == 0 && code[k]&0x7f != 0x63 { // not branches: keep the loop finite-ish
				code[k] = code[k]&^(31<<7) | uint32(r.IntN(32))<<7
			}
		}
		p := newJITPair(t, func(noJIT bool) *Machine {
			return newTestMachine(t, Config{RAMSize: rvjitRAM, NoJIT: noJIT}, code)
		})
		for range 200 {
			d := 1 + r.Uint64N(40)
			a, b := p.blk.Run(p.blk.Time()+d), p.f.Run(p.f.Time()+d)
			if a != b || !sameCore(p.blk, p.f) {
				t.Fatalf("program %d: stop %+v compiled, %+v interpreted, or registers differ:\n%x\n%x",
					i, a, b, p.blk.Hart(0).x[:32], p.f.Hart(0).x[:32])
			}
			if a.Reason != StopLimit {
				break
			}
		}
		p.full("random block")
	}
}

// TestReviewRestoreForgetsCompiledCode: a restore that finds a code page's
// content changed forgets its predecoded page (dropCode); the compiled
// entries of that page's blocks must go with it, as dropBlocks does, or a
// block still held (a link, a local) could later run code memory that
// jitFlush (which no longer sees the page) emptied and reused.
func TestReviewRestoreForgetsCompiledCode(t *testing.T) {
	if !amd64.Supported {
		t.Skip("no compiled code on this host")
	}
	code := prog(li(5, 0), li(6, 100), addi(5, 5, 3), addi(6, 6, -1), bne(6, 0, -8), exitProg())
	m := newTestMachine(t, Config{}, code)
	s := m.Snapshot()
	m.Run(m.Time() + 200)
	var held []*block
	for _, b := range m.mem.code[0].blk {
		if b != nil && b.jit != 0 {
			held = append(held, b)
		}
	}
	if len(held) == 0 {
		t.Fatal("nothing compiled")
	}
	// Change the page's content away from the code: its blocks stay.
	if err := m.WriteMemory(ramBase+0xf00, []byte{1, 2, 3, 4}); err != nil {
		t.Fatal(err)
	}
	if held[0].jit == 0 {
		t.Fatal("a store away from the code dropped the blocks: the test does not test the restore")
	}
	if err := m.Restore(s); err != nil {
		t.Fatal(err)
	}
	for _, b := range held {
		if b.jit != 0 || b.jin != 0 {
			t.Fatalf("block at %#x still has compiled code after the restore dropped its page", b.start)
		}
	}
}
