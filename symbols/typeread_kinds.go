package symbols

import (
	"debug/dwarf"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// structType reads a struct or union as godwarf does (including its
// zero-length array repair) and queues its bitfields for placement.
// Members located by an expression go to godwarf, which decodes them.
func (tr *typeReader) structType(e *dwarf.Entry) (godwarf.Type, error) {
	kids, err := tr.children(e)
	if err != nil {
		return nil, err
	}
	for _, k := range kids {
		if _, expr := k.Val(dwarf.AttrDataMemberLoc).([]byte); expr && k.Tag == dwarf.TagMember {
			return tr.godwarf(e.Offset)
		}
	}
	st := new(godwarf.StructType)
	tr.own(e.Offset, st)
	common(&st.CommonType, e)
	st.Kind = "struct"
	if e.Tag == dwarf.TagUnionType {
		st.Kind = "union"
	}
	st.StructName = st.Name
	st.Incomplete = e.Val(dwarf.AttrDeclaration) != nil
	st.Field = make([]*godwarf.StructField, 0, 8)
	var lastType godwarf.Type
	var lastBit int64
	for _, k := range kids {
		if k.Tag != dwarf.TagMember {
			continue
		}
		f, err := tr.member(k)
		if err != nil {
			return tr.fail(e.Offset, err)
		}
		st.Field = append(st.Field, f)
		bit, ok := k.Val(dwarf.AttrBitOffset).(int64)
		if !ok {
			bit = f.ByteOffset * 8
		}
		if bit == lastBit && st.Kind != "union" {
			zeroArray(lastType) // the previous member was a zero-length array
		}
		lastType, lastBit = f.Type, bit
	}
	if b, ok := e.Val(dwarf.AttrByteSize).(int64); ok && st.Kind != "union" && b*8 == lastBit {
		zeroArray(lastType)
	}
	return st, nil
}

// member reads one member as godwarf does and queues a bitfield's
// placement for when every size is known.
func (tr *typeReader) member(k *dwarf.Entry) (*godwarf.StructField, error) {
	f := new(godwarf.StructField)
	typ, err := tr.typeOf(k, dwarf.AttrType)
	if err != nil {
		return nil, err
	}
	f.Type = typ
	f.ByteOffset, _ = k.Val(dwarf.AttrDataMemberLoc).(int64)
	f.Name, _ = k.Val(dwarf.AttrName).(string)
	f.ByteSize, _ = k.Val(dwarf.AttrByteSize).(int64)
	f.BitOffset, _ = k.Val(dwarf.AttrBitOffset).(int64)
	f.BitSize, _ = k.Val(dwarf.AttrBitSize).(int64)
	if f.BitSize > 0 && f.BitSize <= 64 {
		tr.bits = append(tr.bits, pendingBits{f: f, e: k, width: f.BitSize})
	}
	return f, nil
}

// zeroArray makes an array (and the arrays it is made of) zero-length,
// for DWARF's one-element encoding of x[0] as a last member.
func zeroArray(t godwarf.Type) {
	for {
		at, ok := t.(*godwarf.ArrayType)
		if !ok {
			return
		}
		at.Count = 0
		t = at.Type
	}
}

// arrayType reads an array, one level per subrange, as godwarf does.
func (tr *typeReader) arrayType(e *dwarf.Entry) (godwarf.Type, error) {
	kids, err := tr.children(e)
	if err != nil {
		return nil, err
	}
	at := new(godwarf.ArrayType)
	tr.own(e.Offset, at)
	tr.arrays = append(tr.arrays, at)
	common(&at.CommonType, e)
	if at.Type, err = tr.typeOf(e, dwarf.AttrType); err != nil {
		return tr.fail(e.Offset, err)
	}
	if bytes, ok := e.Val(dwarf.AttrStride).(int64); ok {
		at.StrideBitSize = 8 * bytes
	} else if bits, ok := e.Val(dwarf.AttrStrideSize).(int64); ok {
		at.StrideBitSize = bits
	} else {
		at.StrideBitSize = 8 * at.Type.Size()
	}
	ndim := 0
	for _, k := range kids {
		switch k.Tag {
		case dwarf.TagSubrangeType:
			count, ok := k.Val(dwarf.AttrCount).(int64)
			if !ok {
				count, ok = k.Val(dwarf.AttrUpperBound).(int64)
				if ok {
					count++
				} else {
					count = -1
				}
			}
			if ndim == 0 {
				at.Count = count
			} else {
				inner := &godwarf.ArrayType{Type: at.Type, Count: count}
				tr.t.fixed[inner] = true
				tr.arrays = append(tr.arrays, inner)
				at.Type = inner
			}
			ndim++
		case dwarf.TagEnumerationType:
			return tr.fail(e.Offset, fmt.Errorf("array at 0x%x: enumeration as array bound", e.Offset))
		}
	}
	if ndim == 0 {
		at.Count = -1
	}
	return at, nil
}

// enumType reads an enumeration and its enumerators.
func (tr *typeReader) enumType(e *dwarf.Entry) godwarf.Type {
	kids, _ := tr.children(e)
	et := new(godwarf.EnumType)
	tr.own(e.Offset, et)
	common(&et.CommonType, e)
	et.EnumName = et.Name
	et.Val = make([]*godwarf.EnumValue, 0, 8)
	for _, k := range kids {
		if k.Tag != dwarf.TagEnumerator {
			continue
		}
		v := new(godwarf.EnumValue)
		v.Name, _ = k.Val(dwarf.AttrName).(string)
		v.Val, _ = k.Val(dwarf.AttrConstValue).(int64)
		et.Val = append(et.Val, v)
	}
	return et
}

// wrapperType reads a typedef, pointer or qualifier: a type made of one
// other type.
func (tr *typeReader) wrapperType(e *dwarf.Entry) (godwarf.Type, error) {
	var typ godwarf.Type
	var inner *godwarf.Type
	switch e.Tag {
	case dwarf.TagTypedef:
		td := new(godwarf.TypedefType)
		typ, inner = td, &td.Type
	case dwarf.TagPointerType:
		pt := new(godwarf.PtrType)
		typ, inner = pt, &pt.Type
	default:
		qt := &godwarf.QualType{Qual: qualifier(e.Tag)}
		typ, inner = qt, &qt.Type
	}
	tr.own(e.Offset, typ)
	common(typ.Common(), e)
	addrSize := tr.r.AddressSize() // of e's unit, before reading elsewhere
	it, err := tr.typeOf(e, dwarf.AttrType)
	if err != nil {
		return tr.fail(e.Offset, err)
	}
	*inner = it
	if typ.Common().ByteSize < 0 {
		switch x := typ.(type) {
		case *godwarf.TypedefType:
			tr.typedefs = append(tr.typedefs, x)
		case *godwarf.PtrType:
			x.ByteSize = int64(addrSize)
		}
	}
	return typ, nil
}

// qualifier is the C keyword of a qualifier DIE.
func qualifier(tag dwarf.Tag) string {
	switch tag {
	case dwarf.TagConstType:
		return "const"
	case dwarf.TagVolatileType:
		return "volatile"
	}
	return "restrict"
}
