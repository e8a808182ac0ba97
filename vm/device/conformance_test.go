package device

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// The conformance test drives every registered kind with seeded random
// register traffic and outside stimuli and checks the determinism contract:
// a restored device replays exactly, equal histories give equal states,
// Peek has no side effects, and Reset returns to the power-on state.

type actKind int

const (
	actRead actKind = iota
	actWrite
	actStimulate
	actClock
)

type action struct {
	kind actKind
	off  uint32
	size int
	val  uint64
}

// outcome is everything observable after one action.
type outcome struct {
	val     uint64
	irq     bool
	exits   int
	observe uint64
}

// genActions returns n seeded actions for kind k.
func genActions(k Kind, size uint32, rng *rand.Rand, n int) []action {
	acts := make([]action, n)
	for i := range acts {
		a := &acts[i]
		switch r := rng.IntN(20); {
		case r < 2 && k.Stimulate != nil:
			a.kind = actStimulate
		case r < 3:
			a.kind = actClock
		case r < 11:
			a.kind = actRead
		default:
			a.kind = actWrite
		}
		a.size = [...]int{4, 4, 4, 1, 2, 8}[rng.IntN(6)]
		if len(k.Offsets) > 0 && rng.IntN(8) != 0 {
			a.off = k.Offsets[rng.IntN(len(k.Offsets))]
		} else {
			a.off = rng.Uint32N(size) &^ uint32(a.size-1)
		}
		switch rng.IntN(4) {
		case 0:
			a.val = uint64(rng.IntN(16))
		case 1:
			a.val = 1 << rng.IntN(32)
		case 2:
			a.val = uint64(rng.IntN(100))
		default:
			a.val = rng.Uint64()
		}
	}
	return acts
}

// rig is one device with its stubs.
type rig struct {
	k   Kind
	d   Device
	clk *testClock
	irq *testIRQ
	ex  *testExiter
}

func newRig(k Kind, harts int) *rig {
	env, clk, irq, ex := testEnv(harts)
	return &rig{k: k, d: k.New(env), clk: clk, irq: irq, ex: ex}
}

func (r *rig) apply(t testing.TB, a action) outcome {
	t.Helper()
	var o outcome
	switch a.kind {
	case actRead:
		before := r.d.SaveState(nil)
		peek := r.d.Peek(a.off, a.size)
		if after := r.d.SaveState(nil); !bytes.Equal(before, after) {
			t.Fatalf("%s: Peek(%#x, %d) changed the state", r.k.Name, a.off, a.size)
		}
		o.val = r.d.Read(a.off, a.size)
		if o.val != peek {
			t.Fatalf("%s: Peek(%#x, %d) = %#x, Read = %#x", r.k.Name, a.off, a.size, peek, o.val)
		}
	case actWrite:
		r.d.Write(a.off, a.size, a.val)
	case actStimulate:
		r.k.Stimulate(r.d, a.val)
	case actClock:
		r.clk.t += a.val & 0xFFFF
	}
	o.irq, o.exits = r.irq.level, len(r.ex.codes)
	if r.k.Observe != nil {
		o.observe = r.k.Observe(r.d)
	}
	return o
}

func (r *rig) run(t testing.TB, acts []action) []outcome {
	t.Helper()
	out := make([]outcome, len(acts))
	for i, a := range acts {
		out[i] = r.apply(t, a)
	}
	return out
}

func TestConformance(t *testing.T) {
	for _, k := range Kinds() {
		t.Run(k.Name, func(t *testing.T) {
			for _, harts := range []int{1, 2, 3} {
				for seed := range uint64(16) {
					t.Run(fmt.Sprintf("harts%d/seed%d", harts, seed), func(t *testing.T) {
						conformOnce(t, k, harts, seed)
					})
				}
			}
		})
	}
}

