package svd

import (
	"fmt"
	"strings"
)

// Peripheral finds a peripheral by name: exactly, else ignoring case
// when that is unambiguous.
func (d *Device) Peripheral(name string) (*Peripheral, bool) {
	return byName(d.Peripherals, name, func(p *Peripheral) string { return p.Name })
}

// Register finds a register by name within the peripheral ("txctrl",
// "CH0.CTRL"): exactly, else ignoring case when unambiguous.
func (p *Peripheral) Register(name string) (*Register, bool) {
	return byName(p.Registers, name, func(r *Register) string { return r.Name })
}

// Field finds a field of the register by name (case as for Register).
func (r *Register) Field(name string) (*Field, bool) {
	return byName(r.Fields, name, func(f *Field) string { return f.Name })
}

// byName finds the element called name, or the only one whose name
// equals it ignoring case.
func byName[T any](items []T, name string, nameOf func(T) string) (T, bool) {
	var fold T
	n := 0
	for _, it := range items {
		s := nameOf(it)
		if s == name {
			return it, true
		}
		if strings.EqualFold(s, name) {
			fold, n = it, n+1
		}
	}
	return fold, n == 1
}

// Path is what Lookup resolves: a peripheral, maybe a register of it,
// maybe a field of that.
type Path struct {
	Peripheral *Peripheral
	Register   *Register // nil for a whole peripheral
	Field      *Field    // nil for a whole register
}

// Lookup resolves "UART0", "UART0.txctrl", "UART0.txctrl.txen" or, for
// registers in clusters, "DMA.CH0.CTRL" (and "DMA.CH0.CTRL.EN"): the
// longest register name that matches wins.
func (d *Device) Lookup(path string) (Path, error) {
	parts := strings.Split(strings.TrimSpace(path), ".")
	per, ok := d.Peripheral(parts[0])
	if !ok {
		return Path{}, fmt.Errorf("no peripheral %q", parts[0])
	}
	out := Path{Peripheral: per}
	if len(parts) == 1 {
		return out, nil
	}
	for k := len(parts) - 1; k >= 1; k-- {
		r, ok := per.Register(strings.Join(parts[1:k+1], "."))
		if !ok {
			continue
		}
		out.Register = r
		switch rest := parts[k+1:]; len(rest) {
		case 0:
			return out, nil
		case 1:
			f, ok := r.Field(rest[0])
			if !ok {
				return Path{}, fmt.Errorf("register %s.%s has no field %q", per.Name, r.Name, rest[0])
			}
			out.Field = f
			return out, nil
		}
	}
	return Path{}, fmt.Errorf("peripheral %s has no register %q", per.Name, strings.Join(parts[1:], "."))
}
