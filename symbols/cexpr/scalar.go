package cexpr

import (
	"fmt"
	"math"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// scalar is an arithmetic or pointer rvalue. Integers and pointers keep
// their value in bits, sign- or zero-extended from their size to 64 bits;
// floating-point values keep it in f.
type scalar struct {
	t     godwarf.Type
	bits  uint64
	f     float64
	float bool
}

// int64 returns the value as a signed 64-bit integer.
func (s scalar) int64() int64 { return int64(s.bits) }

// truth reports whether the scalar compares unequal to zero.
func (s scalar) truth() bool {
	if s.float {
		return s.f != 0
	}
	return s.bits != 0
}

// mkInt builds an integer or pointer scalar of type t from x, truncating
// to t's width and re-extending per its signedness.
func mkInt(t godwarf.Type, x uint64) scalar {
	size := Size(t)
	if _, ok := Resolve(t).(*godwarf.BoolType); ok {
		if x != 0 {
			x = 1
		}
		return scalar{t: t, bits: x}
	}
	if size > 0 && size < 8 {
		x &= mask(size * 8)
		if isSigned(t) {
			x = signExtend(x, size*8)
		}
	}
	return scalar{t: t, bits: x}
}

// mkBase builds an integer scalar of a synthesised base type.
func mkBase(name string, x uint64) scalar { return mkInt(mustBase(name), x) }

// value turns a scalar into a computed Value.
func (s scalar) value() Value {
	size := Size(s.t)
	if size < 0 {
		size = 0
	}
	if s.float {
		if size == 4 {
			return Value{Type: s.t, Bytes: u64le(uint64(math.Float32bits(float32(s.f))), 4)}
		}
		return Value{Type: s.t, Bytes: u64le(math.Float64bits(s.f), size)}
	}
	return Value{Type: s.t, Bytes: u64le(s.bits, size)}
}

// scalarFromBytes decodes loaded bytes of an arithmetic or pointer type.
func scalarFromBytes(t godwarf.Type, b []byte) (scalar, error) {
	if isFloat(t) {
		switch len(b) {
		case 4:
			return scalar{t: t, f: float64(math.Float32frombits(uint32(leU64(b)))), float: true}, nil
		case 8:
			return scalar{t: t, f: math.Float64frombits(leU64(b)), float: true}, nil
		}
		return scalar{}, fmt.Errorf("%d-byte floating point is not supported", len(b))
	}
	if len(b) > 8 {
		return scalar{}, fmt.Errorf("%d-byte integer is not supported", len(b))
	}
	return mkInt(t, leU64(b)), nil
}

// convert converts s to type to as a C cast or assignment does.
func convert(s scalar, to godwarf.Type) (scalar, error) {
	switch {
	case isFloat(to):
		f := s.f
		if !s.float {
			f = intToFloat(s)
		}
		if Size(to) == 4 {
			f = float64(float32(f))
		}
		return scalar{t: to, f: f, float: true}, nil
	case isInteger(to) || isPointer(to):
		if !s.float {
			return mkInt(to, s.bits), nil
		}
		if isPointer(to) {
			return scalar{}, fmt.Errorf("cannot convert %s to %s", TypeName(s.t), TypeName(to))
		}
		if _, ok := Resolve(to).(*godwarf.BoolType); ok {
			return mkInt(to, boolBits(s.f != 0)), nil
		}
		return mkInt(to, floatToInt(s.f, isSigned(to))), nil
	}
	return scalar{}, fmt.Errorf("cannot convert %s to %s", TypeName(s.t), TypeName(to))
}

func intToFloat(s scalar) float64 {
	if isSigned(s.t) {
		return float64(int64(s.bits))
	}
	return float64(s.bits)
}

// floatToInt truncates toward zero; out-of-range values saturate (C leaves
// them undefined).
func floatToInt(f float64, signed bool) uint64 {
	switch {
	case math.IsNaN(f):
		return 0
	case signed && f <= math.MinInt64:
		return 1 << 63
	case signed && f >= math.MaxInt64:
		return math.MaxInt64
	case signed:
		return uint64(int64(f))
	case f <= 0:
		return uint64(int64(f))
	case f >= math.MaxUint64:
		return math.MaxUint64
	}
	return uint64(f)
}