func conformOnce(t *testing.T, k Kind, harts int, seed uint64) {
	probe := newRig(k, harts)
	if probe.d.Name() != k.Name {
		t.Fatalf("kind %q builds a device named %q", k.Name, probe.d.Name())
	}
	rng := rand.New(rand.NewPCG(seed, uint64(harts)))
	prefix := genActions(k, probe.d.Size(), rng, 200)
	suffix := genActions(k, probe.d.Size(), rng, 300)

	a := newRig(k, harts)
	a.run(t, prefix)
	saved := a.d.SaveState([]byte("prefix")) // SaveState appends
	if !bytes.HasPrefix(saved, []byte("prefix")) {
		t.Fatal("SaveState did not append to dst")
	}
	saved = saved[len("prefix"):]
	clock, level := a.clk.t, a.irq.level
	want := a.run(t, suffix)

	b := newRig(k, harts)
	if err := b.d.RestoreState(saved); err != nil {
		t.Fatalf("RestoreState: %v", err)
	}
	if k.Name == "uart16550" && b.irq.level != level {
		t.Fatalf("restored IRQ level %v, saved device drove %v", b.irq.level, level)
	}
	b.clk.t = clock
	if again := b.d.SaveState(nil); !bytes.Equal(again, saved) {
		t.Fatal("SaveState after RestoreState differs from the restored state")
	}
	got := b.run(t, suffix)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("step %d (%+v) after restore: %+v, original %+v", i, suffix[i], got[i], want[i])
		}
	}
	if !bytes.Equal(a.d.SaveState(nil), b.d.SaveState(nil)) {
		t.Fatal("states differ after the same accesses")
	}

	c := newRig(k, harts)
	c.run(t, slices.Concat(prefix, suffix))
	if !bytes.Equal(a.d.SaveState(nil), c.d.SaveState(nil)) {
		t.Fatal("equal histories give different states")
	}
	c.d.Reset()
	if fresh := newRig(k, harts); !bytes.Equal(c.d.SaveState(nil), fresh.d.SaveState(nil)) {
		t.Fatal("Reset does not return to the power-on state")
	}
}

// TestRestoreStateRejectsDamage truncates and corrupts valid states.
func TestRestoreStateRejectsDamage(t *testing.T) {
	for _, k := range Kinds() {
		r := newRig(k, 2)
		r.run(t, genActions(k, r.d.Size(), rand.New(rand.NewPCG(1, 2)), 100))
		good := r.d.SaveState(nil)
		for n := range len(good) {
			if err := newRig(k, 2).d.RestoreState(good[:n]); err == nil {
				t.Errorf("%s: RestoreState accepted %d of %d bytes", k.Name, n, len(good))
			}
		}
		if err := newRig(k, 2).d.RestoreState(append(slices.Clone(good), 0)); err == nil {
			t.Errorf("%s: RestoreState accepted a trailing byte", k.Name)
		}
		if err := newRig(k, 3).d.RestoreState(good); err == nil && (k.Name == "clint" || k.Name == "plic") {
			t.Errorf("%s: RestoreState accepted a state of another hart count", k.Name)
		}
		for _, other := range Kinds() {
			if other.Name == k.Name {
				continue
			}
			if err := newRig(other, 2).d.RestoreState(good); err == nil {
				t.Errorf("%s accepted the state of %s", other.Name, k.Name)
			}
		}
	}
}

// FuzzRestoreState feeds arbitrary bytes to every kind's RestoreState (the
// first byte picks the kind). Accepted input must be canonical: saving
// again gives the same bytes, and the device keeps working.
func FuzzRestoreState(f *testing.F) {
	kinds := Kinds()
	for i, k := range kinds {
		r := newRig(k, 1)
		f.Add(append([]byte{byte(i)}, r.d.SaveState(nil)...))
		r.run(f, genActions(k, r.d.Size(), rand.New(rand.NewPCG(3, 4)), 100))
		st := r.d.SaveState(nil)
		f.Add(append([]byte{byte(i)}, st...))
		f.Add(append([]byte{byte(i)}, st[:len(st)/2]...))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		k := kinds[int(data[0])%len(kinds)]
		r := newRig(k, 1)
		if err := r.d.RestoreState(data[1:]); err != nil {
			return
		}
		if again := r.d.SaveState(nil); !bytes.Equal(again, data[1:]) {
			t.Fatalf("%s: accepted state is not canonical:\n in  %x\n out %x", k.Name, data[1:], again)
		}
		r.run(t, genActions(k, r.d.Size(), rand.New(rand.NewPCG(5, 6)), 50))
	})
}
