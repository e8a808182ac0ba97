package symbols

import (
	"debug/dwarf"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// legacyTypeAt is how types were read before typeReader: godwarf reads
// the whole graph, then fixReachable repairs it (rereading bitfields).
func legacyTypeAt(tab *Table, off dwarf.Offset) (godwarf.Type, error) {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	typ, err := godwarf.ReadType(tab.dwarf, 0, off, tab.types)
	if err != nil {
		return nil, err
	}
	tab.fixReachable(typ)
	return typ, nil
}

// dumpType prints every field of a type graph, numbering shared and
// cyclic nodes in visiting order, so two graphs print alike exactly when
// they have the same shape and the same values. An array's StrideBitSize
// is left out: nothing reads it, and godwarf computes it as 0 for
// elements whose struct is still being read (newlib's __sFILE), where
// typeReader, which sets a struct's size first, gets the true stride.
func dumpType(sb *strings.Builder, v reflect.Value, seen map[uintptr]int) {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		fmt.Fprintf(sb, "%s:", v.Elem().Type())
		dumpType(sb, v.Elem(), seen)
	case reflect.Pointer:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		if n, ok := seen[v.Pointer()]; ok {
			fmt.Fprintf(sb, "@%d", n)
			return
		}
		seen[v.Pointer()] = len(seen)
		dumpType(sb, v.Elem(), seen)
	case reflect.Struct:
		sb.WriteString("{")
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).Name == "StrideBitSize" {
				continue // see below
			}
			fmt.Fprintf(sb, "%s=", v.Type().Field(i).Name)
			dumpType(sb, v.Field(i), seen)
			sb.WriteString(" ")
		}
		sb.WriteString("}")
	case reflect.Slice:
		sb.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			dumpType(sb, v.Index(i), seen)
			sb.WriteString(",")
		}
		sb.WriteString("]")
	default:
		fmt.Fprintf(sb, "%v", v)
	}
}

// typeDump prints typ's graph.
func typeDump(typ godwarf.Type) string {
	var sb strings.Builder
	dumpType(&sb, reflect.ValueOf(&typ).Elem(), map[uintptr]int{})
	return sb.String()
}

// typeTags are the DIE tags a variable's type can start at.
var typeTags = map[dwarf.Tag]bool{dwarf.TagBaseType: true, dwarf.TagStructType: true,
	dwarf.TagUnionType: true, dwarf.TagArrayType: true, dwarf.TagEnumerationType: true,
	dwarf.TagTypedef: true, dwarf.TagPointerType: true, dwarf.TagConstType: true,
	dwarf.TagVolatileType: true, dwarf.TagRestrictType: true, dwarf.TagSubroutineType: true}

// TestTypeReaderMatchesGodwarf reads every type DIE of GCC's output (RISC-V
// and ARM, DWARF 4 and 5, several optimisation levels) both ways, each in a
// fresh table and in DIE order (so caches fill as a scope would fill
// them), and wants identical graphs: typeReader is only faster.
func TestTypeReaderMatchesGodwarf(t *testing.T) {
	var elfs []string
	for _, v := range variants {
		elfs = append(elfs, filepath.Join("..", "testdata", "symbols", "prog-"+v+".elf"))
	}
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "arm", "*.elf"))
	elfs = append(elfs, more...)
	more, _ = filepath.Glob(filepath.Join("..", "testdata", "firmware", "*.elf"))
	elfs = append(elfs, more...)
	for _, path := range elfs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			compareTypeReaders(t, path)
		})
	}
}

// compareTypeReaders is TestTypeReaderMatchesGodwarf on one ELF, reading
// the types in DIE order and in reverse.
func compareTypeReaders(t *testing.T, path string) {
	tab, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if tab.dwarf == nil {
		t.Skip("no DWARF")
	}
	var offs []dwarf.Offset
	r := tab.dwarf.Reader()
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if typeTags[e.Tag] {
			offs = append(offs, e.Offset)
		}
	}
	if len(offs) == 0 {
		t.Fatal("no type DIEs")
	}
	compareTypesIn(t, path, offs)
	slices.Reverse(offs)
	compareTypesIn(t, path, offs)
}

// compareTypesIn reads the types at offs in order, both ways, each in a
// fresh table.
func compareTypesIn(t *testing.T, path string, offs []dwarf.Offset) {
	newTab, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	oldTab, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range offs {
		got, gerr := newTab.typeAt(off)
		want, werr := legacyTypeAt(oldTab, off)
		if (gerr != nil) != (werr != nil) {
			t.Fatalf("type at 0x%x: error %v, godwarf %v", off, gerr, werr)
		}
		if g, w := typeDump(got), typeDump(want); g != w {
			t.Fatalf("type at 0x%x:\n got %s\nwant %s", off, g, w)
		}
	}
}

// TestTypeReadPanicLeavesNoHalfTypes: a type read that panics half-way
// (hostile DWARF) leaves nothing half built in the cache: reading the same
// type again gives the whole graph, as a fresh table reads it.
func TestTypeReadPanicLeavesNoHalfTypes(t *testing.T) {
	path := filepath.Join("..", "testdata", "symbols", "prog-"+variants[0]+".elf")
	tab, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	// A struct with a member of struct type: the panic comes while the
	// outer struct, already cached, is still being read.
	var root, inner dwarf.Offset
	r := tab.dwarf.Reader()
	for root == 0 {
		e, err := r.Next()
		if err != nil || e == nil {
			t.Fatal("no struct with a struct member")
		}
		if e.Tag != dwarf.TagStructType || !e.Children {
			continue
		}
		for {
			m, err := r.Next()
			if err != nil || m == nil || m.Tag == 0 {
				break
			}
			if off, ok := m.Val(dwarf.AttrType).(dwarf.Offset); ok && m.Tag == dwarf.TagMember && isStructDIE(tab, off) {
				root, inner = e.Offset, off
				break
			}
			if m.Children {
				r.SkipChildren()
			}
		}
	}
	tab.readHook = func(off dwarf.Offset) {
		if off == inner {
			panic("hostile DWARF")
		}
	}
	if _, err := tab.typeAt(root); err == nil || !strings.Contains(err.Error(), "malformed DWARF type") {
		t.Fatalf("the panicking read: err = %v", err)
	}
	tab.readHook = nil
	got, err := tab.typeAt(root)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fresh.typeAt(root)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := typeDump(got), typeDump(want); g != w {
		t.Errorf("type at 0x%x after a panicking read:\n got %s\nwant %s", root, g, w)
	}
}

// isStructDIE reports whether the DIE at off is a structure type.
func isStructDIE(tab *Table, off dwarf.Offset) bool {
	r := tab.dwarf.Reader()
	r.Seek(off)
	e, err := r.Next()
	return err == nil && e != nil && e.Tag == dwarf.TagStructType
}
