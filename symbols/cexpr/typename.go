package cexpr

import (
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// TypeName spells a type the way C (and gdb) does: "const uint8_t *",
// "int [2][3]", "struct node *", "void (*)(int)", "const uint8_t [4]"
// (a qualifier on an array type applies to its elements, as in C). A type
// graph too large to spell (more than maxNameNodes types visited, or
// maxNameLen bytes) or cyclic (from hostile debug info) is cut short with
// "...": parameter lists stop once maxNameNodes types have been visited,
// declarators at four times that (or 16 times maxNameLen).
func TypeName(t godwarf.Type) string {
	n := &namer{path: map[godwarf.Type]bool{}}
	return n.declare(t, "")
}

// Bounds on the work of one TypeName.
const (
	maxNameNodes = 256
	maxNameLen   = 1024
)

// namer spells one type name within a budget.
type namer struct {
	nodes int
	// path holds the types being spelt around the current one: meeting one
	// again means the graph is cyclic.
	path map[godwarf.Type]bool
}

// declare spells a declaration of inner with type typ.
func (n *namer) declare(typ godwarf.Type, inner string) string {
	if typ == nil {
		return join("void", inner)
	}
	n.nodes++
	if n.nodes > 4*maxNameNodes || len(inner) > 16*maxNameLen || n.path[typ] {
		return join("...", inner)
	}
	n.path[typ] = true
	defer delete(n.path, typ)
	switch x := typ.(type) {
	case *godwarf.QualType:
		return n.qualified(x, inner)
	case *godwarf.PtrType:
		star := "*"
		if inner != "" && inner[0] >= 'a' && inner[0] <= 'z' { // a qualifier
			star = "* "
		}
		switch resolveQual(x.Type).(type) {
		case *godwarf.ArrayType, *godwarf.FuncType:
			return n.declare(x.Type, "("+star+inner+")")
		}
		return n.declare(x.Type, star+inner)
	case *godwarf.ArrayType:
		c := ""
		if x.Count >= 0 {
			c = strconv.FormatInt(x.Count, 10)
		}
		if inner != "" && inner[0] == '*' {
			inner = "(" + inner + ")"
		}
		return n.declare(x.Type, inner+"["+c+"]")
	case *godwarf.FuncType:
		return n.declare(x.ReturnType, inner+"("+n.params(x)+")")
	case *godwarf.StructType:
		return join(x.Kind+" "+nonEmpty(x.StructName), inner)
	case *godwarf.EnumType:
		return join("enum "+nonEmpty(x.EnumName), inner)
	case *godwarf.VoidType:
		return join("void", inner)
	}
	if _, typedef := typ.(*godwarf.TypedefType); !typedef {
		if short, ok := gdbIntNames[typ.Common().Name]; ok {
			return join(short, inner)
		}
	}
	return join(nonEmpty(typ.Common().Name), inner)
}

// gdbIntNames are GCC's names of integer base types that gdb prints
// shorter (checked with gdb-multiarch 13.1: "ptype uint16_t" prints
// "unsigned short" for DWARF's "short unsigned int").
var gdbIntNames = map[string]string{
	"short int":              "short",
	"short unsigned int":     "unsigned short",
	"long int":               "long",
	"long unsigned int":      "unsigned long",
	"long long int":          "long long",
	"long long unsigned int": "unsigned long long",
}

// qualified spells a qualified type: the qualifier goes after a pointer's
// star and on an array's elements.
func (n *namer) qualified(x *godwarf.QualType, inner string) string {
	under := x.Type
	if q, ok := under.(*godwarf.QualType); ok && q.Qual == x.Qual {
		return n.declare(under, inner)
	}
	switch u := under.(type) {
	case *godwarf.PtrType:
		// gdb's spelling: "char * const", "void (* const[16])(void)".
		q := x.Qual
		if inner != "" && inner[0] != '[' && inner[0] != ')' {
			q += " "
		}
		return n.declare(u, q+inner)
	case *godwarf.ArrayType:
		if elemHasQual(u.Type, x.Qual) {
			return n.declare(u, inner)
		}
	}
	return x.Qual + " " + n.declare(under, inner)
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
func (n *namer) params(f *godwarf.FuncType) string {
	if len(f.ParamType) == 0 {
		return "void"
	}
	var sb strings.Builder
	for i, p := range f.ParamType {
		if i > 0 {
			sb.WriteString(", ")
		}
		if n.nodes > maxNameNodes || sb.Len() > maxNameLen {
			sb.WriteString("...")
			break
		}
		sb.WriteString(n.declare(p, ""))
	}
	return sb.String()
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
