package cexpr

import (
	"strconv"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// TypeName spells a type the way C (and gdb) does: "const uint8_t *",
// "int [2][3]", "struct node *", "void (*)(int)", "const uint8_t [4]"
// (a qualifier on an array type applies to its elements, as in C).
func TypeName(t godwarf.Type) string { return declare(t, "", 0) }

// declare spells a declaration of inner with type typ.
func declare(typ godwarf.Type, inner string, depth int) string {
	if typ == nil || depth > maxTypeDepth {
		return join("void", inner)
	}
	switch x := typ.(type) {
	case *godwarf.QualType:
		under := x.Type
		if q, ok := under.(*godwarf.QualType); ok && q.Qual == x.Qual {
			return declare(under, inner, depth+1)
		}
		switch u := under.(type) {
		case *godwarf.PtrType:
			return declare(u, join(x.Qual, inner), depth+1)
		case *godwarf.ArrayType:
			if elemHasQual(u.Type, x.Qual) {
				return declare(u, inner, depth+1)
			}
		}
		return x.Qual + " " + declare(under, inner, depth+1)
	case *godwarf.PtrType:
		switch resolveQual(x.Type).(type) {
		case *godwarf.ArrayType, *godwarf.FuncType:
			return declare(x.Type, "(*"+inner+")", depth+1)
		}
		return declare(x.Type, "*"+inner, depth+1)
	case *godwarf.ArrayType:
		n := ""
		if x.Count >= 0 {
			n = strconv.FormatInt(x.Count, 10)
		}
		if inner != "" && inner[0] == '*' {
			inner = "(" + inner + ")"
		}
		return declare(x.Type, inner+"["+n+"]", depth+1)
	case *godwarf.FuncType:
		return declare(x.ReturnType, inner+"("+params(x, depth)+")", depth+1)
	case *godwarf.StructType:
		return join(x.Kind+" "+nonEmpty(x.StructName), inner)
	case *godwarf.EnumType:
		return join("enum "+nonEmpty(x.EnumName), inner)
	case *godwarf.VoidType:
		return join("void", inner)
	}
	return join(nonEmpty(typ.Common().Name), inner)
}

// elemHasQual reports whether an array's element type carries qual.
func elemHasQual(t godwarf.Type, qual string) bool {
	for i := 0; i < maxTypeDepth; i++ {
		switch x := t.(type) {
		case *godwarf.QualType:
			if x.Qual == qual {
				return true
			}
			t = x.Type
		case *godwarf.ArrayType:
			t = x.Type
		default:
			return false
		}
	}
	return false
}

// params spells a function's parameter types.
func params(f *godwarf.FuncType, depth int) string {
	if len(f.ParamType) == 0 {
		return "void"
	}
	s := ""
	for i, p := range f.ParamType {
		if i > 0 {
			s += ", "
		}
		s += declare(p, "", depth+1)
	}
	return s
}

// resolveQuals strips qualifiers, not typedefs.
func resolveQual(t godwarf.Type) godwarf.Type {
	for i := 0; i < maxTypeDepth; i++ {
		q, ok := t.(*godwarf.QualType)
		if !ok {
			return t
		}
		t = q.Type
	}
	return t
}

// join puts a declarator after a type name.
func join(base, inner string) string {
	if inner == "" {
		return base
	}
	return base + " " + inner
}

// nonEmpty names anonymous types.
func nonEmpty(s string) string {
	if s == "" {
		return "<anonymous>"
	}
	return s
}
