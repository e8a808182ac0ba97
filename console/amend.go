package console

import (
	"fmt"
	"strings"
)

// cmdEnable enables or disables breakpoints by number or range, or all
// of them. "enable once N" enables N as a temporary breakpoint is not
// supported: it says so.
func (c *Console) cmdEnable(arg string, on bool) error {
	if rest, ok := strings.CutPrefix(strings.TrimSpace(arg), "display"); ok {
		return c.enableDisplays(rest, on)
	}
	if w, _, _ := strings.Cut(arg, " "); w == "once" || w == "delete" || w == "count" {
		return fmt.Errorf("enable %s: not supported (use tbreak, or ignore N COUNT)", w)
	}
	ids, err := c.breakpointIDs(arg)
	if err != nil {
		return err
	}
	if strings.TrimSpace(arg) == "" {
		ids = c.allBreakpointIDs()
	}
	for _, id := range ids {
		if err := c.s.EnableBreakpoint(id, on); err != nil {
			return fmt.Errorf("breakpoint %d: %w", id, err)
		}
	}
	return nil
}

// cmdCondition sets or removes (no expression) a breakpoint's condition,
// keeping its hit condition and log message.
func (c *Console) cmdCondition(arg string) error {
	num, cond, _ := strings.Cut(strings.TrimSpace(arg), " ")
	ids, err := c.breakpointIDs(num)
	if err != nil || len(ids) != 1 {
		return fmt.Errorf("condition: want a breakpoint number, then an expression")
	}
	id := ids[0]
	b := c.s.Breakpoint(id)
	cd := b.Spec.Condition
	cd.Condition = strings.TrimSpace(cond)
	if _, err := c.s.AmendBreakpoint(id, cd); err != nil {
		return err
	}
	if cd.Condition == "" {
		fmt.Fprintf(c.out, "Breakpoint %d now unconditional.\n", id)
	}
	return nil
}
