package symbols

import (
	"debug/dwarf"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// typeAt reads the type DIE at off through godwarf, then fixes what godwarf
// gets wrong on GCC's output: array sizes (gap 9) and bitfield offsets
// (gap 10). Results are cached.
func (t *Table) typeAt(off dwarf.Offset) (typ godwarf.Type, err error) {
	if t.dwarf == nil {
		return nil, ErrNoDebugInfo
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if typ, ok := t.types[off]; ok {
		return typ, nil
	}
	defer func() {
		if p := recover(); p != nil {
			typ, err = nil, fmt.Errorf("malformed DWARF type at 0x%x: %v", off, p)
		}
	}()
	typ, err = godwarf.ReadType(t.dwarf, 0, off, t.types)
	if err != nil {
		return nil, fmt.Errorf("read type at 0x%x: %w", off, err)
	}
	for _, ct := range t.types {
		t.fixType(ct, t.fixed, 0)
	}
	return typ, nil
}

// maxTypeDepth bounds recursion over hostile type graphs.
const maxTypeDepth = 64

// fixType repairs one type (and what it contains) in place.
func (t *Table) fixType(typ godwarf.Type, fixed map[godwarf.Type]bool, depth int) {
	if typ == nil || fixed[typ] || depth > maxTypeDepth {
		return
	}
	fixed[typ] = true
	switch x := typ.(type) {
	case *godwarf.ArrayType:
		t.fixType(x.Type, fixed, depth+1)
		if x.Count >= 0 && x.Type != nil {
			if es := cexpr.Size(x.Type); es >= 0 {
				x.ByteSize = x.Count * es
			}
		}
	case *godwarf.StructType:
		for _, f := range x.Field {
			if _, isArr := f.Type.(*godwarf.ArrayType); isArr {
				t.fixType(f.Type, fixed, depth+1)
			}
		}
		t.fixBitfields(x)
	case *godwarf.TypedefType:
		t.fixType(x.Type, fixed, depth+1)
	case *godwarf.QualType:
		t.fixType(x.Type, fixed, depth+1)
	}
}

// fixBitfields recomputes bitfield positions from the member DIEs into the
// little-endian form cexpr documents: ByteSize 0, the least significant bit
// at ByteOffset*8 + BitOffset.
func (t *Table) fixBitfields(st *godwarf.StructType) {
	r := t.dwarf.Reader()
	r.Seek(st.Offset)
	e, err := r.Next()
	if err != nil || e == nil || !e.Children {
		return
	}
	i := 0
	for n := 0; i < len(st.Field) && n < t.maxEntries(); n++ {
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
