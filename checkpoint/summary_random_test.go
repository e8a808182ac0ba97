package checkpoint

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// summaryFirmware is the firmware the randomized summary tests run: test
// programs with traps, devices, two harts, an RTOS and a Cortex-M core.
func summaryFirmware() []firmware {
	uart := [][]byte{[]byte("hello\n"), []byte("rewind "), []byte("me\n"), []byte("quit\n")}
	return []firmware{
		{name: "demo", path: "../testdata/firmware/demo.elf", harts: 1, input: uart},
		{name: "timer", path: "../testdata/firmware/timer.elf", harts: 1},
		{name: "counter", path: "../testdata/firmware/counter.elf", harts: 1},
		{name: "atomic", path: "../testdata/firmware/atomic.elf", harts: 2},
		{name: "echo_irq", path: "../testdata/firmware/echo_irq.elf", harts: 1, input: uart},
		{name: "fault", path: "../testdata/firmware/fault.elf", harts: 1},
		{name: "histload", path: "../testdata/dataflow/histload.elf", harts: 1},
		{name: "rtos", path: "../testdata/rtos/rtos.elf", harts: 1},
		{name: "an385/uart_irq", path: "../testdata/arm/uart_irq.elf", harts: 1, board: "mps2-an385",
			input: [][]byte{[]byte("hello\n"), []byte("quit\n")}},
		{name: "lm3s/uart", path: "../testdata/lm3s/uart.elf", harts: 1, board: "lm3s6965evb",
			input: [][]byte{[]byte("hello\n"), []byte("quit\n")}},
	}
}

// TestSummariesNeverSkipAHit: on each firmware, for random breakpoints,
// write, read and device watchpoints and trap filters, a reverse search
// over the whole history (which skips segments by their summaries) visits
// exactly the hits a forward replay with the same conditions stops at,
// which skips nothing; and so does the same search scanning three
// segments at once on twin machines, and a forward HitsIn.
func TestSummariesNeverSkipAHit(t *testing.T) {
	for _, fw := range summaryFirmware() {
		t.Run(fw.name, func(t *testing.T) {
			tl := recordRun(t, fw, Options{Interval: 1024}, 300_000)
			rng := rand.New(rand.NewPCG(uint64(len(fw.name)), 14))
			pool := conditionPool(t, tl, rng)
			skipped := 0
			for k := range 24 {
				c := pool.pick(rng)
				want := forwardHits(t, tl, c)
				got, n := reverseHits(t, tl, c)
				skipped += n
				if !slices.Equal(got, want) {
					t.Fatalf("conditions %d %s: reverse search found %d hits, forward replay %d\nreverse %v\nforward %v",
						k, pool.describe(c), len(got), len(want), got[:min(8, len(got))], want[:min(8, len(want))])
				}
				c.Concurrent, tl.scanN = true, 3
				par, _ := reverseHits(t, tl, c)
				fwd, err := tl.HitsIn(c, tl.Start(), tl.End())
				tl.scanN = 0
				if err != nil {
					t.Fatal(err)
				}
				if keys := hitKeys(fwd); !slices.Equal(keys, want) {
					t.Fatalf("conditions %d %s: HitsIn found %d hits, forward replay %d", k, pool.describe(c), len(keys), len(want))
				}
				if !slices.Equal(par, want) {
					i := 0
					for i < min(len(par), len(want)) && par[i] == want[i] {
						i++
					}
					t.Fatalf("conditions %d %s: parallel reverse search found %d hits, forward replay %d; first difference at %d:\nparallel %v\nforward %v",
						k, pool.describe(c), len(par), len(want), i, par[i:min(i+4, len(par))], want[i:min(i+4, len(want))])
				}
			}
			t.Logf("%d segments, %d skipped over 24 searches", len(tl.store.snaps), skipped)
		})
	}
}

// hitKey is what the tests compare of a hit.
type hitKey struct {
	Time   uint64
	Reason vm.StopReason
	Hart   int
	PC     uint32
}

func (h hitKey) String() string { return fmt.Sprintf("%d:%v@%#x", h.Time, h.Reason, h.PC) }

// hitKeys lists what the tests compare of hits.
func hitKeys(hs []Hit) []hitKey {
	out := make([]hitKey, len(hs))
	for i, h := range hs {
		out[i] = hitKey{h.Time, h.Reason, h.Hart, h.PC}
	}
	return out
}

