package cexpr

import (
	"errors"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// MaxLoad is the largest value, in bytes, that Load reads from the target.
const MaxLoad = 1 << 20

// ErrOptimizedOut is returned when an unavailable value is needed.
var ErrOptimizedOut = errors.New("value optimized out")

// Value is a typed value. Exactly one of: in memory (HasAddr), in a register
// (Reg != ""), or computed (Bytes holds it). OptimizedOut means unavailable.
type Value struct {
	Type         godwarf.Type
	Addr         uint32
	HasAddr      bool
	Reg          string
	Bytes        []byte // little-endian contents for computed / register values
	OptimizedOut bool
	// BitOffset and BitSize locate a bitfield member (BitSize 0 = not a
	// bitfield): its least significant bit is bit BitOffset counted from bit
	// 0 of the byte at Addr.
	BitOffset, BitSize int64
}

// Load returns the value's little-endian bytes, Size(v.Type) of them,
// reading memory or the register if needed. A bitfield comes back
// extracted: shifted down, masked, and sign-extended if its type is signed.
func (v Value) Load(env Env) ([]byte, error) {
	if v.OptimizedOut {
		return nil, ErrOptimizedOut
	}
	if v.Type == nil {
		return nil, errors.New("value has no type")
	}
	size := Size(v.Type)
	if size < 0 || size > MaxLoad {
		return nil, fmt.Errorf("value of type %s too large to load (%d bytes)", TypeName(v.Type), size)
	}
	if v.BitSize != 0 {
		return v.loadBits(env, size)
	}
	switch {
	case v.HasAddr:
		buf := make([]byte, size)
		if err := env.ReadMemory(v.Addr, buf); err != nil {
			return nil, fmt.Errorf("read %d bytes at 0x%08x: %w", size, v.Addr, err)
		}
		return buf, nil
	case v.Reg != "" && v.Bytes == nil:
		r, ok := env.LookupRegister(v.Reg)
		if !ok {
			return nil, fmt.Errorf("no register %q", v.Reg)
		}
		return fit(u64le(uint64(r), 4), size), nil
	default:
		return fit(v.Bytes, size), nil
	}
}

// loadBits extracts a bitfield value.
func (v Value) loadBits(env Env, size int64) ([]byte, error) {
	if v.BitSize < 0 || v.BitSize > 64 || v.BitOffset < 0 || v.BitOffset > 64 {
		return nil, fmt.Errorf("bad bitfield %d:%d", v.BitOffset, v.BitSize)
	}
	storage, err := v.bitStorage(env)
	if err != nil {
		return nil, err
	}
	raw := storage >> uint(v.BitOffset) & mask(v.BitSize)
	if isSigned(v.Type) {
		raw = signExtend(raw, v.BitSize)
	}
	return u64le(raw, size), nil
}

// bitStorage reads the bytes holding a bitfield, as a little-endian integer
// whose bit 0 is bit 0 of the byte at Addr.
func (v Value) bitStorage(env Env) (uint64, error) {
	n := (v.BitOffset + v.BitSize + 7) / 8
	if n > 8 {
		return 0, fmt.Errorf("bitfield %d:%d spans more than 8 bytes", v.BitOffset, v.BitSize)
	}
	if !v.HasAddr {
		return leU64(v.Bytes), nil
	}
	buf := make([]byte, n)
	if err := env.ReadMemory(v.Addr, buf); err != nil {
		return 0, fmt.Errorf("read bitfield at 0x%08x: %w", v.Addr, err)
	}
	return leU64(buf), nil
}

// fit returns b truncated or zero-extended to n bytes.
func fit(b []byte, n int64) []byte {
	out := make([]byte, n)
	copy(out, b)
	return out
}

// u64le encodes x as n little-endian bytes (n <= 8 takes the low bytes;
// bytes beyond 8 are zero).
func u64le(x uint64, n int64) []byte {
	out := make([]byte, n)
	for i := int64(0); i < n && i < 8; i++ {
		out[i] = byte(x >> (8 * uint(i)))
	}
	return out
}

// leU64 decodes up to 8 little-endian bytes.
func leU64(b []byte) uint64 {
	var x uint64
	for i := 0; i < len(b) && i < 8; i++ {
		x |= uint64(b[i]) << (8 * uint(i))
	}
	return x
}

// mask returns a mask of the low n bits.
func mask(n int64) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(n) - 1
}

// signExtend sign-extends the low n bits of x.
func signExtend(x uint64, n int64) uint64 {
	if n <= 0 || n >= 64 {
		return x
	}
	if x&(1<<uint(n-1)) != 0 {
		return x | ^mask(n)
	}
	return x & mask(n)
}
