package vm

import "math/big"

// fpFormat is an IEEE 754 binary format given by its exponent and fraction
// widths; the double-precision and FPv5 instructions compute through it on
// raw bits held in a uint64 (half, single and double alike).
type fpFormat struct{ ebits, fbits uint }

var (
	fmtHalf   = fpFormat{5, 10}
	fmtSingle = fpFormat{8, 23}
	fmtDouble = fpFormat{11, 52}
)

func (f fpFormat) signBit() uint64  { return 1 << (f.ebits + f.fbits) }
func (f fpFormat) expMask() uint64  { return (1<<f.ebits - 1) << f.fbits }
func (f fpFormat) fracMask() uint64 { return 1<<f.fbits - 1 }
func (f fpFormat) quietBit() uint64 { return 1 << (f.fbits - 1) }
func (f fpFormat) bias() int        { return 1<<(f.ebits-1) - 1 }
func (f fpFormat) defaultNaN() uint64 {
	return f.expMask() | f.quietBit()
}
func (f fpFormat) isNaN(v uint64) bool {
	return v&f.expMask() == f.expMask() && v&f.fracMask() != 0
}
func (f fpFormat) isSNaN(v uint64) bool { return f.isNaN(v) && v&f.quietBit() == 0 }
func (f fpFormat) isInf(v uint64) bool {
	return v&^f.signBit() == f.expMask()
}
func (f fpFormat) isZero(v uint64) bool { return v&^f.signBit() == 0 }
func (f fpFormat) isDenorm(v uint64) bool {
	return v&f.expMask() == 0 && v&f.fracMask() != 0
}
func (f fpFormat) neg(v uint64) bool { return v&f.signBit() != 0 }

// signed returns the sign bit when neg is true.
func (f fpFormat) signed(neg bool) uint64 {
	if neg {
		return f.signBit()
	}
	return 0
}

// toBig returns the exact value of a finite v.
func (f fpFormat) toBig(v uint64) *big.Float {
	e := int(v & f.expMask() >> f.fbits)
	mant := v & f.fracMask()
	if e == 0 {
		e = 1
	} else {
		mant |= 1 << f.fbits
	}
	x := new(big.Float).SetUint64(mant)
	x.SetMantExp(x, e-f.bias()-int(f.fbits))
	if f.neg(v) {
		x.Neg(x)
	}
	return x
}

// fpgIn applies flush-to-zero to an input operand (not to half precision).
func (a *armState) fpgIn(f fpFormat, v uint64) uint64 {
	if f != fmtHalf && a.fpscr&fpFZ != 0 && f.isDenorm(v) {
		a.fpscr |= fpIDC
		return v & f.signBit()
	}
	return v
}

// fpgNaN is FPProcessNaNs: the first signalling NaN (quietened, IOC),
// else the first quiet NaN, or the default NaN with FPSCR.DN.
func (a *armState) fpgNaN(f fpFormat, ops ...uint64) (uint64, bool) {
	for _, v := range ops {
		if f.isSNaN(v) {
			a.fpscr |= fpIOC
			return a.fpgNaNResult(f, v|f.quietBit()), true
		}
	}
	for _, v := range ops {
		if f.isNaN(v) {
			return a.fpgNaNResult(f, v), true
		}
	}
	return 0, false
}

func (a *armState) fpgNaNResult(f fpFormat, v uint64) uint64 {
	if a.fpscr&fpDN != 0 {
		return f.defaultNaN()
	}
	return v
}

// fpgInvalid is the result of an invalid operation.
func (a *armState) fpgInvalid(f fpFormat) uint64 {
	a.fpscr |= fpIOC
	return f.defaultNaN()
}

// fpgMode is the FPSCR rounding mode as a big.Float mode.
func (a *armState) fpgMode() big.RoundingMode {
	return [4]big.RoundingMode{big.ToNearestEven, big.ToPositiveInf, big.ToNegativeInf, big.ToZero}[a.fpscr>>22&3]
}

