package vm

import (
	"math"
	"math/big"
)

// Rounding modes of the FPv5 conversions: the FPSCR's four, and ties away
// from zero (VCVTA, VRINTA).
const (
	rmNearest = iota
	rmPlusInf
	rmMinusInf
	rmZero
	rmAway
)

// fpscrMode is the FPSCR rounding mode (rmNearest..rmZero).
func (a *armState) fpscrMode() int { return int(a.fpscr >> 22 & 3) }

// roundBigInt rounds v to an integer by mode and reports whether it was
// inexact.
func roundBigInt(v *big.Float, mode int) (*big.Int, bool) {
	i, _ := v.Int(nil) // toward zero
	rem := new(big.Float).Sub(v, new(big.Float).SetInt(i))
	if rem.Sign() == 0 {
		return i, false
	}
	abs := new(big.Float).Abs(rem)
	half := abs.Cmp(big.NewFloat(0.5))
	away := false
	switch mode {
	case rmNearest:
		away = half > 0 || (half == 0 && i.Bit(0) == 1)
	case rmAway:
		away = half >= 0
	case rmPlusInf:
		away = rem.Sign() > 0
	case rmMinusInf:
		away = rem.Sign() < 0
	}
	if away {
		i.Add(i, big.NewInt(int64(rem.Sign())))
	}
	return i, true
}

// fpgToInt converts to a 32-bit integer scaled up by fbits, rounding by
// mode, saturating with IOC (FPToFixed).
func (a *armState) fpgToInt(f fpFormat, x uint64, unsigned bool, mode int, fbits uint) uint32 {
	x = a.fpgIn(f, x)
	lo, hi := big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)
	if unsigned {
		lo, hi = big.NewInt(0), big.NewInt(math.MaxUint32)
	}
	switch {
	case f.isNaN(x):
		a.fpscr |= fpIOC
		return 0
	case f.isInf(x) && f.neg(x):
		a.fpscr |= fpIOC
		return uint32(lo.Int64())
	case f.isInf(x):
		a.fpscr |= fpIOC
		return uint32(hi.Int64())
	}
	v := f.toBig(x)
	v.SetMantExp(v, int(fbits))
	i, inexact := roundBigInt(v, mode)
	switch {
	case i.Cmp(lo) < 0:
		a.fpscr |= fpIOC
		return uint32(lo.Int64())
	case i.Cmp(hi) > 0:
		a.fpscr |= fpIOC
		return uint32(hi.Int64())
	}
	if inexact {
		a.fpscr |= fpIXC
	}
	return uint32(i.Int64())
}

// fpgFromInt converts a 32-bit integer scaled down by fbits.
func (a *armState) fpgFromInt(f fpFormat, v uint32, unsigned bool, fbits uint) uint64 {
	x := new(big.Float)
	if unsigned {
		x.SetUint64(uint64(v))
	} else {
		x.SetInt64(int64(int32(v)))
	}
	if x.Sign() == 0 {
		return 0
	}
	x.SetMantExp(x, -int(fbits))
	return a.fpgRound(f, x)
}

// fpgConvert converts between formats (FPConvert): NaNs keep their top
// fraction bits (quietened), unless FPSCR.DN asks for the default NaN.
func (a *armState) fpgConvert(from, to fpFormat, v uint64) uint64 {
	v = a.fpgIn(from, v)
	sign := to.signed(from.neg(v))
	switch {
	case from.isNaN(v):
		if from.isSNaN(v) {
			a.fpscr |= fpIOC
		}
		if a.fpscr&fpDN != 0 {
			return to.defaultNaN()
		}
		frac := v & from.fracMask()
		if to.fbits > from.fbits {
			frac <<= to.fbits - from.fbits
		} else {
			frac >>= from.fbits - to.fbits
		}
		return sign | to.expMask() | to.quietBit() | frac
	case from.isInf(v):
		return sign | to.expMask()
	case from.isZero(v):
		return sign
	}
	return a.fpgRound(to, from.toBig(v))
}

// fpgRoundInt rounds to an integral value in the same format (VRINT*):
// exact asks for IXC when the value changed (VRINTX).
func (a *armState) fpgRoundInt(f fpFormat, x uint64, mode int, exact bool) uint64 {
	x = a.fpgIn(f, x)
	if r, ok := a.fpgNaN(f, x); ok {
		return r
	}
	if f.isInf(x) || f.isZero(x) {
		return x
	}
	i, inexact := roundBigInt(f.toBig(x), mode)
	if inexact && exact {
		a.fpscr |= fpIXC
	}
	if i.Sign() == 0 {
		return x & f.signBit()
	}
	return a.fpgRoundMode(f, new(big.Float).SetInt(i), big.ToZero)
}

// fpgMaxMinNum is VMAXNM/VMINNM (FPMaxNum, FPMinNum): a quiet NaN loses
// against a number.
func (a *armState) fpgMaxMinNum(f fpFormat, x, y uint64, isMax bool) uint64 {
	x, y = a.fpgIn(f, x), a.fpgIn(f, y)
	qx, qy := f.isNaN(x) && !f.isSNaN(x), f.isNaN(y) && !f.isSNaN(y)
	switch {
	case qx && !f.isNaN(y):
		return y
	case qy && !f.isNaN(x):
		return x
	}
	if r, ok := a.fpgNaN(f, x, y); ok {
		return r
	}
	c := fpgCmp(f, x, y)
	if c == 0 { // equal values, or zeros of either sign
		if isMax {
			return x & y
		}
		return x | y
	}
	if (c > 0) == isMax {
		return x
	}
	return y
}
