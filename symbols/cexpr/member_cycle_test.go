package cexpr

import (
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// TestFindFieldSharedAnonymous checks member lookup through anonymous
// members that share or repeat a struct: 22 levels of two anonymous
// members each once searched 2^22 paths, and a struct that is its own
// anonymous member recursed without end.
func TestFindFieldSharedAnonymous(t *testing.T) {
	cur := tStruct("struct", "leaf", 8, fld("pad", tBase("int"), 0), fld("x", tBase("int"), 4))
	for i := 0; i < 22; i++ {
		cur = tStruct("struct", "", 8, fld("", cur, 0), fld("", cur, 0))
	}
	if _, _, ok := findField(cur, "nosuch"); ok {
		t.Error("found a member that does not exist")
	}
	f, pos, ok := findField(cur, "x")
	if !ok || f.Name != "x" || pos != 32 {
		t.Errorf("x: got %v at bit %d", ok, pos)
	}
	self := tStruct("struct", "self", 4, fld("y", tBase("int"), 0))
	self.Field = append([]*godwarf.StructField{fld("", self, 0)}, self.Field...)
	if f, _, ok := findField(self, "y"); !ok || f.Name != "y" {
		t.Error("y not found past a self-referencing anonymous member")
	}
	if _, _, ok := findField(self, "nosuch"); ok {
		t.Error("found a member that does not exist")
	}
}
