package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/svd"
)

// infoPeripheral lists the SVD file's peripherals, or shows one
// peripheral's registers at the current moment with their fields decoded
// (read without side effects on the devices).
func (c *Console) infoPeripheral(arg string) error {
	dev := c.s.SVD()
	if dev == nil {
		return debugger.ErrNoSVD
	}
	if arg == "" {
		fmt.Fprintf(c.out, "Peripherals of %s (from %s):\n", dev.Name, c.s.SVDSource())
		for _, p := range dev.Peripherals {
			fmt.Fprintf(c.out, "  %-10s 0x%08x  %d registers  %s\n", p.Name, p.BaseAddress, len(p.Registers), oneLine(p.Description))
		}
		return nil
	}
	pv, err := c.s.Peripheral(dev, arg)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%s at 0x%08x, time %d:\n", pv.Peripheral.Name, pv.Peripheral.BaseAddress, c.s.Now())
	for _, rv := range pv.Registers {
		r := rv.Register
		fmt.Fprintf(c.out, "  %-12s 0x%08x  %s\n", r.Name, r.Address, rv.Hex())
		for _, fv := range rv.Fields {
			fmt.Fprintf(c.out, "      %s\n", fv)
		}
	}
	return nil
}

// oneLine collapses a description's white space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// printPeripheral prints a peripheral, register or field named by expr
// ("UART0", "UART0.txctrl", "UART0.txctrl.txen") when expr is no C
// expression the firmware knows. handled is false otherwise. /x (the
// default for registers) and /d choose how field values are written.
func (c *Console) printPeripheral(format, expr string) (handled bool, err error) {
	p, ok, err := c.s.PeripheralExpr(c.frameHart(), c.frame, expr)
	if !ok || err != nil {
		return ok, err
	}
	switch format {
	case "", "x", "d":
	default:
		return true, fmt.Errorf("print/%s: a peripheral register prints as /x or /d", format)
	}
	name := debugger.PathName(p)
	if p.Register == nil {
		fmt.Fprintf(c.out, "%s = {\n", name)
		pv, err := c.s.Peripheral(c.s.SVD(), p.Peripheral.Name)
		if err != nil {
			return true, err
		}
		for _, rv := range pv.Registers {
			fmt.Fprintf(c.out, "  %s = %s,\n", rv.Register.Name, registerText(rv, format))
		}
		fmt.Fprintln(c.out, "}")
		return true, nil
	}
	rv := c.s.ReadPeripheralRegister(p.Register)
	text := registerText(rv, format)
	if p.Field != nil && rv.Err == nil {
		for _, fv := range rv.Fields {
			if fv.Field == p.Field {
				text = fieldText(fv, format)
			}
		}
	}
	fmt.Fprintf(c.out, "%s = %s\n", name, text)
	return true, nil
}

// registerText renders a register and its fields in a print format.
func registerText(rv debugger.PeripheralRegister, format string) string {
	if format != "d" || rv.Err != nil {
		return rv.Text()
	}
	parts := make([]string, len(rv.Fields))
	for i, fv := range rv.Fields {
		parts[i] = fv.Field.Name + "=" + fieldText(fv, format)
	}
	if len(parts) == 0 {
		return fmt.Sprint(rv.Value)
	}
	return fmt.Sprintf("%d {%s}", rv.Value, strings.Join(parts, ", "))
}

// fieldText renders a field value in a print format, with its enumerated
// name.
func fieldText(fv svd.FieldValue, format string) string {
	v := fmt.Sprint(fv.Value)
	if format == "x" {
		v = fmt.Sprintf("%#x", fv.Value)
	} else if format == "" {
		return debugger.FieldText(fv)
	}
	if fv.Enum != nil {
		v += " (" + fv.Enum.Name + ")"
	}
	return v
}

// assignPeripheral runs "set var UART0.ie = 1" on a peripheral register or
// field: the device's own write, forking history in the past.
func (c *Console) assignPeripheral(expr string) (handled bool, err error) {
	handled, err = c.s.AssignPeripheral(c.frameHart(), c.frame, expr)
	if handled && err == nil {
		c.noteFork()
	}
	return handled, err
}

// peripheralWords completes peripheral paths: the peripherals' names, or
// after "UART0." its registers and after "UART0.txctrl." its fields.
func (c *Console) peripheralWords(base string) []string {
	dev := c.s.SVD()
	if dev == nil {
		return nil
	}
	var out []string
	if base == "" {
		for _, p := range dev.Peripherals {
			out = append(out, p.Name)
		}
		return out
	}
	p, err := dev.Lookup(base)
	switch {
	case err != nil:
	case p.Register == nil:
		for _, r := range p.Peripheral.Registers {
			out = append(out, r.Name)
		}
	case p.Field == nil:
		for _, f := range p.Register.Fields {
			out = append(out, f.Name)
		}
	}
	return out
}

// loadSVD loads the SVD file (or the board's built-in one); a bad file is
// a warning, and the session goes on without peripheral views.
func (c *Console) loadSVD(path string) {
	if err := c.s.LoadSVD(path); err != nil {
		w := c.out
		if c.errs != nil {
			w = c.errs
		}
		fmt.Fprintf(w, "warning: --svd: %v\n", err)
	}
}