// fpgZero is the sign of an exact zero sum: -0 only when rounding to
// minus infinity.
func (a *armState) fpgZero(f fpFormat) uint64 {
	return f.signed(a.fpscr>>22&3 == 2)
}

// fpgRound rounds an exact nonzero x to format f with the FPSCR rounding
// mode (FPRound): tininess before rounding, underflow only when inexact,
// flush-to-zero of tiny results for single and double.
func (a *armState) fpgRound(f fpFormat, x *big.Float) uint64 {
	return a.fpgRoundMode(f, x, a.fpgMode())
}

// fpgRoundMode is fpgRound with an explicit rounding mode.
func (a *armState) fpgRoundMode(f fpFormat, x *big.Float, mode big.RoundingMode) uint64 {
	if x.Sign() == 0 {
		return f.signed(x.Signbit())
	}
	sign := f.signed(x.Signbit())
	emin := 1 - f.bias()
	e := x.MantExp(nil) // |x| in [2^(e-1), 2^e)
	tiny := e-1 < emin
	if tiny && f != fmtHalf && a.fpscr&fpFZ != 0 {
		a.fpscr |= fpUFC
		return sign
	}
	prec := int(f.fbits) + 1
	if tiny {
		prec = e - emin + int(f.fbits)
	}
	if prec <= 0 {
		return a.fpgRoundTiny(f, x, mode, sign)
	}
	r := new(big.Float).SetMode(mode).SetPrec(uint(prec)).Set(x)
	if r.Cmp(x) != 0 {
		a.fpscr |= fpIXC
		if tiny {
			a.fpscr |= fpUFC
		}
	}
	re := r.MantExp(nil)
	if re-1 > f.bias() {
		a.fpscr |= fpOFC | fpIXC
		if mode == big.ToZero || (mode == big.ToPositiveInf && sign != 0) || (mode == big.ToNegativeInf && sign == 0) {
			return sign | (f.expMask() - 1)
		}
		return sign | f.expMask()
	}
	return sign | f.encode(r.Abs(r), re)
}

// encode packs a positive value exact in f whose binary exponent is e.
func (f fpFormat) encode(r *big.Float, e int) uint64 {
	emin := 1 - f.bias()
	if e-1 < emin { // subnormal, or the smallest normal reached by rounding
		m, _ := new(big.Float).SetMantExp(r, int(f.fbits)-emin).Uint64()
		return m
	}
	m, _ := new(big.Float).SetMantExp(r, int(f.fbits)-(e-1)).Uint64()
	return uint64(e-1+f.bias())<<f.fbits | m&f.fracMask()
}

// fpgRoundTiny rounds a value below the smallest subnormal's half-way
// point region to zero or the smallest subnormal.
func (a *armState) fpgRoundTiny(f fpFormat, x *big.Float, mode big.RoundingMode, sign uint64) uint64 {
	a.fpscr |= fpUFC | fpIXC
	half := new(big.Float).SetMantExp(big.NewFloat(1), 1-f.bias()-int(f.fbits)-1)
	up := false
	switch mode {
	case big.ToNearestEven:
		up = new(big.Float).Abs(x).Cmp(half) > 0
	case big.ToPositiveInf:
		up = sign == 0
	case big.ToNegativeInf:
		up = sign != 0
	}
	if up {
		return sign | 1
	}
	return sign
}

// nudge makes an inexact approximation q of a true value that lies on
// side cmp (+1 above q, -1 below) never look exact or half-way to the
// final rounding: it moves q by one unit beyond its 200-bit precision.
func nudge(q *big.Float, cmp int) {
	if cmp == 0 {
		return
	}
	q.SetPrec(q.Prec() + 1)
	tail := new(big.Float).SetMantExp(big.NewFloat(1), q.MantExp(nil)-int(q.Prec()))
	if cmp > 0 {
		q.Add(q, tail)
	} else {
		q.Sub(q, tail)
	}
}