// forwardHits replays the whole history forward with c armed and lists
// the hits, oldest first.
func forwardHits(t *testing.T, tl *Timeline, c Conditions) []hitKey {
	t.Helper()
	if err := tl.Seek(tl.Start()); err != nil {
		t.Fatal(err)
	}
	saved := tl.cond
	tl.SetConditions(c)
	defer tl.SetConditions(saved)
	var out []hitKey
	for {
		st := tl.Run(tl.End())
		switch st.Reason {
		case vm.StopBreakpoint, vm.StopWatchpoint, vm.StopTrap:
			out = append(out, hitKey{st.Time, st.Reason, st.Hart, st.PC})
			continue
		}
		return out
	}
}

// reverseHits lists every hit of a reverse search from the end of history,
// oldest first, and how many segments the search could skip.
func reverseHits(t *testing.T, tl *Timeline, c Conditions) ([]hitKey, int) {
	t.Helper()
	if err := tl.Seek(tl.End()); err != nil {
		t.Fatal(err)
	}
	need := c.needs(tl.ramLo, tl.ramSz)
	skippable := 0
	for _, sn := range tl.store.snaps {
		if !sn.seg.mayHit(&need) {
			skippable++
		}
	}
	var out []hitKey
	_, _, err := tl.SearchBack(c, tl.Start(), func(h Hit) bool {
		out = append(out, hitKey{h.Time, h.Reason, h.Hart, h.PC})
		return false
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(out)
	return out, skippable
}

// condPool holds addresses and causes the firmware uses, to draw random
// conditions from.
type condPool struct {
	pcs, data []uint32
	devices   []uint32
	causes    []uint32
}

// conditionPool samples the history: pcs and RAM addresses held in
// registers at random moments, the board's device registers, the trap
// causes taken.
func conditionPool(t *testing.T, tl *Timeline, rng *rand.Rand) condPool {
	t.Helper()
	var p condPool
	m := tl.Machine()
	b := m.Board()
	for range 40 {
		if err := tl.Seek(tl.Start() + rng.Uint64N(tl.End()-tl.Start())); err != nil {
			t.Fatal(err)
		}
		for h := range m.Harts() {
			hart := m.Hart(h)
			p.pcs = append(p.pcs, hart.PC())
			for r := 1; r < 16; r++ {
				if v := hart.Reg(r); v-b.RAMBase < b.RAMSize {
					p.data = append(p.data, v&^3)
				}
			}
		}
	}
	for _, d := range b.Devices {
		p.devices = append(p.devices, d.Base)
	}
	if err := tl.Seek(tl.Start()); err != nil {
		t.Fatal(err)
	}
	tl.SetConditions(Conditions{Traps: true})
	for {
		st := tl.Run(tl.End())
		if st.Reason != vm.StopTrap {
			break
		}
		if !slices.Contains(p.causes, st.Cause) {
			p.causes = append(p.causes, st.Cause)
		}
	}
	tl.SetConditions(Conditions{})
	return p
}

// pick draws one to three conditions of random kinds.
func (p condPool) pick(rng *rand.Rand) Conditions {
	var c Conditions
	for range 1 + rng.IntN(3) {
		switch k := rng.IntN(6); {
		case k == 0 && len(p.pcs) > 0:
			c.Breakpoints = append(c.Breakpoints, Breakpoint{Addr: p.pcs[rng.IntN(len(p.pcs))] + 2*uint32(rng.IntN(3)), Hart: -1})
		case (k == 1 || k == 2) && len(p.data) > 0:
			a := p.data[rng.IntN(len(p.data))] + uint32(rng.IntN(64)) - 32
			acc := []vm.Access{vm.AccessWrite, vm.AccessRead, vm.AccessRW}[rng.IntN(3)]
			c.Watchpoints = append(c.Watchpoints, Watchpoint{Addr: a, Size: 1 + uint32(rng.IntN(8)), Access: acc})
		case k == 3 && len(p.devices) > 0:
			a := p.devices[rng.IntN(len(p.devices))] + uint32(rng.IntN(4))*4
			acc := []vm.Access{vm.AccessWrite, vm.AccessRead, vm.AccessRW}[rng.IntN(3)]
			c.Watchpoints = append(c.Watchpoints, Watchpoint{Addr: a, Size: 4, Access: acc})
		case k == 4 && len(p.causes) > 0:
			cause := p.causes[rng.IntN(len(p.causes))]
			c.Traps = true
			c.TrapFilter = func(_ int, c uint32) bool { return c == cause }
		default:
			c.Traps = true
		}
	}
	return c
}

// describe prints conditions for a failure message.
func (p condPool) describe(c Conditions) string {
	return fmt.Sprintf("bps %v watches %+v traps %v filtered %v", c.Breakpoints, c.Watchpoints, c.Traps, c.TrapFilter != nil)
}
