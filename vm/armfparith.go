package vm

import (
	"math"
	"math/big"
)

// FPSCR bits.
const (
	fpIOC = 1 << 0
	fpDZC = 1 << 1
	fpOFC = 1 << 2
	fpUFC = 1 << 3
	fpIXC = 1 << 4
	fpIDC = 1 << 7
	fpFZ  = 1 << 24
	fpDN  = 1 << 25
	fpAHP = 1 << 26

	defaultNaN32 = 0x7fc00000
)

func isNaN32(v uint32) bool  { return v&0x7f800000 == 0x7f800000 && v&0x7fffff != 0 }
func isSNaN32(v uint32) bool { return isNaN32(v) && v&0x400000 == 0 }
func isDenorm32(v uint32) bool {
	return v&0x7f800000 == 0 && v&0x7fffff != 0
}

// fpIn applies flush-to-zero to an input operand.
func (a *armState) fpIn(v uint32) uint32 {
	if a.fpscr&fpFZ != 0 && isDenorm32(v) {
		a.fpscr |= fpIDC
		return v & 0x80000000
	}
	return v
}

// fpNaN handles NaN operands (ARM FPProcessNaNs): it reports whether one
// was found and the result.
func (a *armState) fpNaN(ops ...uint32) (uint32, bool) {
	for _, v := range ops {
		if isSNaN32(v) {
			a.fpscr |= fpIOC
			return a.nanResult(v | 0x400000), true
		}
	}
	for _, v := range ops {
		if isNaN32(v) {
			return a.nanResult(v), true
		}
	}
	return 0, false
}

func (a *armState) nanResult(v uint32) uint32 {
	if a.fpscr&fpDN != 0 {
		return defaultNaN32
	}
	return v
}

// fpInvalid is the result of an invalid operation.
func (a *armState) fpInvalid() uint32 {
	a.fpscr |= fpIOC
	return defaultNaN32
}

// fpRound rounds x (exact, as a big.Float) to single precision with the
// FPSCR rounding mode, setting the exception flags.
func (a *armState) fpRound(x *big.Float) uint32 {
	if x.Sign() == 0 {
		if x.Signbit() {
			return 0x80000000
		}
		return 0
	}
	mode := [4]big.RoundingMode{big.ToNearestEven, big.ToPositiveInf, big.ToNegativeInf, big.ToZero}[a.fpscr>>22&3]
	tiny := new(big.Float).Abs(x).Cmp(big.NewFloat(0x1p-126)) < 0
	if tiny && a.fpscr&fpFZ != 0 {
		a.fpscr |= fpUFC
		if x.Signbit() {
			return 0x80000000
		}
		return 0
	}
	r := new(big.Float).SetMode(mode).SetPrec(24)
	if tiny {
		// Subnormal: round to a fixed binary point at 2^-149.
		e := x.MantExp(nil)
		prec := max(e+149, 0)
		if prec == 0 {
			// Below half the smallest subnormal (or exactly): rounds to 0 or
			// to the smallest subnormal by the mode.
			return a.roundTiny(x, mode)
		}
		r.SetPrec(uint(prec))
	}
	r.Set(x)
	f, _ := r.Float32()
	exact := r.Cmp(x) == 0
	res := math.Float32bits(f)
	if math.IsInf(float64(f), 0) {
		a.fpscr |= fpOFC | fpIXC
		if mode == big.ToZero || (mode == big.ToPositiveInf && x.Signbit()) || (mode == big.ToNegativeInf && !x.Signbit()) {
			return res&0x80000000 | 0x7f7fffff
		}
		return res
	}
	if !exact {
		a.fpscr |= fpIXC
		if tiny {
			a.fpscr |= fpUFC
		}
	}
	return res
}

// roundTiny rounds a value below 2^-149 to zero or the smallest subnormal.
func (a *armState) roundTiny(x *big.Float, mode big.RoundingMode) uint32 {
	return uint32(a.fpgRoundTiny(fmtSingle, x, mode, fmtSingle.signed(x.Signbit())))
}

func bigOf(v uint32) *big.Float {
	return new(big.Float).SetPrec(0).SetFloat64(float64(math.Float32frombits(v)))
}

