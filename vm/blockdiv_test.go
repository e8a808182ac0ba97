package vm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFloatDivisionMatchesInteger checks runChain's floating-point
// divisions against the integer ones (alu's) on the edge values of both
// operands and on random pairs.
func TestFloatDivisionMatchesInteger(t *testing.T) {
	edges := []uint32{0, 1, 2, 3, 7, 10, 0x7fff_ffff, 0x8000_0000, 0x8000_0001, 0xffff_fffe, 0xffff_ffff, 0xffff, 0x1_0000, 0x5555_5555, 0xaaaa_aaaa, 0xfffe_0001, 46341, 65537}
	check := func(a, d uint32) {
		t.Helper()
		if d != 0 {
			if got, want := fdivu(a, d), a/d; got != want {
				t.Fatalf("fdivu(%#x, %#x) = %#x, want %#x", a, d, got, want)
			}
			if got, want := a-fdivu(a, d)*d, a%d; got != want {
				t.Fatalf("remu(%#x, %#x) = %#x, want %#x", a, d, got, want)
			}
		}
		if got, want := fdiv(a, d), div(a, d); got != want {
			t.Fatalf("fdiv(%#x, %#x) = %#x, want %#x", a, d, got, want)
		}
		if got, want := frem(a, d), rem(a, d); got != want {
			t.Fatalf("frem(%#x, %#x) = %#x, want %#x", a, d, got, want)
		}
	}
	for _, a := range edges {
		for _, d := range edges {
			for _, da := range []uint32{0, 1, ^uint32(0)} {
				for _, dd := range []uint32{0, 1, ^uint32(0)} {
					check(a+da, d+dd)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2_000_000 {
		a, d := r.Uint32(), r.Uint32()
		check(a, d)
		check(a, d>>(r.Uint32()%32))
		check(a>>(r.Uint32()%32), d>>(r.Uint32()%32))
	}
	// Quotients next to an integer: a = q*d - 1 and q*d for large q.
	for range 200_000 {
		d := r.Uint32()%0xffff + 1
		q := r.Uint32() % (math.MaxUint32 / d)
		check(q*d, d)
		check(q*d-1, d)
		check(q*d+d-1, d)
	}
}
