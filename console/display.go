package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols"
)

// display is an expression shown after every stop.
type display struct {
	num    int
	format string
	expr   string
	off    bool
}

// examineDisplay tells whether a display format is x's (i, s or a count).
func examineDisplay(format string) bool {
	return strings.ContainsAny(format, "is0123456789")
}

// cmdDisplay adds an expression shown after every stop, in both
// directions (none: show them all now).
func (c *Console) cmdDisplay(format, expr string) error {
	if expr == "" {
		c.showDisplays()
		return nil
	}
	if !examineDisplay(format) {
		if err := checkPrintFormat("display", format); err != nil {
			return err
		}
	}
	c.nextDisplay++
	d := display{num: c.nextDisplay, format: format, expr: expr}
	c.displays = append(c.displays, d)
	c.showDisplay(d)
	return nil
}

// cmdUndisplay removes displays by number (all without numbers).
func (c *Console) cmdUndisplay(arg string) error {
	if strings.TrimSpace(arg) == "" {
		c.displays = nil
		return nil
	}
	for _, f := range strings.Fields(arg) {
		var n int
		if _, err := fmt.Sscanf(f, "%d", &n); err != nil {
			return fmt.Errorf("undisplay: bad display number %q", f)
		}
		found := false
		for i, d := range c.displays {
			if d.num == n {
				c.displays = append(c.displays[:i], c.displays[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("no display number %d", n)
		}
	}
	return nil
}

// showDisplays prints every display (after a stop).
func (c *Console) showDisplays() {
	for _, d := range c.displays {
		if !d.off {
			c.showDisplay(d)
		}
	}
}

// showDisplay prints one display as gdb does: "1: expr = value" or
// "2: x/i $pc" followed by the memory.
func (c *Console) showDisplay(d display) {
	if examineDisplay(d.format) {
		fmt.Fprintf(c.out, "%d: x/%s %s\n", d.num, d.format, d.expr)
		if err := c.cmdExamine(d.format, d.expr); err != nil {
			fmt.Fprintf(c.out, "<error: %v>\n", err)
		}
		return
	}
	f := ""
	if d.format != "" {
		f = "/" + d.format + " "
	}
	text := ""
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, d.expr, symbols.FormatOptions{})
	if err == nil {
		text, err = c.formatView(v, d.format)
	}
	if err != nil {
		text = fmt.Sprintf("<error: %v>", err)
	}
	fmt.Fprintf(c.out, "%d: %s%s = %s\n", d.num, f, d.expr, text)
}

// infoDisplay lists the displays.
func (c *Console) infoDisplay() {
	if len(c.displays) == 0 {
		fmt.Fprintln(c.out, "There are no auto-display expressions now.")
		return
	}
	fmt.Fprintln(c.out, "Auto-display expressions now in effect:\nNum Enb Expression")
	for _, d := range c.displays {
		f := ""
		if d.format != "" {
			f = "/" + d.format + " "
		}
		enb := "y"
		if d.off {
			enb = "n"
		}
		fmt.Fprintf(c.out, "%d:   %s  %s%s\n", d.num, enb, f, d.expr)
	}
}

// enableDisplays turns displays on or off by number (all without
// numbers): gdb's "enable display" and "disable display".
func (c *Console) enableDisplays(arg string, on bool) error {
	want := map[int]bool{}
	for _, f := range strings.Fields(arg) {
		var n int
		if _, err := fmt.Sscanf(f, "%d", &n); err != nil {
			return fmt.Errorf("bad display number %q", f)
		}
		want[n] = true
	}
	found := 0
	for i := range c.displays {
		if len(want) == 0 || want[c.displays[i].num] {
			c.displays[i].off = !on
			found++
		}
	}
	if len(want) > 0 && found != len(want) {
		return fmt.Errorf("no display number among %s", strings.TrimSpace(arg))
	}
	return nil
}
