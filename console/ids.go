package console

import (
	"fmt"
	"strconv"
	"strings"
)

// breakpointIDs reads breakpoint numbers and ranges ("1 3-5"), checking
// that each exists.
func (c *Console) breakpointIDs(arg string) ([]int, error) {
	var ids []int
	for _, f := range strings.Fields(arg) {
		if f == "$bpnum" {
			all := c.allBreakpointIDs()
			if len(all) == 0 {
				return nil, fmt.Errorf("no breakpoints")
			}
			f = strconv.Itoa(all[len(all)-1])
		}
		lo, hi, isRange := strings.Cut(f, "-")
		a, err := strconv.Atoi(lo)
		if err != nil || a < 1 {
			return nil, fmt.Errorf("bad breakpoint number %q", f)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("bad breakpoint range %q", f)
			}
		}
		if isRange { // no need to look past the last breakpoint
			all := c.allBreakpointIDs()
			if len(all) == 0 {
				continue
			}
			b = min(b, all[len(all)-1])
		}
		for id := a; id <= b; id++ {
			if c.s.Breakpoint(id) == nil {
				if isRange {
					continue // gdb skips the numbers no longer in use
				}
				return nil, fmt.Errorf("no breakpoint number %d", id)
			}
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// allBreakpointIDs lists every breakpoint's number.
func (c *Console) allBreakpointIDs() []int {
	var ids []int
	for _, b := range c.s.Breakpoints() {
		ids = append(ids, b.ID)
	}
	return ids
}
