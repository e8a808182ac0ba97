package device

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// virtPair is a UART wired to PLIC source 10, as on virt.
type virtPair struct {
	plic *PLIC
	uart *UART
}

func newVirtPair() virtPair {
	p := NewPLIC(1)
	return virtPair{plic: p, uart: NewUART(p.Line(10))}
}

func (v virtPair) state() []byte {
	return v.uart.SaveState(v.plic.SaveState(nil))
}

// exercise performs n seeded accesses to both devices, as an interrupt
// driven driver would: UART registers, PLIC enables, claims, completions.
func (v virtPair) exercise(rng *rand.Rand, n int) []uint64 {
	var reads []uint64
	for range n {
		switch rng.IntN(6) {
		case 0:
			v.uart.Input([]byte{byte(rng.Uint32())})
		case 1:
			v.uart.Write(uint32(rng.IntN(8)), 1, uint64(rng.IntN(256)))
		case 2:
			reads = append(reads, v.uart.Read(uint32(rng.IntN(8)), 1))
		case 3:
			v.plic.Write([]uint32{0x28, plicEnableBase, plicThr0}[rng.IntN(3)], 4, uint64(rng.IntN(1<<11)))
		case 4:
			reads = append(reads, v.plic.Read(plicClaim0, 4))
		default:
			v.plic.Write(plicClaim0, 4, 10)
		}
		if v.plic.Pending(0) {
			reads = append(reads, 1)
		}
	}
	return reads
}

// TestRestoreOrder checks that restoring the UART and the PLIC in either
// order rebuilds the same machine: the UART re-signalling its line on
// restore must not disturb a restored PLIC.
func TestRestoreOrder(t *testing.T) {
	for seed := range uint64(32) {
		a := newVirtPair()
		a.exercise(rand.New(rand.NewPCG(seed, 1)), 300)
		ps, us := a.plic.SaveState(nil), a.uart.SaveState(nil)
		want := a.exercise(rand.New(rand.NewPCG(seed, 2)), 300)
		for _, plicFirst := range []bool{true, false} {
			b := newVirtPair()
			b.exercise(rand.New(rand.NewPCG(seed, 3)), 50) // some unrelated past
			restore := []func() error{
				func() error { return b.plic.RestoreState(ps) },
				func() error { return b.uart.RestoreState(us) },
			}
			if !plicFirst {
				restore[0], restore[1] = restore[1], restore[0]
			}
			for _, f := range restore {
				if err := f(); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(b.plic.SaveState(nil), ps) || !bytes.Equal(b.uart.SaveState(nil), us) {
				t.Fatalf("seed %d, PLIC first %v: restored state differs", seed, plicFirst)
			}
			got := b.exercise(rand.New(rand.NewPCG(seed, 2)), 300)
			if !slices.Equal(got, want) || !bytes.Equal(a.state(), b.state()) {
				t.Fatalf("seed %d, PLIC first %v: replay differs", seed, plicFirst)
			}
		}
	}
}
