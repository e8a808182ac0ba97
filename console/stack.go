package console

import (
	"fmt"
	"strconv"
)

// cmdBacktrace prints the call stack of the current hart (at most N
// frames when given).
func (c *Console) cmdBacktrace(arg string) error {
	fs, err := c.frames()
	if err != nil {
		return err
	}
	limit := len(fs)
	if arg != "" {
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			return fmt.Errorf("backtrace: bad frame count %q", arg)
		}
		limit = min(n, limit)
	}
	for _, f := range fs[:limit] {
		fmt.Fprintf(c.out, "#%-2d %s\n", f.Index, c.frameText(f))
	}
	if limit < len(fs) {
		fmt.Fprintln(c.out, "(more stack frames follow...)")
	}
	return nil
}

// cmdFrame selects a frame: "frame N", "up [N]", "down [N]"; "frame"
// alone shows the selected one.
func (c *Console) cmdFrame(name, arg string) error {
	fs, err := c.frames()
	if err != nil {
		return err
	}
	n := -1
	if arg != "" {
		n, err = strconv.Atoi(arg)
		if err != nil || n < 0 {
			return fmt.Errorf("%s: bad frame number %q", name, arg)
		}
	}
	target := c.frame
	switch name {
	case "frame":
		if n >= 0 {
			target = n
		}
	case "up":
		target += max(n, 1)
	case "down":
		target -= max(n, 1)
	}
	switch {
	case target < 0:
		return fmt.Errorf("bottom (innermost) frame selected; you cannot go down")
	case target >= len(fs) && name == "up":
		return fmt.Errorf("initial frame selected; you cannot go up")
	case target >= len(fs):
		return fmt.Errorf("no frame %d (the stack has %d)", target, len(fs))
	}
	c.frame = target
	fmt.Fprintf(c.out, "#%-2d ", c.frame)
	c.showFrame(true)
	return nil
}
