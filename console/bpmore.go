package console

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// cmdIgnore makes a breakpoint pass its next COUNT hits.
func (c *Console) cmdIgnore(arg string) error {
	f := strings.Fields(arg)
	if len(f) != 2 {
		return fmt.Errorf("ignore: want a breakpoint number and a count")
	}
	ids, err := c.breakpointIDs(f[0])
	if err != nil || len(ids) != 1 {
		return fmt.Errorf("ignore: bad breakpoint number %q", f[0])
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 0 {
		return fmt.Errorf("ignore: bad count %q", f[1])
	}
	if err := c.s.IgnoreBreakpoint(ids[0], n); err != nil {
		return err
	}
	switch n {
	case 0:
		fmt.Fprintf(c.out, "Will stop next time breakpoint %d is reached.\n", ids[0])
	case 1:
		fmt.Fprintf(c.out, "Will ignore next crossing of breakpoint %d.\n", ids[0])
	default:
		fmt.Fprintf(c.out, "Will ignore next %d crossings of breakpoint %d.\n", n, ids[0])
	}
	return nil
}

// cmdRbreak sets a breakpoint on every function whose name matches a
// regular expression.
func (c *Console) cmdRbreak(arg string) error {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		return fmt.Errorf("rbreak: which regular expression?")
	}
	re, err := regexp.Compile(arg)
	if err != nil {
		return fmt.Errorf("rbreak: %w", err)
	}
	seen := map[string]bool{}
	for _, fn := range c.s.Symbols().Functions() {
		if seen[fn.Name] || !re.MatchString(fn.Name) {
			continue
		}
		seen[fn.Name] = true
		if err := c.cmdBreak(fn.Name, false); err != nil {
			fmt.Fprintf(c.out, "%s: %v\n", fn.Name, err)
		}
	}
	if len(seen) == 0 {
		return fmt.Errorf("rbreak: no function matches %q", arg)
	}
	return nil
}

// cmdClear deletes the breakpoints at a location (the current line when
// none is given).
func (c *Console) cmdClear(arg string) error {
	loc := strings.TrimSpace(arg)
	if loc == "" {
		f, err := c.s.Frame(c.frameHart(), c.frame)
		if err != nil || f.Location.Line == 0 {
			return fmt.Errorf("clear: no source line here; give a location")
		}
		loc = fmt.Sprintf("%s:%d", f.Location.File.Name, f.Location.Line)
	}
	sp, err := c.s.ResolveLocation(c.frameHart(), c.frame, loc, c.currentFile())
	if err != nil {
		return err
	}
	probe, err := c.s.Place(sp)
	if err != nil {
		return err
	}
	want := probe.Addrs
	var gone []int
	for _, b := range c.s.Breakpoints() {
		if b.Kind != debugger.KindData && sameAddrs(b.Addrs, want) {
			gone = append(gone, b.ID)
		}
	}
	if len(gone) == 0 {
		return fmt.Errorf("no breakpoint at %s", loc)
	}
	for _, id := range gone {
		_ = c.s.RemoveBreakpoint(id)
		delete(c.bpCommands, id)
	}
	fmt.Fprintf(c.out, "Deleted breakpoint%s %s\n", plural(len(gone)), idList(gone))
	return nil
}

func sameAddrs(a, b []uint32) bool {
	if len(a) == 0 || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// cmdSave writes the breakpoints as commands that "source" reads back.
func (c *Console) cmdSave(arg string) error {
	what, path, _ := strings.Cut(strings.TrimSpace(arg), " ")
	if what != "breakpoints" && what != "b" && what != "br" {
		return fmt.Errorf("save: only 'save breakpoints FILE' is supported")
	}
	path = strings.TrimSpace(path)
	if path == "" {
		return fmt.Errorf("save breakpoints: which file?")
	}
	var sb strings.Builder
	for _, b := range c.s.Breakpoints() {
		c.saveOne(&sb, b)
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		return fmt.Errorf("save breakpoints: %w", err)
	}
	fmt.Fprintf(c.out, "Saved to file '%s'.\n", path)
	return nil
}

// saveOne writes the commands that make one breakpoint again.
func (c *Console) saveOne(sb *strings.Builder, b *debugger.Breakpoint) {
	sp := b.Spec
	cmd, loc := "break", ""
	if sp.Temporary {
		cmd = "tbreak"
	}
	switch sp.Kind {
	case debugger.KindLine:
		loc = fmt.Sprintf("%s:%d", sp.File, sp.Line)
	case debugger.KindFunction:
		loc = sp.Function
	case debugger.KindInstruction:
		loc = fmt.Sprintf("*%#x", sp.Addr)
	case debugger.KindData:
		cmd = map[debugger.Access]string{debugger.AccessWrite: "watch", debugger.AccessRead: "rwatch"}[sp.Access]
		if cmd == "" {
			cmd = "awatch"
		}
		loc = sp.Expr
	case debugger.KindEvent:
		cmd, loc = catchCommand(b), ""
	}
	if b.Condition != "" {
		loc += " if " + b.Condition
	}
	fmt.Fprintln(sb, strings.TrimSpace(cmd+" "+loc))
	if b.Disabled {
		sb.WriteString("disable $bpnum\n")
	}
	if l := c.bpCommands[b.ID]; len(l) > 0 {
		sb.WriteString("commands\n")
		for _, x := range l {
			fmt.Fprintf(sb, "  %s\n", x)
		}
		sb.WriteString("end\n")
	}
}
