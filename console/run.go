package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// cmdRun executes the commands that move in time, with an optional count.
func (c *Console) cmdRun(name, arg string) error {
	op, ok := c.motions()[name]
	if !ok {
		return fmt.Errorf("%s: not implemented", name)
	}
	n := 1
	if arg != "" {
		v, err := strconv.Atoi(arg)
		if err != nil || v < 1 {
			return fmt.Errorf("%s: the argument is a repeat count, not %q", name, arg)
		}
		n = v
	}
	if err := c.stepsInSelected(name); err != nil {
		return err
	}
	fn := ""
	if name == "finish" || name == "reverse-finish" {
		if err := c.s.CanStepOut(c.hart, c.frame); err != nil {
			return err
		}
		if fs, err := c.s.Frames(c.hart); err == nil && c.frame < len(fs) {
			fmt.Fprintf(c.out, "Run till exit from #%d %s\n", c.frame, c.frameText(fs[c.frame]))
			if name == "finish" && !fs[0].Inlined {
				fn = fs[0].Name
			}
		}
	}
	c.backward = strings.HasPrefix(name, "reverse-")
	defer func() { c.backward = false }()
	st, err := c.run.Run(func(*debugger.Session) debugger.Stop {
		if counted, ok := c.countedMotions()[name]; ok && n > 1 {
			return counted(uint64(n))
		}
		return c.s.Repeat(uint64(n), op)
	})
	if err != nil {
		return err
	}
	if errors.Is(st.Err, debugger.ErrOutermostFrame) {
		return st.Err // refused before it moved
	}
	c.showStop(st)
	if v := c.returnedValue(fn, st); v != "" {
		fmt.Fprintln(c.out, v)
	}
	return nil
}

// countedMotions are the motions the session performs n times as one
// operation (Session.ThreadStepCount: through the reverse-search engine
// where it can, one task-aware step at a time while RTOS tasks run).
func (c *Console) countedMotions() map[string]func(n uint64) debugger.Stop {
	h := c.hart
	step := func(k debugger.StepKind, back bool, g debugger.Granularity) func(uint64) debugger.Stop {
		return func(n uint64) debugger.Stop { return c.s.ThreadStepCount(h, k, back, g, n) }
	}
	return map[string]func(n uint64) debugger.Stop{
		"next":           step(debugger.StepOver, false, debugger.Statement),
		"step":           step(debugger.StepInto, false, debugger.Statement),
		"finish":         step(debugger.StepOutOf, false, debugger.Statement),
		"stepi":          step(debugger.StepInto, false, debugger.ByInstruction),
		"reverse-next":   step(debugger.StepOver, true, debugger.Statement),
		"reverse-step":   step(debugger.StepInto, true, debugger.Statement),
		"reverse-finish": step(debugger.StepOutOf, true, debugger.Statement),
		"reverse-stepi":  step(debugger.StepOver, true, debugger.ByInstruction),
	}
}

// motions maps the time-moving commands to session operations.
func (c *Console) motions() map[string]func() debugger.Stop {
	h := c.hart
	return map[string]func() debugger.Stop{
		"continue":         c.s.Continue,
		"reverse-continue": c.s.ReverseContinue,
		"next":             func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepOver, false, debugger.Statement) },
		"step":             func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepInto, false, debugger.Statement) },
		"finish":           func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepOutOf, false, debugger.Statement) },
		"stepi":            func() debugger.Stop { return c.s.StepInstruction(h) },
		"nexti":            func() debugger.Stop { return c.s.Next(h, debugger.ByInstruction) },
		"until":            func() debugger.Stop { return c.s.Until(h) },
		"reverse-next":     func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepOver, true, debugger.Statement) },
		"reverse-step":     func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepInto, true, debugger.Statement) },
		"reverse-finish":   func() debugger.Stop { return c.s.ThreadStep(h, debugger.StepOutOf, true, debugger.Statement) },
		"reverse-stepi":    func() debugger.Stop { return c.s.StepBack(h, debugger.ByInstruction) },
	}
}

// cmdSeek moves to a time: a number, +N/-N relative to now, "start" or
// "end".
func (c *Console) cmdSeek(arg string) error {
	span := c.s.Span()
	var t uint64
	switch a := strings.TrimSpace(arg); {
	case a == "":
		return fmt.Errorf("seek: which time? (a number, +N, -N, start or end)")
	case a == "start":
		t = span.Start
	case a == "end":
		t = span.End
	case strings.HasPrefix(a, "+") || strings.HasPrefix(a, "-"):
		d, err := debugger.ParseUint(a[1:])
		if err != nil {
			return fmt.Errorf("seek: bad time %q", a)
		}
		t = c.s.Now() + d
		if a[0] == '-' {
			t = c.s.Now() - min(d, c.s.Now())
		}
	default:
		v, err := debugger.ParseUint(a)
		if err != nil {
			return fmt.Errorf("seek: bad time %q", a)
		}
		t = v
	}
	if t > span.End {
		fmt.Fprintf(c.out, "History ends at time %d: going there (use continue to run further).\n", span.End)
	}
	st, err := c.run.Run(func(s *debugger.Session) debugger.Stop { return s.Seek(t) })
	if err != nil {
		return err
	}
	c.showStop(st)
	return nil
}

// cmdWhen prints the current time and how far it is from the end of
// history.
func (c *Console) cmdWhen(arg string) error {
	if arg != "" {
		return fmt.Errorf("when takes no argument")
	}
	span := c.s.Span()
	fmt.Fprintf(c.out, "time %d (history: %d to %d", span.Now, span.Start, span.End)
	switch d := span.End - span.Now; {
	case span.Now >= span.End:
		fmt.Fprintln(c.out, "; at the end of history)")
	default:
		fmt.Fprintf(c.out, "; %d instruction%s before its end)\n", d, plural(int(d)))
	}
	return nil
}
