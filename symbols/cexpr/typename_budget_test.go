package cexpr

import (
	"strings"
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// funcOf is a function type returning ret with these parameters.
func funcOf(ret godwarf.Type, params ...godwarf.Type) *godwarf.FuncType {
	f := &godwarf.FuncType{ReturnType: ret, ParamType: params}
	f.ByteSize = 1
	return f
}

// TestTypeNameFanOut checks that a function type whose parameters point
// to functions of the same shape, 12 levels deep, is spelt with a bounded
// amount of work: it once spelt 3^12 nested declarators (21 s, 134 MB).
func TestTypeNameFanOut(t *testing.T) {
	var cur godwarf.Type = funcOf(tBase("int"))
	for i := 0; i < 12; i++ {
		p := ptrTo(cur)
		cur = funcOf(tBase("int"), p, p, p)
	}
	s := TypeName(ptrTo(cur))
	if len(s) > 4*maxNameLen || !strings.Contains(s, "...") {
		t.Errorf("got %d bytes: %.100q", len(s), s)
	}
	if !strings.HasPrefix(s, "int (*)(int (*)(int (*)(") {
		t.Errorf("got %.100q", s)
	}
}

// TestTypeNameCycles checks that cyclic graphs (impossible in C, possible
// in hostile DWARF) are spelt with "..." where they loop.
func TestTypeNameCycles(t *testing.T) {
	f := funcOf(tBase("int"))
	p := ptrTo(f)
	f.ParamType = []godwarf.Type{p}
	td := &godwarf.TypedefType{}
	td.Name = "loop_t"
	td.Type = td
	q := &godwarf.QualType{Qual: "const"}
	q.Type = q
	self := &godwarf.PtrType{}
	self.Type = self
	cases := []struct {
		typ  godwarf.Type
		want string
	}{
		{p, "int (*)(...)"},
		{f, "int (... (*))"},
		{td, "loop_t"},
		{q, "..."},
		{self, "... *"},
		{ptrTo(funcOf(tBase("int"), tBase("char"))), "int (*)(char)"},
	}
	for _, c := range cases {
		if got := TypeName(c.typ); got != c.want {
			t.Errorf("TypeName = %q, want %q", got, c.want)
		}
	}
}
