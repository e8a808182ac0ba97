package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// splitIf separates "LOCATION if COND".
func splitIf(arg string) (string, string) {
	if strings.HasPrefix(arg, "if ") {
		return "", strings.TrimSpace(arg[3:])
	}
	if a, cond, ok := strings.Cut(arg, " if "); ok {
		return strings.TrimSpace(a), strings.TrimSpace(cond)
	}
	return arg, ""
}

// currentFile is the source file of the selected frame, else the file
// last listed, else main's (gdb's default source file); "" if none.
func (c *Console) currentFile() string {
	if f, err := c.s.Frame(c.frameHart(), c.frame); err == nil && f.Location.Line > 0 {
		return f.Location.File.Name
	}
	if c.list.file.Name != "" {
		return c.list.file.Name
	}
	syms := c.s.Symbols()
	if fn, ok := syms.FunctionByName("main"); ok {
		if loc, ok := syms.PCToLine(syms.BreakpointAddr(fn)); ok {
			return loc.File.Name
		}
	}
	return ""
}

// cmdBreak sets a (temporary) breakpoint: file:line, line, function or
// *address, optionally "if COND"; with no location, the current line.
func (c *Console) cmdBreak(arg string, temp bool) error {
	loc, cond := splitIf(arg)
	loc, inTask, err := c.splitThread(loc)
	if err != nil {
		return err
	}
	if loc == "" {
		f, err := c.s.Frame(c.frameHart(), c.frame)
		if err != nil || f.Location.Line == 0 {
			loc = fmt.Sprintf("*%#x", c.s.PC(c.hart))
		} else {
			loc = fmt.Sprintf("%s:%d", f.Location.File.Name, f.Location.Line)
		}
	}
	sp, err := c.s.ResolveLocation(c.frameHart(), c.frame, loc, c.currentFile())
	if err != nil {
		return err
	}
	sp.Condition.Condition, sp.Temporary, sp.Condition.Func = cond, temp, inTask
	e, err := c.s.AddBreakpoint(sp)
	if err != nil {
		return err
	}
	kind := "Breakpoint"
	if temp {
		kind = "Temporary breakpoint"
	}
	fmt.Fprintf(c.out, "%s %d at %s\n", kind, e.ID, c.where(e))
	return nil
}

// where describes a code breakpoint's place.
func (c *Console) where(b *debugger.Breakpoint) string {
	s := ""
	if len(b.Addrs) > 0 {
		s = fmt.Sprintf("%#x", b.Addrs[0])
	}
	if b.Line > 0 {
		s += fmt.Sprintf(": file %s, line %d", baseName(b.File), b.Line)
	}
	if len(b.Addrs) > 1 {
		s += fmt.Sprintf(" (%d locations)", len(b.Addrs))
	}
	return s
}

// cmdWatch sets a watchpoint on what an expression names.
func (c *Console) cmdWatch(name, arg string) error {
	expr, cond := splitIf(arg)
	expr = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(expr, "-location "), "-l ")) // the address is always watched
	if expr == "" {
		return fmt.Errorf("%s: which expression?", name)
	}
	acc := map[string]debugger.Access{"watch": debugger.AccessWrite, "rwatch": debugger.AccessRead, "awatch": debugger.AccessRW}[name]
	sp, err := c.s.WatchSpec(c.hart, c.frame, expr, acc)
	if err != nil {
		return err
	}
	sp.Condition.Condition = cond
	e, err := c.s.AddBreakpoint(sp)
	if err != nil {
		return err
	}
	kind := map[string]string{"watch": "Watchpoint", "rwatch": "Read watchpoint", "awatch": "Access watchpoint"}[name]
	fmt.Fprintf(c.out, "%s %d: %s (%d bytes at %#x)\n", kind, e.ID, expr, sp.Size, sp.Addr)
	return nil
}

// cmdDelete deletes breakpoints by number or range, or all of them.
func (c *Console) cmdDelete(arg string) error {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(arg), "display"); ok {
		return c.cmdUndisplay(rest) // gdb's "delete display N"
	}
	arg = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(arg), "breakpoints"))
	if arg == "" {
		c.s.RemoveAllBreakpoints()
		c.bpCommands = map[int][]string{}
		fmt.Fprintln(c.out, "Deleted every breakpoint.")
		return nil
	}
	ids, err := c.breakpointIDs(arg)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := c.s.RemoveBreakpoint(id); err != nil {
			return err
		}
		delete(c.bpCommands, id)
	}
	return nil
}

// infoBreakpoints lists the breakpoints.
func (c *Console) infoBreakpoints() {
	l := c.s.Breakpoints()
	if len(l) == 0 {
		fmt.Fprintln(c.out, "No breakpoints or watchpoints.")
		return
	}
	fmt.Fprintln(c.out, "Num  Type            Disp  Enb  What")
	for _, e := range l {
		disp, enb := "keep", "y"
		if e.Spec.Temporary {
			disp = "del"
		}
		if e.Disabled {
			enb = "n"
		}
		typ, what := "breakpoint", c.where(e)
		if e.Kind == debugger.KindData {
			typ = map[debugger.Access]string{debugger.AccessWrite: "watchpoint", debugger.AccessRead: "read watchpoint"}[e.Access]
			if typ == "" {
				typ = "acc watchpoint"
			}
			what = fmt.Sprintf("%s (%d bytes at %#x)", e.Spec.Expr, e.Size, e.Addr)
		}
		if e.Kind == debugger.KindEvent {
			typ, what = "catchpoint", e.Message
		}
		fmt.Fprintf(c.out, "%-4d %-15s %-5s %-4s %s\n", e.ID, typ, disp, enb, what)
		if e.Condition != "" {
			fmt.Fprintf(c.out, "        stop only if %s\n", e.Condition)
		}
		if h := e.Spec.HitCondition; h != "" {
			fmt.Fprintf(c.out, "        stop only when its hit count (from the start of history) is %s\n", h)
		}
		if e.Stops > 0 {
			fmt.Fprintf(c.out, "        stopped here %d time%s\n", e.Stops, plural(e.Stops))
		}
		for _, l := range c.bpCommands[e.ID] {
			fmt.Fprintf(c.out, "        %s\n", l)
		}
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
