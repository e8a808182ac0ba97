package svd

import "fmt"

// FieldValue is one field of a decoded register value.
type FieldValue struct {
	Field *Field
	// Value is the field's bits, shifted down.
	Value uint64
	// Enum is the enumerated value that names Value (read or read-write
	// usage), nil when none does.
	Enum *EnumValue
}

// String renders "txen=1 (enabled)" or "txcnt=0x3".
func (fv FieldValue) String() string {
	v := fmt.Sprintf("%d", fv.Value)
	if fv.Field.BitWidth > 4 {
		v = fmt.Sprintf("0x%x", fv.Value)
	}
	if fv.Enum != nil {
		return fmt.Sprintf("%s=%s (%s)", fv.Field.Name, v, fv.Enum.Name)
	}
	return fv.Field.Name + "=" + v
}

// Decode splits a register value into its fields, in bit order.
func (r *Register) Decode(value uint64) []FieldValue {
	out := make([]FieldValue, 0, len(r.Fields))
	for _, f := range r.Fields {
		v := (value & f.Mask()) >> uint(f.BitOffset)
		out = append(out, FieldValue{Field: f, Value: v, Enum: f.EnumFor(v, UsageRead)})
	}
	return out
}

// EnumFor returns the enumerated value naming v for an access (read or
// write): an exact value first, else the set's default, nil if none.
func (f *Field) EnumFor(v uint64, access Usage) *EnumValue {
	var def *EnumValue
	for _, set := range f.Enums {
		if set.Usage != access && set.Usage != UsageReadWrite {
			continue
		}
		for i := range set.Values {
			ev := &set.Values[i]
			switch {
			case ev.IsDefault && def == nil:
				def = ev
			case !ev.IsDefault && v&ev.Mask == ev.Value:
				return ev
			}
		}
	}
	return def
}

// Mask is the bits of the register's size.
func (r *Register) Mask() uint64 {
	if r.Size >= 64 {
		return ^uint64(0)
	}
	return uint64(1)<<uint(r.Size) - 1
}
