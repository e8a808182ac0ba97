package console

import (
	"fmt"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// cmdPtype prints the type of an expression or a type name; ptype
// expands structures one level, whatis names the type.
func (c *Console) cmdPtype(arg string, expand bool) error {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return fmt.Errorf("which expression or type?")
	}
	t, err := c.s.Symbols().LookupType(arg)
	if err != nil {
		v, verr := c.s.EvalGDB(c.frameHart(), c.frame, arg, symbols.FormatOptions{})
		if verr != nil {
			return verr
		}
		t = v.Val.Type
	}
	if t == nil {
		return fmt.Errorf("%s has no type", arg)
	}
	if !expand {
		fmt.Fprintf(c.out, "type = %s\n", cexpr.TypeName(t))
		return nil
	}
	fmt.Fprintf(c.out, "type = %s\n", ptypeText(t))
	return nil
}

// ptypeText is a type with its structure, union or enum body written out
// (through typedefs and pointers).
func ptypeText(t godwarf.Type) string {
	stars := ""
	base := t
	for {
		switch x := base.(type) {
		case *godwarf.TypedefType:
			base = x.Type
			continue
		case *godwarf.PtrType:
			stars += " *"
			base = x.Type
			continue
		}
		break
	}
	switch x := base.(type) {
	case *godwarf.StructType:
		var sb strings.Builder
		fmt.Fprintf(&sb, "%s {\n", strings.TrimSpace(x.Kind+" "+x.StructName))
		for _, f := range x.Field {
			fmt.Fprintf(&sb, "    %s;\n", declaration(f.Name, f.Type))
		}
		return sb.String() + "}" + stars
	case *godwarf.EnumType:
		var vals []string
		for _, v := range x.Val {
			vals = append(vals, v.Name)
		}
		return fmt.Sprintf("enum %s {%s}%s", x.EnumName, strings.Join(vals, ", "), stars)
	}
	return cexpr.TypeName(t)
}

// declaration writes a C declaration of name with type t (arrays after
// the name).
func declaration(name string, t godwarf.Type) string {
	dims := ""
	for {
		a, ok := t.(*godwarf.ArrayType)
		if !ok {
			break
		}
		dims += fmt.Sprintf("[%d]", a.Count)
		t = a.Type
	}
	tn := cexpr.TypeName(t)
	if strings.HasSuffix(tn, "*") {
		return tn + name + dims
	}
	return tn + " " + name + dims
}
