package console

import (
	"fmt"
	"strings"
)

// infoLine says where a line's code starts and ends.
func (c *Console) infoLine(arg string) error {
	syms := c.s.Symbols()
	pc := c.s.PC(c.hart)
	if f, err := c.s.Frame(c.frameHart(), c.frame); err == nil {
		pc = f.PC
	}
	if strings.TrimSpace(arg) != "" {
		b, err := c.placeOf(arg)
		if err != nil {
			return err
		}
		pc = b.Addrs[0]
	}
	loc, ok := syms.PCToLine(pc)
	if !ok {
		return fmt.Errorf("no line number information available for address %#x%s", pc, c.symbolSuffix(pc))
	}
	lo, hi, ok := syms.LineBounds(pc)
	if !ok {
		return fmt.Errorf("no line bounds for %#x", pc)
	}
	fmt.Fprintf(c.out, "Line %d of \"%s\" starts at address %#x%s and ends at %#x%s.\n",
		loc.Line, loc.File.Name, lo, c.symbolSuffix(lo), hi, c.symbolSuffix(hi))
	return nil
}

// infoSymbol names the symbol at an address.
func (c *Console) infoSymbol(arg string) error {
	if strings.TrimSpace(arg) == "" {
		return fmt.Errorf("info symbol: which address?")
	}
	addr, err := c.address(arg)
	if err != nil {
		return err
	}
	sym, ok := c.s.Symbols().SymbolAt(addr)
	if !ok {
		fmt.Fprintf(c.out, "No symbol matches %s.\n", arg)
		return nil
	}
	name, off, hasOff := strings.Cut(sym, "+")
	text := name
	if hasOff {
		text = name + " + " + off
	}
	section := ""
	if c.s.Symbols().InText(addr) {
		section = " in section .text"
	}
	fmt.Fprintf(c.out, "%s%s\n", text, section)
	return nil
}

// infoSource describes the current source file.
func (c *Console) infoSource() error {
	f, err := c.s.Frame(c.frameHart(), c.frame)
	if err != nil || f.Location.Line == 0 {
		fmt.Fprintln(c.out, "No current source file.")
		return nil
	}
	sf := f.Location.File
	fmt.Fprintf(c.out, "Current source file is %s\nLocated in %s\n", sf.Name, sf.Path)
	if l, err := c.src.lines(sf); err == nil {
		fmt.Fprintf(c.out, "Contains %d lines.\n", len(l))
	}
	fmt.Fprintln(c.out, "Source language is c.")
	return nil
}
