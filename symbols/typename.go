package symbols

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"

	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// TypeName spells a type the way C (and gdb) does: "const uint8_t *",
// "int [2][3]", "struct node *", "void (*)(int)". It is cexpr's spelling, so
// the Variables view and expression errors name types alike.
func TypeName(typ godwarf.Type) string { return cexpr.TypeName(typ) }
