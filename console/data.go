package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/console/dbgext"
	"github.com/rewind-debugger/rewind/symbols"
)

// cmdPrint evaluates an expression in the selected frame (/x: hex).
func (c *Console) cmdPrint(format, expr string) error {
	opts := symbols.FormatOptions{}
	switch format {
	case "", "d":
	case "x":
		opts.Hex = true
	default:
		return fmt.Errorf("print: unknown format /%s (use /x or /d)", format)
	}
	if expr == "" {
		return fmt.Errorf("print what? (an expression)")
	}
	v, err := c.s.Evaluate(c.hart, c.frame, expr, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%s = %s\n", expr, v.Value)
	c.noteFork()
	return nil
}

// cmdSet runs "set var EXPR = VALUE".
func (c *Console) cmdSet(arg string) error {
	word, rest, _ := strings.Cut(arg, " ")
	if word == "substitute-path" {
		return c.substitutePath(rest)
	}
	if word != "var" && word != "variable" {
		return fmt.Errorf("set: only 'set var EXPR = VALUE' is supported")
	}
	expr := strings.TrimSpace(rest)
	if !strings.Contains(expr, "=") {
		return fmt.Errorf("set var: want EXPR = VALUE")
	}
	if _, err := c.s.Evaluate(c.hart, c.frame, expr, symbols.FormatOptions{}); err != nil {
		return err
	}
	c.noteFork()
	return nil
}

// noteFork tells the user when an edit changed the past.
func (c *Console) noteFork() {
	if c.s.TakeFork() {
		fmt.Fprintf(c.out, "This changed the past: the history after time %d was discarded.\n", c.s.Now())
	}
}

// cmdHistory lists every change of an expression's value in the recorded
// history.
func (c *Console) cmdHistory(expr string) error {
	if expr == "" {
		return fmt.Errorf("history of what? (an expression naming memory)")
	}
	ch, more, err := dbgext.Changes(c.s, c.hart, c.frame, expr, symbols.FormatOptions{}, dbgext.StopOnFaults)
	if err != nil {
		return err
	}
	tl := c.s.Timeline()
	fmt.Fprintf(c.out, "%s changed %d time%s in the history (time %d to %d):\n", expr, len(ch), plural(len(ch)), tl.Start(), tl.End())
	for _, x := range ch {
		where := fmt.Sprintf("%#x", x.PC)
		if x.Line > 0 {
			where = fmt.Sprintf("%s:%d", baseName(x.File), x.Line)
		}
		if x.Function != "" {
			where += " in " + x.Function
		}
		fmt.Fprintf(c.out, "  time %-8d %-22s %s -> %s\n", x.Time, where, x.Old, x.New)
	}
	if more {
		fmt.Fprintln(c.out, "  (more changes not shown)")
	}
	return nil
}