// fpArith computes x op y for finite or infinite non-NaN operands.
func (a *armState) fpArith(op byte, x, y uint32) uint32 {
	x, y = a.fpIn(x), a.fpIn(y)
	if r, ok := a.fpNaN(x, y); ok {
		return r
	}
	fx, fy := math.Float32frombits(x), math.Float32frombits(y)
	ix, iy := math.IsInf(float64(fx), 0), math.IsInf(float64(fy), 0)
	zx, zy := x&0x7fffffff == 0, y&0x7fffffff == 0
	switch op {
	case '+', '-':
		if op == '-' {
			y ^= 0x80000000
			fy = -fy
		}
		if ix && iy && x != y {
			return a.fpInvalid()
		}
		if ix || iy {
			return math.Float32bits(fx + fy)
		}
		if zx && zy {
			if x == y {
				return x
			}
			if a.fpscr>>22&3 == 2 {
				return 0x80000000
			}
			return 0
		}
		s := new(big.Float).SetPrec(400).Add(bigOf(x), bigOf(y))
		if s.Sign() == 0 {
			if a.fpscr>>22&3 == 2 {
				return 0x80000000
			}
			return 0
		}
		return a.fpRound(s)
	case '*':
		if (ix && zy) || (iy && zx) {
			return a.fpInvalid()
		}
		if ix || iy || zx || zy {
			return math.Float32bits(fx * fy)
		}
		return a.fpRound(new(big.Float).SetPrec(100).Mul(bigOf(x), bigOf(y)))
	default: // '/'
		if (ix && iy) || (zx && zy) {
			return a.fpInvalid()
		}
		if zy && !ix {
			a.fpscr |= fpDZC
			return (x^y)&0x80000000 | 0x7f800000
		}
		if ix || iy || zx {
			return math.Float32bits(fx / fy)
		}
		// Exact enough: 200 bits of quotient decide every rounding, and
		// a remainder test tells exact from inexact.
		q := new(big.Float).SetPrec(200).Quo(bigOf(x), bigOf(y))
		back := new(big.Float).SetPrec(400).Mul(q, bigOf(y))
		if back.Cmp(bigOf(x)) != 0 {
			// Nudge so that a quotient that is not exact never looks exact.
			q.SetPrec(201)
			tail := new(big.Float).SetMantExp(big.NewFloat(1), q.MantExp(nil)-200)
			if back.Cmp(bigOf(x)) < 0 == (q.Sign() > 0) {
				q.Add(q, tail)
			} else {
				q.Sub(q, tail)
			}
		}
		return a.fpRound(q)
	}
}

// fpFMA computes (a*b)+c with one rounding, negating as asked.
func (a *armState) fpFMA(x, y, c uint32) uint32 {
	x, y, c = a.fpIn(x), a.fpIn(y), a.fpIn(c)
	if r, ok := a.fpNaN(c, x, y); ok {
		fx, fy := math.Float32frombits(x), math.Float32frombits(y)
		// FPMulAdd: inf*0 plus a quiet NaN is the default NaN; a signalling
		// addend is processed as any other NaN operand (quietened).
		if !isNaN32(x) && !isNaN32(y) && !isSNaN32(c) && ((math.IsInf(float64(fx), 0) && y&0x7fffffff == 0) || (math.IsInf(float64(fy), 0) && x&0x7fffffff == 0)) {
			return a.fpInvalid()
		}
		return r
	}
	fx, fy, fc := math.Float32frombits(x), math.Float32frombits(y), math.Float32frombits(c)
	ix, iy, ic := math.IsInf(float64(fx), 0), math.IsInf(float64(fy), 0), math.IsInf(float64(fc), 0)
	zx, zy := x&0x7fffffff == 0, y&0x7fffffff == 0
	if (ix && zy) || (iy && zx) {
		return a.fpInvalid()
	}
	if ix || iy {
		p := math.Float32bits(fx * fy)
		if ic && p != c {
			return a.fpInvalid()
		}
		return p
	}
	if ic {
		return c
	}
	p := new(big.Float).SetPrec(100).Mul(bigOf(x), bigOf(y))
	if p.Sign() == 0 && c&0x7fffffff == 0 {
		ps := (x ^ y) & 0x80000000
		if ps == c&0x80000000 {
			return c
		}
		if a.fpscr>>22&3 == 2 {
			return 0x80000000
		}
		return 0
	}
	s := new(big.Float).SetPrec(400).Add(p, bigOf(c))
	if s.Sign() == 0 {
		if a.fpscr>>22&3 == 2 {
			return 0x80000000
		}
		return 0
	}
	return a.fpRound(s)
}

