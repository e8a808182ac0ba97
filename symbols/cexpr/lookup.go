package cexpr

import (
	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// gccSpelling maps canonical base names to the names GCC writes in DWARF.
var gccSpelling = map[string]string{
	"short":              "short int",
	"unsigned short":     "short unsigned int",
	"long":               "long int",
	"unsigned long":      "long unsigned int",
	"long long":          "long long int",
	"unsigned long long": "long long unsigned int",
}

// lookupType resolves a parsed type name through the env, falling back to
// synthesised base types, then applies qualifiers and pointers.
func (ev *evaluator) lookupType(tn *typeName) (godwarf.Type, error) {
	t, err := ev.env.LookupType(tn.base)
	if err != nil || t == nil {
		if alt, ok := gccSpelling[tn.base]; ok {
			t, err = ev.env.LookupType(alt)
		}
	}
	if err != nil || t == nil {
		var ok bool
		if t, ok = synthBase(tn.base); !ok {
			e := errAt(tn.pos, "unknown type '%s'", tn.base)
			e.Err = err
			return nil, e
		}
	}
	t = qualify(t, tn.quals)
	for _, q := range tn.ptrs {
		t = qualify(ptrTo(t), q)
	}
	return t, nil
}

// qualify wraps t in const/volatile qualifiers.
func qualify(t godwarf.Type, quals []string) godwarf.Type {
	for i := len(quals) - 1; i >= 0; i-- {
		q := quals[i]
		qt := &godwarf.QualType{Qual: q, Type: t}
		qt.ByteSize = t.Common().ByteSize
		t = qt
	}
	return t
}
