package cexpr

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// member evaluates x.name and x->name.
func (ev *evaluator) member(x *memberExpr) (Value, error) {
	v, err := ev.eval(x.x)
	if err != nil {
		return Value{}, err
	}
	if x.arrow {
		if v, err = ev.load(x.x.Pos(), v); err != nil {
			return Value{}, err
		}
		p, err := toScalar(x.pos, v)
		if err != nil || !isPointer(p.t) {
			return Value{}, errAt(x.pos, "'->' applied to '%s', not a pointer", TypeName(v.Type))
		}
		elem, _ := pointee(p.t)
		v = Value{Type: elem, Addr: uint32(p.bits), HasAddr: true}
	}
	st, ok := Resolve(v.Type).(*godwarf.StructType)
	if !ok {
		return Value{}, errAt(x.pos, "member '%s' requested in '%s', not a struct or union", x.name, TypeName(v.Type))
	}
	f, bitPos, ok := findField(st, x.name)
	if !ok {
		return Value{}, errAt(x.pos, "%s has no member named '%s'", TypeName(v.Type), x.name)
	}
	return ev.fieldValue(x.pos, v, f, bitPos)
}

// findField looks a member up by name, descending into anonymous struct
// and union members. It returns the field and the bit position of its
// least significant bit (bitfields) or of its first byte (others),
// relative to the start of the outermost struct.
func findField(st *godwarf.StructType, name string) (*godwarf.StructField, int64, bool) {
	return findFieldIn(st, name, 0, map[*godwarf.StructType]bool{})
}

// findFieldIn searches st at bit position base. A struct already searched
// is not searched again: a miss there is a miss everywhere, and hostile
// debug info can make a struct its own anonymous member.
func findFieldIn(st *godwarf.StructType, name string, base int64, seen map[*godwarf.StructType]bool) (*godwarf.StructField, int64, bool) {
	if seen[st] || len(seen) > maxFieldStructs {
		return nil, 0, false
	}
	seen[st] = true
	for _, f := range st.Field {
		if f == nil {
			continue
		}
		if f.Name == name && name != "" {
			return f, base + fieldBitPos(f), true
		}
		if f.Name == "" {
			if inner, ok := Resolve(f.Type).(*godwarf.StructType); ok {
				if g, pos, ok := findFieldIn(inner, name, base+f.ByteOffset*8, seen); ok {
					return g, pos, true
				}
			}
		}
	}
	return nil, 0, false
}

// maxFieldStructs bounds the structs one member lookup searches.
const maxFieldStructs = 4096

// fieldBitPos returns the bit position of a field's least significant bit
// relative to its struct (see the package doc for the bitfield forms).
func fieldBitPos(f *godwarf.StructField) int64 {
	pos := f.ByteOffset * 8
	if f.BitSize == 0 {
		return pos
	}
	if f.ByteSize > 0 {
		return pos + f.ByteSize*8 - f.BitOffset - f.BitSize
	}
	return pos + f.BitOffset
}

// fieldValue locates field f of struct value v; bitPos is from findField.
func (ev *evaluator) fieldValue(pos int, v Value, f *godwarf.StructField, bitPos int64) (Value, error) {
	if bitPos < 0 || bitPos > 1<<34 || f.BitSize < 0 || f.BitSize > 64 {
		return Value{}, errAt(pos, "bad member layout")
	}
	out := Value{Type: f.Type, OptimizedOut: v.OptimizedOut, BitSize: f.BitSize}
	byteOff := bitPos / 8
	if f.BitSize != 0 {
		out.BitOffset = bitPos % 8
	}
	if v.OptimizedOut {
		return out, nil
	}
	if v.HasAddr {
		out.Addr, out.HasAddr = v.Addr+uint32(byteOff), true
		return out, nil
	}
	b, err := v.Load(ev.env)
	if err != nil {
		return Value{}, wrapAt(pos, err, "cannot read value")
	}
	n := Size(f.Type)
	if f.BitSize != 0 {
		n = (out.BitOffset + f.BitSize + 7) / 8
	}
	if n < 0 || byteOff+n > int64(len(b)) {
		return Value{}, errAt(pos, "member outside its value")
	}
	out.Bytes = b[byteOff : byteOff+n]
	return out, nil
}

// index evaluates a[i] (or i[a]) as *(a + i).
func (ev *evaluator) index(x *indexExpr) (Value, error) {
	av, err := ev.eval(x.x)
	if err != nil {
		return Value{}, err
	}
	i, err := ev.scalar(x.idx)
	if err != nil {
		return Value{}, err
	}
	if at, ok := Resolve(av.Type).(*godwarf.ArrayType); ok && !av.HasAddr && !av.OptimizedOut {
		return ev.indexBytes(x, av, at, i)
	}
	if av, err = ev.load(x.x.Pos(), av); err != nil {
		return Value{}, err
	}
	a, err := toScalar(x.x.Pos(), av)
	if err != nil {
		return Value{}, err
	}
	if !isPointer(a.t) && isPointer(i.t) {
		a, i = i, a
	}
	if !isPointer(a.t) {
		return Value{}, errAt(x.pos, "subscripted value of type '%s' is not an array or pointer", TypeName(a.t))
	}
	p, err := ptrAdd(x.pos, "+", a, i)
	if err != nil {
		return Value{}, err
	}
	elem, _ := pointee(a.t)
	if _, void := Resolve(elem).(*godwarf.VoidType); void {
		return Value{}, errAt(x.pos, "cannot subscript a 'void *'")
	}
	return Value{Type: elem, Addr: uint32(p.bits), HasAddr: true}, nil
}

// indexBytes indexes an array that is not in memory (a string literal, an
// array in registers), with bounds checking.
func (ev *evaluator) indexBytes(x *indexExpr, av Value, at *godwarf.ArrayType, i scalar) (Value, error) {
	b, err := av.Load(ev.env)
	if err != nil {
		return Value{}, wrapAt(x.pos, err, "cannot read array")
	}
	n := Size(at.Type)
	k := i.int64()
	if !isInteger(i.t) || k < 0 || k >= at.Count || n <= 0 || (k+1)*n > int64(len(b)) {
		return Value{}, errAt(x.pos, "index out of range for an array not in memory")
	}
	return Value{Type: at.Type, Bytes: b[k*n : (k+1)*n]}, nil
}
