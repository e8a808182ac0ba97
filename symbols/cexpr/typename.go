package cexpr

import (
	"strconv"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// TypeName spells t as C does: "const uint8_t *", "struct node *",
// "int [4]", "unsigned int".
func TypeName(t godwarf.Type) string {
	return declare(t, "", 0)
}

// declare spells a declaration of inner (a declarator) with type t.
func declare(t godwarf.Type, inner string, depth int) string {
	if depth > maxTypeDepth || t == nil {
		return join("?", inner)
	}
	switch x := t.(type) {
	case *godwarf.QualType:
		if _, isPtr := resolveQual(x.Type).(*godwarf.PtrType); isPtr {
			return declare(x.Type, join(x.Qual, inner), depth+1)
		}
		return x.Qual + " " + declare(x.Type, inner, depth+1)
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
	return join(nonEmpty(t.Common().Name), inner)
}

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

// resolveQual strips qualifiers (not typedefs).
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

func nonEmpty(s string) string {
	if s == "" {
		return "<anonymous>"
	}
	return s
}

// join puts a base type and a declarator together: "int" + "*p" -> "int *p".
func join(base, inner string) string {
	if inner == "" {
		return base
	}
	return base + " " + inner
}