// fpSqrt is VSQRT.
func (a *armState) fpSqrt(x uint32) uint32 {
	x = a.fpIn(x)
	if r, ok := a.fpNaN(x); ok {
		return r
	}
	if x&0x7fffffff == 0 {
		return x
	}
	if x&0x80000000 != 0 {
		return a.fpInvalid()
	}
	if x == 0x7f800000 {
		return x
	}
	q := new(big.Float).SetPrec(200).Sqrt(bigOf(x))
	back := new(big.Float).SetPrec(400).Mul(q, q)
	if c := back.Cmp(bigOf(x)); c != 0 {
		q.SetPrec(201)
		tail := new(big.Float).SetMantExp(big.NewFloat(1), q.MantExp(nil)-200)
		if c < 0 {
			q.Add(q, tail)
		} else {
			q.Sub(q, tail)
		}
	}
	return a.fpRound(q)
}

// fpCompare sets FPSCR.NZCV from comparing x and y (VCMP, VCMPE).
func (a *armState) fpCompare(x, y uint32, e bool) {
	x, y = a.fpIn(x), a.fpIn(y)
	var nzcv uint32
	if isNaN32(x) || isNaN32(y) {
		nzcv = 0x3
		if e || isSNaN32(x) || isSNaN32(y) {
			a.fpscr |= fpIOC
		}
	} else {
		fx, fy := math.Float32frombits(x), math.Float32frombits(y)
		switch {
		case fx == fy:
			nzcv = 0x6
		case fx < fy:
			nzcv = 0x8
		default:
			nzcv = 0x2
		}
	}
	a.fpscr = a.fpscr&0x0fffffff | nzcv<<28
}

// fpToInt converts to a 32-bit integer, rounding toward zero or by the
// FPSCR mode, saturating with IOC.
func (a *armState) fpToInt(x uint32, unsigned, toZero bool, fbits uint32) uint32 {
	x = a.fpIn(x)
	if isNaN32(x) {
		a.fpscr |= fpIOC
		return 0
	}
	v := new(big.Float).SetPrec(0).SetFloat64(float64(math.Float32frombits(x)))
	if math.IsInf(float64(math.Float32frombits(x)), 0) {
		a.fpscr |= fpIOC
		if x&0x80000000 != 0 {
			if unsigned {
				return 0
			}
			return 0x80000000
		}
		if unsigned {
			return 0xffffffff
		}
		return 0x7fffffff
	}
	v.SetMantExp(v, int(fbits))
	mode := a.fpscr >> 22 & 3
	if toZero {
		mode = 3
	}
	i, _ := v.Int(nil) // toward zero
	rem := new(big.Float).Sub(v, new(big.Float).SetInt(i))
	if rem.Sign() != 0 {
		a.fpscr |= fpIXC
		half := rem.Cmp(big.NewFloat(0.5))
		nhalf := rem.Cmp(big.NewFloat(-0.5))
		switch mode {
		case 0:
			if half > 0 || nhalf < 0 || ((half == 0 || nhalf == 0) && i.Bit(0) == 1) {
				if rem.Sign() > 0 {
					i.Add(i, big.NewInt(1))
				} else {
					i.Sub(i, big.NewInt(1))
				}
			}
		case 1:
			if rem.Sign() > 0 {
				i.Add(i, big.NewInt(1))
			}
		case 2:
			if rem.Sign() < 0 {
				i.Sub(i, big.NewInt(1))
			}
		}
	}
	lo, hi := big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)
	if unsigned {
		lo, hi = big.NewInt(0), big.NewInt(math.MaxUint32)
	}
	switch {
	case i.Cmp(lo) < 0:
		a.fpscr = a.fpscr&^fpIXC | fpIOC
		return uint32(lo.Int64())
	case i.Cmp(hi) > 0:
		a.fpscr = a.fpscr&^fpIXC | fpIOC
		return uint32(hi.Int64())
	}
	return uint32(i.Int64())
}

// fpFromInt converts a 32-bit integer (scaled down by fbits) to single.
func (a *armState) fpFromInt(v uint32, unsigned bool, fbits uint32) uint32 {
	return uint32(a.fpgFromInt(fmtSingle, v, unsigned, uint(fbits)))
}
