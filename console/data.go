package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// cmdSet runs "set var EXPR = VALUE", "set $v = EXPR" (a convenience
// variable) and, as no-ops, the gdb settings Rewind does not need
// (pagination, height, width, confirm: output is never paginated).
func (c *Console) cmdSet(arg string) error {
	word, rest, _ := strings.Cut(arg, " ")
	switch word {
	case "pagination", "height", "width", "confirm", "print":
		return nil
	case "substitute-path":
		return c.substitutePath(rest)
	}
	if strings.HasPrefix(arg, "$") {
		_, err := c.s.EvalGDB(c.frameHart(), c.frame, arg, symbols.FormatOptions{})
		c.noteFork()
		return err
	}
	if word != "var" && word != "variable" {
		return fmt.Errorf("set: only 'set var EXPR = VALUE' and 'set $NAME = EXPR' are supported")
	}
	expr := strings.TrimSpace(rest)
	if !strings.Contains(expr, "=") {
		return fmt.Errorf("set var: want EXPR = VALUE")
	}
	if handled, err := c.assignPeripheral(expr); handled {
		return err
	}
	if _, err := c.s.EvalGDB(c.frameHart(), c.frame, expr, symbols.FormatOptions{}); err != nil {
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
	var h debugger.ValueHistory
	var err error
	if err := c.run.Do(func(s *debugger.Session) {
		h, err = s.ValueHistory(c.hart, c.frame, expr, debugger.HistoryOptions{})
	}); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "%s changed %d time%s in the history (time %d to %d):\n", expr, h.Count, plural(h.Count), h.Start, h.End)
	for _, x := range h.Changes {
		where := fmt.Sprintf("%#x", x.PC)
		if x.Line > 0 {
			where = fmt.Sprintf("%s:%d", baseName(x.File), x.Line)
		}
		if x.Function != "" {
			where += " in " + x.Function
		}
		fmt.Fprintf(c.out, "  time %-8d %-22s %s -> %s\n", x.Time, where, x.Old, x.New)
	}
	if h.Truncated {
		which := "first"
		if h.Last {
			which = "last"
		}
		fmt.Fprintf(c.out, "  (changed %d times; showing the %s %d)\n", h.Count, which, len(h.Changes))
	}
	return nil
}
