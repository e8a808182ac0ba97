package symbols

import (
	"debug/dwarf"
	"fmt"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// maxTypeIndex bounds the named types indexed from hostile input.
const maxTypeIndex = 1 << 20

// LookupType resolves "int", "uint8_t", "struct node", "union word",
// "enum color" or a typedef name to its DWARF type.
func (t *Table) LookupType(name string) (godwarf.Type, error) {
	if t.dwarf == nil {
		return nil, fmt.Errorf("type '%s': %w", name, ErrNoDebugInfo)
	}
	name = strings.Join(strings.Fields(name), " ")
	off, ok := t.typeIndex()[name]
	if !ok {
		return nil, fmt.Errorf("unknown type '%s'", name)
	}
	return t.typeAt(off)
}

// typeIndex maps type names to their first complete definition.
func (t *Table) typeIndex() map[string]dwarf.Offset {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.typeIdx != nil {
		return t.typeIdx
	}
	idx := map[string]dwarf.Offset{}
	r := t.dwarf.Reader()
	for n := 0; len(idx) < maxTypeIndex && n < t.maxEntries(); n++ {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		name, _ := e.Val(dwarf.AttrName).(string)
		if name == "" {
			continue
		}
		key := ""
		switch e.Tag {
		case dwarf.TagBaseType, dwarf.TagTypedef:
			key = name
		case dwarf.TagStructType:
			key = "struct " + name
		case dwarf.TagUnionType:
			key = "union " + name
		case dwarf.TagEnumerationType:
			key = "enum " + name
		default:
			continue
		}
		if decl, _ := e.Val(dwarf.AttrDeclaration).(bool); decl {
			continue
		}
		if _, dup := idx[key]; !dup {
			idx[key] = e.Offset
		}
	}
	t.typeIdx = idx
	return idx
}
