package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// infoTopics maps "info" subcommands (and prefixes of them) to handlers.
func (c *Console) infoTopics() map[string]func(arg string) error {
	return map[string]func(string) error{
		"breakpoints":    func(string) error { c.infoBreakpoints(); return nil },
		"watchpoints":    func(string) error { c.infoBreakpoints(); return nil },
		"registers":      c.infoRegisters,
		"locals":         func(string) error { return c.infoVars(false) },
		"args":           func(string) error { return c.infoVars(true) },
		"frame":          func(string) error { return c.infoFrame() },
		"threads":        func(string) error { c.infoThreads(); return nil },
		"display":        func(string) error { c.infoDisplay(); return nil },
		"line":           c.infoLine,
		"symbol":         c.infoSymbol,
		"source":         func(string) error { return c.infoSource() },
		"all-registers":  c.infoAllRegisters,
		"bookmarks":      func(string) error { c.infoBookmarks(); return nil },
		"checkpoints":    func(string) error { c.infoBookmarks(); return nil },
		"tasks-timeline": c.infoTasksTimeline,
		"peripherals":    c.infoPeripheral, // peripheral.go
		"fault":          func(string) error { return c.infoFault() },
	}
}

// infoAliases are gdb's short info topics.
var infoAliases = map[string]string{"b": "breakpoints", "br": "breakpoints", "r": "registers", "reg": "registers",
	"f": "frame", "disp": "display"}

// infoList names the info topics for messages.
const infoList = "breakpoints, watchpoints, registers, all-registers, locals, args, frame, threads, tasks-timeline, fault, display, line, symbol, source, bookmarks, peripherals"

// cmdInfo shows breakpoints, registers, locals, args, the frame or the
// harts.
func (c *Console) cmdInfo(arg string) error {
	word, rest, _ := strings.Cut(arg, " ")
	if word == "" {
		return fmt.Errorf("info what? %s", infoList)
	}
	topics := c.infoTopics()
	var match []string
	for name := range topics {
		if strings.HasPrefix(name, word) {
			match = append(match, name)
		}
	}
	if alias, ok := infoAliases[word]; ok {
		match = []string{alias}
	}
	if _, ok := topics[word]; ok {
		match = []string{word}
	}
	if len(match) != 1 {
		return fmt.Errorf("info %s: unknown or ambiguous (%s)", word, infoList)
	}
	return topics[match[0]](strings.TrimSpace(rest))
}

// infoVars prints the selected frame's locals or arguments.
func (c *Console) infoVars(args bool) error {
	f, err := c.s.Frame(c.frameHart(), c.frame)
	if err != nil {
		return err
	}
	vars := f.Locals()
	what := "locals"
	if args {
		vars, what = f.Args(), "arguments"
	}
	if len(vars) == 0 {
		fmt.Fprintf(c.out, "No %s.\n", what)
		return nil
	}
	for _, v := range vars {
		fmt.Fprintf(c.out, "%s = %s\n", v.Name, c.varText(f, v))
	}
	return nil
}

// varText formats a variable of a frame.
func (c *Console) varText(f *symbols.Frame, v symbols.Variable) string {
	switch {
	case v.Err != nil:
		return "<unavailable: " + v.Err.Error() + ">"
	case v.Value.OptimizedOut:
		return "<optimized out>"
	}
	return c.s.Symbols().Format(v.Value, f.Env(), symbols.FormatOptions{})
}

// infoFrame describes the selected frame.
func (c *Console) infoFrame() error {
	fs, err := c.s.Frames(c.frameHart())
	if err != nil {
		return err
	}
	if c.frame >= len(fs) {
		return fmt.Errorf("no frame %d", c.frame)
	}
	f := fs[c.frame]
	of := fmt.Sprintf("hart %d", c.hart)
	if h := c.frameHart(); h != c.hart {
		of = fmt.Sprintf("thread %d", h-debugger.TaskHartBase)
	}
	fmt.Fprintf(c.out, "Frame %d of %s, time %d:\n", c.frame, of, c.s.Now())
	fmt.Fprintf(c.out, "  %s\n", c.frameText(f))
	fmt.Fprintf(c.out, "  pc %#x, frame address (CFA) %#x\n", f.PC, f.CFA)
	if f.Inlined {
		fmt.Fprintln(c.out, "  inlined into its caller")
	}
	if c.frame+1 < len(fs) {
		fmt.Fprintf(c.out, "  called by frame %d: %s\n", c.frame+1, c.frameText(fs[c.frame+1]))
	}
	if c.frame > 0 {
		fmt.Fprintf(c.out, "  calls frame %d: %s\n", c.frame-1, c.frameText(fs[c.frame-1]))
	}
	return nil
}

// infoThreads lists the RTOS tasks, or the harts.
func (c *Console) infoThreads() {
	if c.infoTasks() {
		return
	}
	for h := 0; h < c.s.Harts(); h++ {
		mark := " "
		if h == c.hart {
			mark = "*"
		}
		text := fmt.Sprintf("%#x", c.s.PC(h))
		if f, err := c.s.Frame(h, 0); err == nil {
			text = c.frameText(f)
		}
		fmt.Fprintf(c.out, "%s hart %d  %s\n", mark, h, text)
	}
}
