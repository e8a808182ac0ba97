package vm

import (
	"math"
	"testing"
)

// TestHalfDoubleAHP checks VCVTB/VCVTT between double and half precision
// under FPSCR.AHP (the alternative format: exponent 31 is normal, no NaN
// or infinity, overflow saturates with Invalid Operation), and a double
// just below a power of two, which a log2-based exponent misrounds.
func TestHalfDoubleAHP(t *testing.T) {
	const rz = 3 << 22 // FPSCR.RMode: round towards zero
	toHalf := []struct {
		d     float64
		fpscr uint32
		want  uint32
		flags uint32
	}{
		{1.0, fpAHP, 0x3c00, 0},
		{65536.0, fpAHP, 0x7c00, 0},
		{131008.0, fpAHP, 0x7fff, 0},
		{-131008.0, fpAHP, 0xffff, 0},
		{131072.0, fpAHP, 0x7fff, fpIOC},
		{math.Inf(-1), fpAHP, 0xffff, fpIOC},
		{math.NaN(), fpAHP, 0x0000, fpIOC},
		{math.Copysign(0, -1), fpAHP, 0x8000, 0},
		{2048 * (1 - 0x1p-53), fpAHP | rz, 0x67ff, fpIXC},
		{2048 * (1 - 0x1p-53), fpAHP, 0x6800, fpIXC},
		{65536.0, 0, 0x7c00, fpOFC | fpIXC}, // IEEE: infinity
		{1.0, 0, 0x3c00, 0},
	}
	for _, tt := range toHalf {
		a := &armState{fpscr: tt.fpscr}
		if got := a.doubleToHalf(math.Float64bits(tt.d)); got != tt.want || a.fpscr&^tt.fpscr != tt.flags {
			t.Errorf("fpscr %#x: half(%v) = %#04x flags %#x, want %#04x flags %#x", tt.fpscr, tt.d, got, a.fpscr&^tt.fpscr, tt.want, tt.flags)
		}
	}
	toDouble := []struct {
		h     uint32
		fpscr uint32
		want  float64
	}{
		{0x7c00, fpAHP, 65536.0},
		{0xfc01, fpAHP, -65600.0},
		{0x7fff, fpAHP, 131008.0},
		{0x0001, fpAHP, 0x1p-24},
		{0x3c00, 0, 1.0},
		{0x7c00, 0, math.Inf(1)},
	}
	for _, tt := range toDouble {
		a := &armState{fpscr: tt.fpscr}
		if got := math.Float64frombits(a.halfToDouble(tt.h)); got != tt.want || a.fpscr != tt.fpscr {
			t.Errorf("fpscr %#x: double(%#04x) = %v flags %#x, want %v", tt.fpscr, tt.h, got, a.fpscr&^tt.fpscr, tt.want)
		}
	}
}

// TestFMAInfZeroNaNAddend checks FPMulAdd's inf*0 rule: with a quiet NaN
// addend the result is the default NaN, with a signalling one the
// quietened addend (both raise Invalid Operation), in single and double.
func TestFMAInfZeroNaNAddend(t *testing.T) {
	const inf32, qnan32, snan32 = 0x7f800000, 0x7fc00123, 0x7f800123
	for _, tt := range []struct {
		c, want uint32
	}{{qnan32, defaultNaN32}, {snan32, 0x7fc00123}} {
		a := &armState{}
		if got := a.fpFMA(inf32, 0, tt.c); got != tt.want || a.fpscr&fpIOC == 0 {
			t.Errorf("single: inf*0 + %#x = %#x (fpscr %#x), want %#x with IOC", tt.c, got, a.fpscr, tt.want)
		}
	}
	const inf64, qnan64, snan64 = 0x7ff0000000000000, 0x7ff8000000000123, 0x7ff0000000000123
	for _, tt := range []struct {
		c, want uint64
	}{{qnan64, fmtDouble.defaultNaN()}, {snan64, 0x7ff8000000000123}} {
		a := &armState{}
		if got := a.fpgFMA(fmtDouble, 0, inf64, tt.c); got != tt.want || a.fpscr&fpIOC == 0 {
			t.Errorf("double: 0*inf + %#x = %#x (fpscr %#x), want %#x with IOC", tt.c, got, a.fpscr, tt.want)
		}
	}
}
