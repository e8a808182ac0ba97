package symbols

import (
	"debug/dwarf"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// typeAt reads the type DIE at off (typeReader, which leaves what is not
// a C type to godwarf), then fixes what godwarf gets wrong on GCC's
// output: array sizes and bitfield offsets (quirks 9 and 10 in
// DWARF-QUIRKS.md). Results are cached, and each type is fixed
// once, so loading n types costs O(n) however many calls it takes.
func (t *Table) typeAt(off dwarf.Offset) (typ godwarf.Type, err error) {
	if t.dwarf == nil {
		return nil, ErrNoDebugInfo
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if typ, ok := t.types[off]; ok {
		if !t.fixed[typ] {
			t.fixReachable(typ)
		}
		return typ, nil
	}
	defer func() {
		if p := recover(); p != nil {
			// The read stopped half-way: types it cached may be half built
			// (and marked fixed). Forget the whole cache rather than
			// serve them; types handed out before stay valid.
			t.types = map[dwarf.Offset]godwarf.Type{}
			t.fixed = map[godwarf.Type]bool{}
			t.typeRd = nil
			typ, err = nil, fmt.Errorf("malformed DWARF type at 0x%x: %v", off, p)
		}
	}()
	if t.typeRd == nil {
		t.typeRd = t.dwarf.Reader()
	}
	tr := typeReader{t: t, r: t.typeRd}
	typ, err = tr.readRoot(off)
	if err != nil {
		return nil, fmt.Errorf("read type at 0x%x: %w", off, err)
	}
	t.fixReachable(typ)
	return typ, nil
}

// maxTypeDepth bounds recursion over hostile type graphs.
const maxTypeDepth = 64

// fixReachable repairs every type reachable from root that is not fixed
// yet. godwarf reads a type eagerly with everything it refers to, so the
// types a ReadType call adds to the cache are reachable from its result;
// a pointer's target is reached too, since dereferencing it never comes
// back through typeAt. The walk stops at fixed types, so over the life of
// a Table each type is visited once; it uses an explicit stack, so deep
// type graphs from hostile input cannot exhaust the goroutine stack.
func (t *Table) fixReachable(root godwarf.Type) {
	stack := append(t.fixStack[:0], root)
	for len(stack) > 0 {
		typ := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if typ == nil || t.fixed[typ] {
			continue
		}
		t.fixed[typ] = true
		t.fixOne(typ)
		stack = appendInner(stack, typ)
	}
	t.fixStack = stack
}

// appendInner pushes the types one type refers to directly.
func appendInner(stack []godwarf.Type, typ godwarf.Type) []godwarf.Type {
	switch x := typ.(type) {
	case *godwarf.ArrayType:
		stack = append(stack, x.Type)
	case *godwarf.PtrType:
		stack = append(stack, x.Type)
	case *godwarf.TypedefType:
		stack = append(stack, x.Type)
	case *godwarf.QualType:
		stack = append(stack, x.Type)
	case *godwarf.StructType:
		for _, f := range x.Field {
			stack = append(stack, f.Type)
		}
	case *godwarf.FuncType:
		stack = append(stack, x.ReturnType)
		stack = append(stack, x.ParamType...)
	}
	return stack
}

// fixOne repairs one type in place: an array's byte size from its count
// and element size (the element's own size is computed, not read, so the
// order in which types are fixed does not matter), a struct's bitfields.
func (t *Table) fixOne(typ godwarf.Type) {
	switch x := typ.(type) {
	case *godwarf.ArrayType:
		if x.Count >= 0 && x.Type != nil {
			if es := cexpr.Size(x.Type); es >= 0 {
				x.ByteSize = x.Count * es
			}
		}
	case *godwarf.StructType:
		t.fixBitfields(x)
	}
}

// fixBitfields recomputes bitfield positions from the member DIEs into the
// little-endian form cexpr documents: ByteSize 0, the least significant bit
// at ByteOffset*8 + BitOffset.
func (t *Table) fixBitfields(st *godwarf.StructType) {
	end := bitfieldsEnd(st)
	if end == 0 {
		return
	}
	if t.fixReader == nil {
		t.fixReader = t.dwarf.Reader()
	}
	r := t.fixReader
	r.Seek(st.Offset)
	e, err := r.Next()
	if err != nil || e == nil || !e.Children {
		return
	}
	i := 0
	for n := 0; i < end && n < t.maxEntries(); n++ {
		c, err := r.Next()
		if err != nil || c == nil || c.Tag == 0 {
			return
		}
		if c.Tag != dwarf.TagMember {
			if c.Children {
				r.SkipChildren()
			}
			continue
		}
		f := st.Field[i]
		i++
		bitSize, ok := c.Val(dwarf.AttrBitSize).(int64)
		if !ok || bitSize <= 0 || bitSize > 64 {
			continue
		}
		pos := bitPosition(c, f, bitSize)
		f.ByteOffset, f.BitOffset, f.BitSize, f.ByteSize = pos/8, pos%8, bitSize, 0
	}
}

// bitfieldsEnd is one past the last member godwarf saw a DW_AT_bit_size
// on, 0 when there is none: only the member DIEs before it need reading
// again.
func bitfieldsEnd(st *godwarf.StructType) int {
	for i := len(st.Field) - 1; i >= 0; i-- {
		if st.Field[i].BitSize > 0 {
			return i + 1
		}
	}
	return 0
}

// bitPosition is a bitfield's least significant bit counted from the start
// of the struct: DW_AT_data_bit_offset (DWARF 5), or DW_AT_bit_offset
// counted from the most significant bit of the storage unit (DWARF 2-4).
func bitPosition(c *dwarf.Entry, f *godwarf.StructField, bitSize int64) int64 {
	if dbo, ok := c.Val(dwarf.AttrDataBitOffset).(int64); ok {
		return dbo
	}
	loc, _ := c.Val(dwarf.AttrDataMemberLoc).(int64)
	bo, ok := c.Val(dwarf.AttrBitOffset).(int64)
	if !ok {
		return loc * 8
	}
	unit, ok := c.Val(dwarf.AttrByteSize).(int64)
	if !ok && f.Type != nil {
		unit = cexpr.Size(f.Type)
	}
	return loc*8 + unit*8 - bo - bitSize
}
