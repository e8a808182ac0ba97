package console

import (
	"fmt"
	"strconv"
	"strings"
)

// cmdEnable enables or disables breakpoints by number, or all of them.
func (c *Console) cmdEnable(arg string, on bool) error {
	var ids []int
	for _, f := range strings.Fields(arg) {
		id, err := strconv.Atoi(f)
		if err != nil {
			return fmt.Errorf("%q is not a breakpoint number", f)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		for _, b := range c.s.Breakpoints() {
			ids = append(ids, b.ID)
		}
	}
	for _, id := range ids {
		if err := c.s.EnableBreakpoint(id, on); err != nil {
			return fmt.Errorf("no breakpoint number %d", id)
		}
	}
	return nil
}

// cmdCondition sets or removes (no expression) a breakpoint's condition,
// keeping its hit condition and log message.
func (c *Console) cmdCondition(arg string) error {
	num, cond, _ := strings.Cut(strings.TrimSpace(arg), " ")
	id, err := strconv.Atoi(num)
	if err != nil {
		return fmt.Errorf("condition: want a breakpoint number, then an expression")
	}
	b := c.s.Breakpoint(id)
	if b == nil {
		return fmt.Errorf("no breakpoint number %d", id)
	}
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
