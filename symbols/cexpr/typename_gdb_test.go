package cexpr

import (
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// TestTypeNameGDBSpelling checks gdb-multiarch 13's spelling (its
// "whatis" answers) of const pointers ("char * const", "void (* const[16])(void)", as in the ARM
// vector table of testdata/symbols-arm) and of GCC's long integer names.
func TestTypeNameGDBSpelling(t *testing.T) {
	char := &godwarf.CharType{BasicType: godwarf.BasicType{CommonType: godwarf.CommonType{Name: "char", ByteSize: 1}}}
	short := &godwarf.IntType{BasicType: godwarf.BasicType{CommonType: godwarf.CommonType{Name: "short int", ByteSize: 2}}}
	ull := &godwarf.UintType{BasicType: godwarf.BasicType{CommonType: godwarf.CommonType{Name: "long long unsigned int", ByteSize: 8}}}
	cptr := &godwarf.QualType{Qual: "const", Type: &godwarf.PtrType{Type: char}}
	fn := &godwarf.FuncType{}
	vec := &godwarf.ArrayType{Count: 16, Type: &godwarf.QualType{Qual: "const", Type: &godwarf.PtrType{Type: fn}}}
	cases := []struct {
		typ  godwarf.Type
		want string
	}{
		{cptr, "char * const"},
		{&godwarf.PtrType{Type: cptr}, "char * const *"},
		{vec, "void (* const[16])(void)"},
		{short, "short"},
		{&godwarf.ArrayType{Count: 2, Type: short}, "short [2]"},
		{ull, "unsigned long long"},
		{&godwarf.QualType{Qual: "volatile", Type: &godwarf.PtrType{Type: &godwarf.QualType{Qual: "const",
			Type: &godwarf.PtrType{Type: &godwarf.QualType{Qual: "const", Type: char}}}}}, "const char * const * volatile"},
	}
	for _, c := range cases {
		if got := TypeName(c.typ); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
