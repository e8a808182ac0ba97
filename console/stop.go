package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// showStop tells where an operation left the session: why it stopped, the
// frame and the time, and the current line in context.
func (c *Console) showStop(st debugger.Stop) {
	c.uart.flush()
	c.hart, c.frame, c.thread = st.Hart, 0, 0
	silent := c.silentStop(st.BreakpointIDs)
	for _, e := range st.Breakpoints {
		if silent && e.Kind != debugger.KindData {
			continue
		}
		switch {
		case e.Kind == debugger.KindData:
			c.watchStop(e, st)
		case e.Spec.Temporary:
			fmt.Fprintf(c.out, "Temporary breakpoint %d, ", e.ID)
		default:
			fmt.Fprintf(c.out, "Breakpoint %d, ", e.ID)
		}
	}
	if msg := reasonText(st, c.backward); msg != "" {
		fmt.Fprintln(c.out, msg)
	}
	if st.Reason == debugger.ReasonExited {
		return
	}
	if !silent {
		c.showFrame(true)
	}
	c.showDisplays()
	c.runStopCommands(st.BreakpointIDs)
}

// watchStop describes a watchpoint stop: going forward the access has
// happened (old and new value), going backwards it is about to. The
// values are the session's: the memory just before and after the access.
func (c *Console) watchStop(e *debugger.Breakpoint, st debugger.Stop) {
	by := ""
	if _, b, ok := strings.Cut(st.Description, " by "); ok {
		by = b
	}
	old, now := "?", "?"
	if w := st.Watch; w != nil && w.New != "" {
		old, now = w.Old, w.New
	}
	verb := map[debugger.Access]string{debugger.AccessWrite: "written", debugger.AccessRead: "read"}[e.Access]
	if verb == "" {
		verb = "accessed"
	}
	if c.backward {
		fmt.Fprintf(c.out, "Watchpoint %d: %s is %s by %s (stopped before it)\nValue now = %s\n", e.ID, e.Spec.Expr, verb, by, old)
		return
	}
	fmt.Fprintf(c.out, "Watchpoint %d: %s %s by %s\n", e.ID, e.Spec.Expr, verb, by)
	if old != now {
		fmt.Fprintf(c.out, "Old value = %s\nNew value = %s\n", old, now)
	} else {
		fmt.Fprintf(c.out, "Value = %s\n", now)
	}
}

// reasonText is the line saying why the run stopped ("" when the frame
// line says enough).
func reasonText(st debugger.Stop, backward bool) string {
	switch st.Reason {
	case debugger.ReasonStep, debugger.ReasonBreakpoint, debugger.ReasonFunction,
		debugger.ReasonInstruction, debugger.ReasonData, debugger.ReasonGoto:
		if strings.HasPrefix(st.Description, "condition error") {
			return st.Description
		}
		return ""
	case debugger.ReasonEntry:
		return "Stopped at the start of history."
	case debugger.ReasonExited:
		return fmt.Sprintf("[%s, time %d]", st.Description, st.Time)
	case debugger.ReasonStartOfHistory:
		return "Reached the start of history: nothing earlier."
	case debugger.ReasonExiting:
		return fmt.Sprintf("[the firmware is about to exit with code %d, time %d: step back or reverse to see why; continue exits]",
			st.ExitCode, st.Time)
	case debugger.ReasonEndOfHistory:
		return fmt.Sprintf("[end of history, time %d: the recording ends here; step back or reverse to explore it]", st.Time)
	case debugger.ReasonException, debugger.ReasonHalted:
		if tr := st.Trap; tr != nil {
			where := fmt.Sprintf("%#x", tr.PC)
			if tr.Function != "" {
				where += " in " + tr.Function
			}
			hint := "; reverse-stepi goes back before it"
			switch {
			case backward:
				hint = " (stopped before it)"
			case st.Reason == debugger.ReasonHalted:
				// The board halts on the faulting instruction, which never
				// completes: there is no trap handler to run.
				hint = "; no trap handler can take it, so the board halted on the faulting instruction (continue ends the run)"
			}
			return fmt.Sprintf("%s: %s at %s (mtval %#x)%s", capitalize(st.Reason.String()),
				tr.Name, where, tr.Tval, hint)
		}
	case debugger.ReasonPause:
		if st.Description == "" || st.Description == "paused" {
			return "Paused."
		}
		return capitalize(st.Description) + "."
	}
	if st.Description != "" {
		return capitalize(st.Reason.String()) + ": " + st.Description
	}
	return capitalize(st.Reason.String()) + "."
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// showFrame prints the selected frame's line with the time and, when
// context is set, its source lines (or its instruction when it has none).
func (c *Console) showFrame(context bool) {
	fs, err := c.s.Frames(c.frameHart())
	if err != nil || c.frame >= len(fs) {
		pc := c.s.PC(c.hart)
		fmt.Fprintf(c.out, "%#x, time %d (%v)\n", pc, c.s.Now(), err)
		return
	}
	f := fs[c.frame]
	hart := ""
	if c.s.Harts() > 1 {
		hart = fmt.Sprintf(", hart %d", c.hart)
	}
	fmt.Fprintf(c.out, "%s, time %d%s\n", c.frameText(f), c.s.Now(), hart)
	if !context {
		return
	}
	if f.Location.Line > 0 {
		if _, err := c.src.lines(f.Location.File); err == nil {
			c.context(f.Location)
			return
		}
	}
	c.printInstructions(f.PC, 1, f.PC)
}

// frameText renders a frame as "func (a=1) at file.c:12", with the pc for
// callers and frames without source.
func (c *Console) frameText(f *symbols.Frame) string {
	var sb strings.Builder
	if f.Index > 0 || f.Location.Line == 0 {
		fmt.Fprintf(&sb, "%#x in ", f.PC)
	}
	name := f.Name
	if name == "" {
		name = "??"
	}
	fmt.Fprintf(&sb, "%s (%s)", name, c.argsText(f))
	if f.Location.Line > 0 {
		fmt.Fprintf(&sb, " at %s:%d", baseName(f.Location.File.Name), f.Location.Line)
	}
	return sb.String()
}

// argsText formats a frame's arguments.
func (c *Console) argsText(f *symbols.Frame) string {
	var parts []string
	for _, a := range f.Args() {
		v := "<optimized out>"
		if a.Err != nil {
			v = "<unavailable>"
		} else if !a.Value.OptimizedOut {
			v = c.s.Symbols().Format(a.Value, f.Env(), symbols.FormatOptions{MaxElements: 8, MaxDepth: 1})
		}
		parts = append(parts, a.Name+"="+v)
	}
	return strings.Join(parts, ", ")
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
