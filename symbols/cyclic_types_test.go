package symbols

import (
	"testing"
	"time"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// varEnv is a zeroEnv that knows one variable.
type varEnv struct {
	zeroEnv
	v cexpr.Value
}

func (e varEnv) LookupVariable(string) (cexpr.Value, error) { return e.v, nil }

// cyclicTypes builds type graphs C cannot express but hostile DWARF can:
// each walker over types must terminate on them.
func cyclicTypes() map[string]godwarf.Type {
	out := map[string]godwarf.Type{}
	// A struct whose anonymous members are the struct itself.
	self := &godwarf.StructType{Kind: "struct", StructName: "self"}
	self.ByteSize, self.Offset = 4, 0x7fffffff
	self.Field = []*godwarf.StructField{{Type: self}, {Type: self}, {Name: "x", Type: synthInt()}}
	out["anonymous self"] = self
	// A struct holding an array of itself.
	tree := &godwarf.StructType{Kind: "struct", StructName: "tree"}
	tree.ByteSize, tree.Offset = 8, 0x7fffffff
	tree.Field = []*godwarf.StructField{{Name: "kids", Type: &godwarf.ArrayType{Type: tree, Count: 3}}}
	out["array of self"] = tree
	// Two levels of two anonymous members each, 22 deep, not cyclic: a
	// member lookup once searched all 2^22 paths.
	var wide godwarf.Type = self
	for i := 0; i < 22; i++ {
		st := &godwarf.StructType{Kind: "struct", Field: []*godwarf.StructField{{Type: wide}, {Type: wide}}}
		st.ByteSize, st.Offset = 4, 0x7fffffff
		wide = st
	}
	out["wide anonymous"] = wide
	// int (*p)(p) returning p: pointer -> function -> pointer.
	fn := &godwarf.FuncType{}
	ptr := &godwarf.PtrType{Type: fn}
	ptr.ByteSize = 4
	fn.ReturnType, fn.ParamType = ptr, []godwarf.Type{ptr, ptr, ptr}
	out["func pointer cycle"] = ptr
	// typedef loop_t loop_t; and typedef arr_t arr_t[4];
	td := &godwarf.TypedefType{}
	td.Name, td.Type = "loop_t", td
	out["typedef self"] = td
	tarr := &godwarf.TypedefType{}
	tarr.Name = "arr_t"
	tarr.Type = &godwarf.ArrayType{Type: tarr, Count: 4}
	out["typedef array"] = tarr
	q := &godwarf.QualType{Qual: "const"}
	q.Type = &godwarf.PtrType{Type: q}
	out["const pointer cycle"] = q
	return out
}

// TestCyclicTypeGraphs feeds cyclic type graphs to every recursive walker:
// TypeName, member lookup, Format, Size, Resolve, views and the table's
// type fixing. The timeout only detects hangs; speed is not asserted.
func TestCyclicTypeGraphs(t *testing.T) {
	tab := openVariant(t, "O0")
	member, err := cexpr.Parse("v.nosuch")
	if err != nil {
		t.Fatal(err)
	}
	for name, typ := range cyclicTypes() {
		done := make(chan struct{})
		go func() {
			defer close(done)
			v := cexpr.Value{Type: typ, Addr: 0x80000000, HasAddr: true}
			_ = cexpr.TypeName(typ)
			_, _ = cexpr.Eval(member, varEnv{v: v})
			_ = tab.Format(v, zeroEnv{}, FormatOptions{})
			_ = cexpr.Size(typ)
			_ = cexpr.Resolve(typ)
			_, _ = tab.ChildViews(v, zeroEnv{}, FormatOptions{})
			tab.fixReachable(typ)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: a type walker did not return", name)
		}
	}
}
