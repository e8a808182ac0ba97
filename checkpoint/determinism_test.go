package checkpoint

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestConformance is DESIGN.md's determinism check over the whole board:
// run, snapshot, run M, hash; restore, run M, hash; equal. Also through
// MarshalBinary/UnmarshalSnapshot into a fresh machine.
func TestConformance(t *testing.T) {
	for _, fw := range firmwares(t) {
		t.Run(fw.name, func(t *testing.T) {
			for _, at := range []uint64{0, 1, 777, 50_000} {
				const M = 20_000
				m := boot(t, fw)
				m.UARTInput([]byte("ab\n"))
				m.Run(at)
				s := m.Snapshot()
				m.Run(m.Time() + M)
				want, wantT := m.StateHash(), m.Time()
				if err := m.Restore(s); err != nil {
					t.Fatal(err)
				}
				m.Run(s.Time() + (wantT - s.Time()))
				if got := m.StateHash(); got != want {
					t.Fatalf("at %d: hash after restore+run differs", at)
				}
				enc, err := s.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				dec, err := vm.UnmarshalSnapshot(enc)
				if err != nil {
					t.Fatal(err)
				}
				m2 := boot(t, fw)
				if err := m2.Restore(dec); err != nil {
					t.Fatal(err)
				}
				m2.Run(wantT)
				if got := m2.StateHash(); got != want || m2.Time() != wantT {
					t.Fatalf("at %d: hash after decode+restore+run differs", at)
				}
			}
		})
	}
}

// TestRandomSeeks records each firmware, then seeks back and forth at
// random: the state hash at t must equal a straight run's at t.
func TestRandomSeeks(t *testing.T) {
	seeks := 300
	if !testing.Short() {
		seeks = 1000
	}
	for _, fw := range firmwares(t) {
		t.Run(fw.name, func(t *testing.T) {
			tl := recordRun(t, fw, Options{Interval: 8192, Dense: 4, Budget: -1}, 600_000)
			end := tl.End()
			rng := rand.New(rand.NewPCG(1, uint64(end)))
			times := make([]uint64, seeks)
			for i := range times {
				times[i] = rng.Uint64N(end + 1)
			}
			times[0], times[1] = 0, end
			sorted := slices.Clone(times)
			slices.Sort(sorted)
			sorted = slices.Compact(sorted)
			ref := straight(t, fw, tl.Events(), sorted)
			for i, at := range times {
				if err := tl.Seek(at); err != nil {
					t.Fatalf("seek %d to %d: %v", i, at, err)
				}
				j, _ := slices.BinarySearch(sorted, at)
				if tl.Machine().StateHash() != ref[j] {
					t.Fatalf("seek %d to %d (end %d): state differs from a straight run", i, at, end)
				}
			}
			t.Logf("%s: end %d, %d checkpoints", fw.name, end, len(tl.store.snaps))
		})
	}
}
