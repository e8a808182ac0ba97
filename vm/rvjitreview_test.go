package vm

import (
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
