package symbols

import (
	"fmt"
	"sort"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// isCharType reports whether t is a (possibly qualified) char type.
func isCharType(t godwarf.Type) bool {
	switch x := cexpr.Resolve(t).(type) {
	case *godwarf.CharType, *godwarf.UcharType:
		return true
	case *godwarf.IntType:
		return x.ByteSize == 1 && (x.Name == "char" || x.Name == "signed char")
	case *godwarf.UintType:
		return x.ByteSize == 1 && (x.Name == "unsigned char" || x.Name == "char")
	}
	return false
}

// isSignedType reports whether t is a signed integer type.
func isSignedType(t godwarf.Type) bool {
	switch cexpr.Resolve(t).(type) {
	case *godwarf.IntType, *godwarf.CharType:
		return true
	}
	return false
}

// fieldValue locates a struct member inside a struct value.
func fieldValue(v cexpr.Value, f *godwarf.StructField) cexpr.Value {
	out := cexpr.Value{Type: f.Type, OptimizedOut: v.OptimizedOut}
	pos := f.ByteOffset*8 + f.BitOffset
	if f.BitSize != 0 && f.ByteSize > 0 { // godwarf's DWARF 4 form
		pos = f.ByteOffset*8 + f.ByteSize*8 - f.BitOffset - f.BitSize
	}
	byteOff := pos / 8
	if f.BitSize == 0 {
		byteOff = f.ByteOffset
	} else {
		out.BitOffset, out.BitSize = pos%8, f.BitSize
	}
	switch {
	case v.HasAddr:
		out.Addr, out.HasAddr = v.Addr+uint32(byteOff), true
	case v.Bytes != nil:
		size := cexpr.Size(f.Type)
		if f.BitSize != 0 {
			size = (out.BitOffset + f.BitSize + 7) / 8
		}
		if byteOff >= 0 && size >= 0 && byteOff+size <= int64(len(v.Bytes)) {
			out.Bytes = v.Bytes[byteOff : byteOff+size]
		} else {
			out.OptimizedOut = true
		}
	default:
		out.OptimizedOut = true
	}
	return out
}

// elemValue locates element i of an array value.
func elemValue(v cexpr.Value, at *godwarf.ArrayType, i int64) cexpr.Value {
	es := cexpr.Size(at.Type)
	out := cexpr.Value{Type: at.Type, OptimizedOut: v.OptimizedOut}
	switch {
	case v.HasAddr:
		out.Addr, out.HasAddr = v.Addr+uint32(i*es), true
	case v.Bytes != nil && es >= 0 && (i+1)*es <= int64(len(v.Bytes)):
		out.Bytes = v.Bytes[i*es : (i+1)*es]
	default:
		out.OptimizedOut = true
	}
	return out
}

// leUint decodes up to 8 little-endian bytes.
func leUint(b []byte) uint64 {
	var u uint64
	for i := 0; i < len(b) && i < 8; i++ {
		u |= uint64(b[i]) << (8 * uint(i))
	}
	return u
}

// sizeMask masks to n bytes.
func sizeMask(n int) uint64 {
	if n >= 8 || n <= 0 {
		return ^uint64(0)
	}
	return 1<<(8*uint(n)) - 1
}

// signExtend interprets the low n bytes of u as signed.
func signExtend(u uint64, n int) int64 {
	if n >= 8 || n <= 0 {
		return int64(u)
	}
	s := uint(64 - 8*n)
	return int64(u<<s) >> s
}

// dataSymbol names an address for pointer display ("nodes",
// "nodes+12"), as gdb does only inside a sized object or function symbol:
// a pointer into the stack is not "<__stack_bottom+16316>".
func (t *Table) dataSymbol(addr uint32) (string, bool) {
	i := sort.Search(len(t.syms), func(i int) bool { return t.syms[i].Addr > addr })
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		s := t.syms[j]
		if s.Size == 0 || addr-s.Addr >= s.Size || s.Kind == SymOther {
			continue
		}
		if addr == s.Addr {
			return s.Name, true
		}
		return fmt.Sprintf("%s+%d", s.Name, addr-s.Addr), true
	}
	return "", false
}
