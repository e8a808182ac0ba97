package debugger

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/svd"
	"github.com/rewind-debugger/rewind/symbols"
)

// PeripheralPath resolves expr as a peripheral path of the loaded SVD file:
// "UART0", "UART0.txctrl" or "UART0.txctrl.txen". ok is false when expr
// does not name a peripheral at all (no SVD file, not dotted names, or a
// first name that is no peripheral); err says what is wrong with the rest
// when it does.
func (s *Session) PeripheralPath(expr string) (p svd.Path, ok bool, err error) {
	dev := s.periph.dev
	expr = strings.TrimSpace(expr)
	if dev == nil || !dottedNames(expr) {
		return svd.Path{}, false, nil
	}
	first, _, _ := strings.Cut(expr, ".")
	if _, found := dev.Peripheral(first); !found {
		return svd.Path{}, false, nil
	}
	p, err = dev.Lookup(expr)
	return p, true, err
}

// PeripheralExpr is PeripheralPath for an expression the front-end would
// otherwise evaluate as C in frame index of hart: the firmware's own
// variables win, so ok is true only when C cannot evaluate expr.
func (s *Session) PeripheralExpr(hart, index int, expr string) (p svd.Path, ok bool, err error) {
	p, ok, err = s.PeripheralPath(expr)
	if !ok {
		return p, false, nil
	}
	if _, cerr := s.Inspect(hart, index, expr, "peripheral lookup", symbols.FormatOptions{}); cerr == nil {
		return svd.Path{}, false, nil
	}
	return p, true, err
}

// dottedNames reports whether expr is identifiers joined by dots.
func dottedNames(expr string) bool {
	for _, part := range strings.Split(expr, ".") {
		if part == "" {
			return false
		}
		for i, c := range part {
			letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
			if !letter && (i == 0 || c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// PathName spells a path back ("UART0.txctrl.txen").
func PathName(p svd.Path) string {
	name := p.Peripheral.Name
	if p.Register != nil {
		name += "." + p.Register.Name
	}
	if p.Field != nil {
		name += "." + p.Field.Name
	}
	return name
}

// Hex renders the register's value as hexadecimal digits of its size
// ("0x00000001"), or why there is none ("<write-only>").
func (rv PeripheralRegister) Hex() string {
	switch {
	case rv.Err == nil:
		return fmt.Sprintf("0x%0*x", (rv.Register.Size+3)/4, rv.Value)
	case errors.Is(rv.Err, ErrWriteOnly):
		return "<write-only>"
	}
	return "<" + rv.Err.Error() + ">"
}

// Text renders the value with its fields decoded:
// "0x00010001 {txen=1 (enabled), nstop=0, txcnt=0x1}".
func (rv PeripheralRegister) Text() string {
	if rv.Err != nil || len(rv.Fields) == 0 {
		return rv.Hex()
	}
	parts := make([]string, len(rv.Fields))
	for i, f := range rv.Fields {
		parts[i] = f.String()
	}
	return rv.Hex() + " {" + strings.Join(parts, ", ") + "}"
}

// FieldText renders one field's value: "1 (enabled)" or "0x3".
func FieldText(fv svd.FieldValue) string {
	_, v, _ := strings.Cut(fv.String(), "=")
	return v
}

// PeripheralText renders what a path names at the current moment: a
// field's value, a register with its fields, or every register of a
// peripheral, one per line ("txctrl = 0x…").
func (s *Session) PeripheralText(p svd.Path) string {
	if p.Register == nil {
		pv := s.peripheralValues(p.Peripheral)
		lines := make([]string, 0, len(pv.Registers))
		for _, rv := range pv.Registers {
			lines = append(lines, fmt.Sprintf("%s = %s", rv.Register.Name, rv.Text()))
		}
		return strings.Join(lines, "\n")
	}
	rv := s.ReadPeripheralRegister(p.Register)
	if p.Field == nil || rv.Err != nil {
		return rv.Text()
	}
	for _, fv := range rv.Fields {
		if fv.Field == p.Field {
			return FieldText(fv)
		}
	}
	return rv.Text()
}
