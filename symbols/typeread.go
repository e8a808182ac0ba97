package symbols

import (
	"debug/dwarf"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// typeReader reads the C type DIEs GCC emits for globals (structs,
// unions, typedefs, pointers, qualifiers, arrays, enums) into the same
// godwarf types godwarf.ReadType builds, through one reader and decoding
// each DIE once: bitfield positions are computed from the member DIEs as
// they are read, so such a struct never needs its members read again
// (quirk 10). Any other DIE (base and function types, Go's kinds) is left
// to godwarf.ReadType. It runs under Table.mu.
type typeReader struct {
	t *Table
	r *dwarf.Reader
	// typedefs get their size from their target once the root is read,
	// as godwarf does (the target may still be being read).
	typedefs []*godwarf.TypedefType
	// bits are the bitfield members to place once every size is known.
	bits []pendingBits
	// arrays get their byte size from their count and element once
	// every size is known (quirk 9).
	arrays []*godwarf.ArrayType
	// borrowed are the types godwarf read, repaired last (they may hold
	// typeReader's types still being read).
	borrowed []godwarf.Type
	// depth is how many reads are under way, bounded for hostile input.
	depth int
}

// maxTypeNesting bounds how deep typeReader recurses (a chain of types
// each referring to the next), so hostile DWARF cannot exhaust the stack.
const maxTypeNesting = 4096

// pendingBits is a bitfield member and its DIE.
type pendingBits struct {
	f     *godwarf.StructField
	e     *dwarf.Entry
	width int64
}

// readRoot reads the type at off and everything it refers to.
func (tr *typeReader) readRoot(off dwarf.Offset) (godwarf.Type, error) {
	typ, err := tr.read(off)
	// What was read before an error stays cached, so it is repaired too.
	for _, td := range tr.typedefs {
		td.ByteSize = td.Type.Size()
	}
	for _, p := range tr.bits {
		pos := bitPosition(p.e, p.f, p.width)
		p.f.ByteOffset, p.f.BitOffset, p.f.BitSize, p.f.ByteSize = pos/8, pos%8, p.width, 0
	}
	for _, at := range tr.arrays {
		tr.t.fixOne(at)
	}
	for _, b := range tr.borrowed {
		tr.t.fixReachable(b)
	}
	if err != nil {
		return nil, err
	}
	return typ, nil
}

// own caches a type typeReader builds. It counts as fixed from the start
// (readRoot repairs it before returning), so fixReachable never walks it.
func (tr *typeReader) own(off dwarf.Offset, typ godwarf.Type) {
	tr.t.types[off] = typ
	tr.t.fixed[typ] = true
}

// godwarf has godwarf read the type at off, to be repaired by readRoot.
func (tr *typeReader) godwarf(off dwarf.Offset) (godwarf.Type, error) {
	typ, err := godwarf.ReadType(tr.t.dwarf, 0, off, tr.t.types)
	if err != nil {
		return nil, err
	}
	tr.borrowed = append(tr.borrowed, typ)
	return typ, nil
}

// read returns the cached type at off or reads it.
func (tr *typeReader) read(off dwarf.Offset) (godwarf.Type, error) {
	if typ, ok := tr.t.types[off]; ok {
		return typ, nil
	}
	if tr.depth >= maxTypeNesting {
		return nil, fmt.Errorf("type at 0x%x nested too deep", off)
	}
	tr.depth++
	defer func() { tr.depth-- }()
	if tr.t.readHook != nil {
		tr.t.readHook(off)
	}
	tr.r.Seek(off)
	e, err := tr.r.Next()
	if err != nil {
		return nil, err
	}
	if e == nil || e.Offset != off {
		return nil, fmt.Errorf("no type at offset 0x%x", off)
	}
	if e.Val(godwarf.AttrGoKind) != nil {
		return tr.godwarf(off)
	}
	switch e.Tag {
	case dwarf.TagStructType, dwarf.TagUnionType:
		return tr.structType(e)
	case dwarf.TagArrayType:
		return tr.arrayType(e)
	case dwarf.TagEnumerationType:
		return tr.enumType(e), nil
	case dwarf.TagTypedef, dwarf.TagPointerType, dwarf.TagConstType,
		dwarf.TagVolatileType, dwarf.TagRestrictType:
		return tr.wrapperType(e)
	}
	return tr.godwarf(off)
}

// children reads the direct children of e (the reader is just past e),
// skipping anything nested deeper.
func (tr *typeReader) children(e *dwarf.Entry) ([]*dwarf.Entry, error) {
	if !e.Children {
		return nil, nil
	}
	var kids []*dwarf.Entry
	for n := 0; n < tr.t.maxEntries(); n++ {
		kid, err := tr.r.Next()
		if err != nil {
			return nil, err
		}
		if kid == nil || kid.Tag == 0 {
			return kids, nil
		}
		if kid.Children {
			tr.r.SkipChildren()
		}
		kids = append(kids, kid)
	}
	return kids, nil
}

// typeOf reads the type e's attr refers to; no reference means void.
func (tr *typeReader) typeOf(e *dwarf.Entry, attr dwarf.Attr) (godwarf.Type, error) {
	switch off := e.Val(attr).(type) {
	case dwarf.Offset:
		return tr.read(off)
	case uint64:
		return nil, fmt.Errorf("type at 0x%x: DWARFv4 section debug_types unsupported", e.Offset)
	}
	return new(godwarf.VoidType), nil
}

// fail takes a half-read type out of the cache, as godwarf does.
func (tr *typeReader) fail(off dwarf.Offset, err error) (godwarf.Type, error) {
	delete(tr.t.types, off)
	return nil, err
}

// common fills the fields every type has; size is -1 when absent.
func common(c *godwarf.CommonType, e *dwarf.Entry) {
	c.Name, _ = e.Val(dwarf.AttrName).(string)
	c.Offset = e.Offset
	c.ByteSize = -1
	if b, ok := e.Val(dwarf.AttrByteSize).(int64); ok {
		c.ByteSize = b
	}
}
