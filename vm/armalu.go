package vm

import "github.com/rewind-debugger/rewind/vm/thumb"

// shiftC applies a shift of type t by n (n may exceed 32 for register
// shifts) and returns the result and carry out. n 0 leaves v and c alone.
func shiftC(v uint32, t, n uint8, c bool) (uint32, bool) {
	if n == 0 && t != thumb.ShRRX {
		return v, c
	}
	switch t {
	case thumb.ShLSL:
		if n >= 32 {
			return 0, n == 32 && v&1 != 0
		}
		return v << n, v>>(32-n)&1 != 0
	case thumb.ShLSR:
		if n >= 32 {
			return 0, n == 32 && v>>31 != 0
		}
		return v >> n, v>>(n-1)&1 != 0
	case thumb.ShASR:
		if n >= 32 {
			s := uint32(int32(v) >> 31)
			return s, s != 0
		}
		return uint32(int32(v) >> n), v>>(n-1)&1 != 0
	case thumb.ShROR:
		n &= 31
		if n == 0 { // a multiple of 32: value unchanged, carry is bit 31
			return v, v>>31 != 0
		}
		r := v>>n | v<<(32-n)
		return r, r>>31 != 0
	default: // RRX
		r := v >> 1
		if c {
			r |= 1 << 31
		}
		return r, v&1 != 0
	}
}

// addC is AddWithCarry: the sum and its carry and overflow flags.
func addC(x, y uint32, carry bool) (r uint32, c, v bool) {
	ci := uint64(0)
	if carry {
		ci = 1
	}
	u := uint64(x) + uint64(y) + ci
	r = uint32(u)
	c = u>>32 != 0
	v = (x^r)&(y^r)>>31 != 0
	return r, c, v
}

// ssat saturates a signed value to n bits (1-32) and reports saturation.
func ssat(v int64, n uint32) (uint32, bool) {
	hi := int64(1)<<(n-1) - 1
	lo := -(int64(1) << (n - 1))
	switch {
	case v > hi:
		return uint32(hi), true
	case v < lo:
		return uint32(lo), true
	}
	return uint32(v), false
}

// usat saturates a signed value to n unsigned bits (0-31).
func usat(v int64, n uint32) (uint32, bool) {
	hi := int64(1)<<n - 1
	switch {
	case v > hi:
		return uint32(hi), true
	case v < 0:
		return 0, true
	}
	return uint32(v), false
}

// op2 is the second operand of an arithmetic instruction (carry unused).
func (a *armState) op2(in *thumb.Inst) uint32 {
	if in.ShT == thumb.ShImm {
		return in.Imm
	}
	if in.ShN == 0 {
		return a.r[in.Rm]
	}
	return a.shifted(in)
}

// shifted is Rm shifted by the instruction's shift (kept out of line).
//
//go:noinline
func (a *armState) shifted(in *thumb.Inst) uint32 {
	v, _ := shiftC(a.r[in.Rm], in.ShT, in.ShN, a.carry())
	return v
}

// addNZCV is the NZCV of res = x + y.
func addNZCV(x, y, res uint32) uint8 {
	return uint8(res>>31)<<3 | zbit(res) | b2u8(res < x)<<1 | uint8((x^res)&(y^res)>>31)
}

// subNZCV is the NZCV of res = x - y (carry is NOT borrow).
func subNZCV(x, y, res uint32) uint8 {
	return uint8(res>>31)<<3 | zbit(res) | b2u8(x >= y)<<1 | uint8((x^y)&(x^res)>>31)
}

// setsFlags reports whether the instruction updates the flags: 16-bit
// data processing sets them only outside an IT block.
func setsFlags(in *thumb.Inst, it uint8) bool {
	return in.Flags&thumb.FS != 0 && (in.Flags&thumb.FSIT == 0 || it == 0)
}
