package console

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// cmdList lists source: around the current line, then on; "list N",
// "list file:N" or "list function" centre on a place; "list -" goes back.
func (c *Console) cmdList(arg string) error {
	switch {
	case arg == "" && c.list.next > 0:
		return c.printLines(c.list.file, c.list.next, c.list.next+9, 0)
	case arg == "-" && c.list.next > 0:
		from := max(c.list.next-20, 1)
		return c.printLines(c.list.file, from, from+9, 0)
	case arg == "" || arg == "-":
		f, err := c.s.Frame(c.frameHart(), c.frame)
		if err != nil || f.Location.Line == 0 {
			return fmt.Errorf("no source here: say list file:line or list function")
		}
		return c.printLines(f.Location.File, f.Location.Line-5, f.Location.Line+4, f.Location.Line)
	}
	file, line, err := c.listPlace(arg)
	if err != nil {
		return err
	}
	return c.printLines(file, line-5, line+4, 0)
}

// listPlace resolves a list argument to a file and line.
func (c *Console) listPlace(arg string) (symbols.SourceFile, int, error) {
	l, err := debugger.ParseLocation(arg)
	if err != nil {
		return symbols.SourceFile{}, 0, err
	}
	syms := c.s.Symbols()
	switch l.Kind {
	case debugger.KindLine:
		if l.Relative {
			f, err := c.s.Frame(c.frameHart(), c.frame)
			if err != nil || f.Location.Line == 0 {
				return symbols.SourceFile{}, 0, fmt.Errorf("no current line for %s", arg)
			}
			return f.Location.File, max(f.Location.Line+l.Offset, 1), nil
		}
		if l.File == "" {
			if c.list.next > 0 {
				return c.list.file, l.Line, nil
			}
			f, err := c.s.Frame(c.frameHart(), c.frame)
			if err != nil || f.Location.Line == 0 {
				return symbols.SourceFile{}, 0, fmt.Errorf("no current source file: say list file:%d", l.Line)
			}
			return f.Location.File, l.Line, nil
		}
		files := syms.MatchFiles(l.File)
		if len(files) == 0 {
			return symbols.SourceFile{}, 0, fmt.Errorf("no source file named %s", l.File)
		}
		return files[0], l.Line, nil
	case debugger.KindFunction:
		fn, ok := syms.FunctionByName(l.Function)
		if !ok {
			return symbols.SourceFile{}, 0, fmt.Errorf("no function named %s", l.Function)
		}
		loc, ok := syms.PCToLine(syms.BreakpointAddr(fn))
		if !ok {
			return symbols.SourceFile{}, 0, fmt.Errorf("%s has no source lines", l.Function)
		}
		return loc.File, loc.Line, nil
	}
	addr, err := c.address(l.AddrExpr)
	if err != nil {
		return symbols.SourceFile{}, 0, err
	}
	loc, ok := syms.PCToLine(addr)
	if !ok {
		return symbols.SourceFile{}, 0, fmt.Errorf("no source line for %#x", addr)
	}
	return loc.File, loc.Line, nil
}

// cmdDisassemble disassembles the selected frame's function (or the one
// named, or around an address), marking the current instruction.
func (c *Console) cmdDisassemble(arg string) error {
	syms := c.s.Symbols()
	pc := c.s.PC(c.hart)
	if f, err := c.s.Frame(c.frameHart(), c.frame); err == nil {
		pc = f.PC
	}
	var fn *symbols.Function
	switch {
	case arg == "":
		fn = syms.FunctionAt(pc)
		if fn == nil {
			c.printInstructions(pc, 8, pc)
			return nil
		}
	default:
		if f, ok := syms.FunctionByName(strings.TrimSpace(arg)); ok {
			fn = f
			break
		}
		a, err := c.address(arg)
		if err != nil {
			return err
		}
		if fn = syms.FunctionAt(a); fn == nil {
			c.printInstructions(a, 8, pc)
			return nil
		}
	}
	fmt.Fprintf(c.out, "Dump of %s:\n", fn.Name)
	count := int(fn.High-fn.Low)/2 + 1
	for _, in := range c.s.Disassemble(fn.Low, 0, min(count, 4096)) {
		if in.Addr >= fn.High {
			break
		}
		c.printInstruction(in, pc)
	}
	return nil
}

// printInstructions disassembles count instructions from addr and
// returns the address after the last.
func (c *Console) printInstructions(addr uint32, count int, pc uint32) uint32 {
	next := addr
	for _, in := range c.s.Disassemble(addr, 0, count) {
		c.printInstruction(in, pc)
		next = in.Addr + uint32(max(len(in.Bytes), 2))
	}
	return next
}

// printInstruction prints one instruction, marked when at pc.
func (c *Console) printInstruction(in debugger.Instruction, pc uint32) {
	mark := "  "
	if in.Addr == pc {
		mark = "=>"
	}
	sym := ""
	if in.Symbol != "" {
		sym = " <" + in.Symbol + ">"
	}
	text := in.Text
	if in.Invalid {
		text = "(cannot read memory)"
	}
	fmt.Fprintf(c.out, "%s %#x%s:\t%s\n", mark, in.Addr, sym, text)
}

// cmdUART types text into the board's UART, followed by a newline (C
// escapes such as \r, \t, \x41 are understood; end with \c for no newline).
func (c *Console) cmdUART(arg string) error {
	newline := "\n"
	if strings.HasSuffix(arg, `\c`) {
		arg, newline = strings.TrimSuffix(arg, `\c`), ""
	}
	text, err := unescape(arg)
	if err != nil {
		return fmt.Errorf("uart: %w", err)
	}
	text += newline
	if text == "" {
		return fmt.Errorf("uart: nothing to type")
	}
	if err := c.s.UARTInput([]byte(text)); err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Typed %d byte%s into the UART at time %d.\n", len(text), plural(len(text)), c.s.Now())
	c.noteFork()
	return nil
}

// unescape interprets C escapes in s.
func unescape(s string) (string, error) {
	if !strings.Contains(s, `\`) {
		return s, nil
	}
	t, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`)
	if err != nil {
		return "", fmt.Errorf("bad escape in %q", s)
	}
	return t, nil
}
