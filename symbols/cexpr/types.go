package cexpr

import (
	"math"
	"reflect"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// PtrSize is the size of a pointer, int and long on ILP32.
const PtrSize = 4

// maxTypeDepth bounds walks through typedef/qualifier/array chains.
const maxTypeDepth = 64

// Resolve strips typedefs and qualifiers: the type a value really has.
func Resolve(t godwarf.Type) godwarf.Type {
	for i := 0; i < maxTypeDepth && t != nil; i++ {
		switch x := t.(type) {
		case *godwarf.TypedefType:
			t = x.Type
		case *godwarf.QualType:
			t = x.Type
		default:
			return t
		}
	}
	return t
}

// Size returns the size in bytes of t as C's sizeof sees it on ILP32:
// arrays are Count × element size (GCC's ByteSize -1 is ignored), void and
// function types are 1 (as in GNU C). It returns -1 if the size overflows
// or t is nil.
func Size(t godwarf.Type) int64 {
	return sizeDepth(t, 0)
}

func sizeDepth(t godwarf.Type, depth int) int64 {
	t = Resolve(t)
	if t == nil || depth > maxTypeDepth {
		return -1
	}
	switch x := t.(type) {
	case *godwarf.ArrayType:
		if x.Count <= 0 {
			return 0
		}
		elem := sizeDepth(x.Type, depth+1)
		if elem < 0 || (elem > 0 && x.Count > math.MaxInt64/elem) {
			return -1
		}
		return elem * x.Count
	case *godwarf.PtrType:
		return PtrSize
	case *godwarf.VoidType, *godwarf.FuncType:
		return 1
	case *godwarf.EnumType:
		if x.ByteSize <= 0 {
			return 4
		}
		return x.ByteSize
	}
	if n := t.Common().ByteSize; n >= 0 {
		return n
	}
	return -1
}

// isSigned reports whether t is a signed integer type. Plain char is
// unsigned on RISC-V; the debug info's encoding says which.
func isSigned(t godwarf.Type) bool {
	switch x := Resolve(t).(type) {
	case *godwarf.IntType, *godwarf.CharType:
		return true
	case *godwarf.EnumType:
		for _, v := range x.Val {
			if v.Val < 0 {
				return true
			}
		}
		return false
	}
	return false
}

// isInteger reports whether t is an integer type (including char, _Bool
// and enums).
func isInteger(t godwarf.Type) bool {
	switch Resolve(t).(type) {
	case *godwarf.IntType, *godwarf.UintType, *godwarf.CharType,
		*godwarf.UcharType, *godwarf.BoolType, *godwarf.EnumType:
		return true
	}
	return false
}

// isFloat reports whether t is a floating-point type.
func isFloat(t godwarf.Type) bool {
	_, ok := Resolve(t).(*godwarf.FloatType)
	return ok
}

// isPointer reports whether t is a pointer type.
func isPointer(t godwarf.Type) bool {
	_, ok := Resolve(t).(*godwarf.PtrType)
	return ok
}

// isArith reports whether t is an arithmetic type.
func isArith(t godwarf.Type) bool { return isInteger(t) || isFloat(t) }

// isScalar reports whether t is arithmetic or a pointer.
func isScalar(t godwarf.Type) bool { return isArith(t) || isPointer(t) }

// pointee returns the type a pointer or array refers to.
func pointee(t godwarf.Type) (godwarf.Type, bool) {
	switch x := Resolve(t).(type) {
	case *godwarf.PtrType:
		return x.Type, true
	case *godwarf.ArrayType:
		return x.Type, true
	}
	return nil, false
}

// baseKind describes a C base type.
type baseKind struct {
	size   int64
	signed bool
	char   bool
	boolT  bool
	float  bool
	void   bool
}

// baseTypes are the C base types cexpr synthesises when the debug info has
// none of that name, keyed by canonical spelling.
var baseTypes = map[string]baseKind{
	"void":               {size: 1, void: true},
	"_Bool":              {size: 1, boolT: true},
	"char":               {size: 1, char: true}, // unsigned on RISC-V
	"signed char":        {size: 1, signed: true, char: true},
	"unsigned char":      {size: 1, char: true},
	"short":              {size: 2, signed: true},
	"unsigned short":     {size: 2},
	"int":                {size: 4, signed: true},
	"unsigned int":       {size: 4},
	"long":               {size: 4, signed: true},
	"unsigned long":      {size: 4},
	"long long":          {size: 8, signed: true},
	"unsigned long long": {size: 8},
	"float":              {size: 4, float: true},
	"double":             {size: 8, float: true},
	"long double":        {size: 16, float: true},
}

// synthBase builds the godwarf type for a canonical base type name.
func synthBase(name string) (godwarf.Type, bool) {
	k, ok := baseTypes[name]
	if !ok {
		return nil, false
	}
	c := godwarf.CommonType{ByteSize: k.size, Name: name}
	if k.void {
		c.ByteSize = 0
		c.ReflectKind = reflect.Invalid
		return &godwarf.VoidType{CommonType: c}, true
	}
	b := godwarf.BasicType{CommonType: c, BitSize: k.size * 8}
	switch {
	case k.boolT:
		b.ReflectKind = reflect.Bool
		return &godwarf.BoolType{BasicType: b}, true
	case k.float:
		b.ReflectKind = reflect.Float64
		if k.size == 4 {
			b.ReflectKind = reflect.Float32
		}
		return &godwarf.FloatType{BasicType: b}, true
	case k.char && k.signed:
		b.ReflectKind = reflect.Int8
		return &godwarf.CharType{BasicType: b}, true
	case k.char:
		b.ReflectKind = reflect.Uint8
		return &godwarf.UcharType{BasicType: b}, true
	case k.signed:
		b.ReflectKind = intKind(k.size, true)
		return &godwarf.IntType{BasicType: b}, true
	default:
		b.ReflectKind = intKind(k.size, false)
		return &godwarf.UintType{BasicType: b}, true
	}
}

func intKind(size int64, signed bool) reflect.Kind {
	kinds := map[int64][2]reflect.Kind{
		1: {reflect.Uint8, reflect.Int8}, 2: {reflect.Uint16, reflect.Int16},
		4: {reflect.Uint32, reflect.Int32}, 8: {reflect.Uint64, reflect.Int64},
	}
	k := kinds[size]
	if signed {
		return k[1]
	}
	return k[0]
}

// mustBase returns a synthesised base type; name must be in baseTypes.
func mustBase(name string) godwarf.Type {
	t, _ := synthBase(name)
	return t
}

// ptrTo builds a pointer type to t.
func ptrTo(t godwarf.Type) godwarf.Type {
	return &godwarf.PtrType{CommonType: godwarf.CommonType{ByteSize: PtrSize, ReflectKind: reflect.Pointer}, Type: t}
}
