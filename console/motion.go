package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// cmdAdvance runs forward (reverse-advance: backward) to a location,
// stopping earlier at a breakpoint; "until" with no location is gdb's:
// "next" that does not go back to a loop's head.
func (c *Console) cmdAdvance(name, arg string) error {
	if strings.TrimSpace(arg) == "" {
		if name == "until" {
			return c.cmdRun("until", "")
		}
		return fmt.Errorf("%s: which location? (file:line, line, function or *addr)", name)
	}
	b, err := c.placeOf(arg)
	if err != nil {
		return err
	}
	back := name == "reverse-advance"
	return c.runOp(back, func(s *debugger.Session) debugger.Stop { return s.RunTo(b.Addrs, back) })
}

// placeOf resolves a location to code addresses.
func (c *Console) placeOf(loc string) (*debugger.Breakpoint, error) {
	sp, err := c.s.ResolveLocation(c.frameHart(), c.frame, loc, c.currentFile())
	if err != nil {
		return nil, err
	}
	return c.s.Place(sp)
}

// runOp runs an operation that moves in time and shows where it stopped.
func (c *Console) runOp(back bool, op func(*debugger.Session) debugger.Stop) error {
	c.backward = back
	defer func() { c.backward = false }()
	st, err := c.run.Run(op)
	if err != nil {
		return err
	}
	if st.Reason == debugger.ReasonError && st.Err != nil {
		return st.Err
	}
	c.showStop(st)
	return nil
}

// cmdRunFromStart is gdb's "run": Rewind does not restart the firmware;
// it goes back to the start of history, then continues (replaying the
// recorded run up to the first breakpoint).
func (c *Console) cmdRunFromStart(arg string) error {
	if arg != "" {
		return fmt.Errorf("run: the firmware takes no arguments")
	}
	fmt.Fprintf(c.out, "Seeking to the start of history (time %d): the run is replayed, not restarted.\n", c.s.Span().Start)
	if err := c.seekQuiet(c.s.Span().Start); err != nil {
		return err
	}
	return c.cmdRun("continue", "")
}

// cmdStart is gdb's "start": to the start of history, then on to main.
func (c *Console) cmdStart(arg string) error {
	if arg != "" {
		return fmt.Errorf("start: the firmware takes no arguments")
	}
	b, err := c.placeOf("main")
	if err != nil {
		return fmt.Errorf("start: %w", err)
	}
	fmt.Fprintf(c.out, "Seeking to the start of history (time %d), then running to main at %s.\n", c.s.Span().Start, c.where(b))
	if err := c.seekQuiet(c.s.Span().Start); err != nil {
		return err
	}
	return c.runOp(false, func(s *debugger.Session) debugger.Stop { return s.RunTo(b.Addrs, false) })
}

// seekQuiet moves to a time without showing the stop.
func (c *Console) seekQuiet(t uint64) error {
	st, err := c.run.Run(func(s *debugger.Session) debugger.Stop { return s.Seek(t) })
	if err != nil {
		return err
	}
	c.hart, c.frame, c.thread = st.Hart, 0, 0
	return nil
}

// cmdJump moves the pc to a location and continues from there, which
// changes the past when not at the end of history: it says so.
func (c *Console) cmdJump(arg string) error {
	if strings.TrimSpace(arg) == "" {
		return fmt.Errorf("jump: which location?")
	}
	b, err := c.placeOf(arg)
	if err != nil {
		return err
	}
	if len(b.Addrs) != 1 {
		return fmt.Errorf("jump: %s has %d locations; name one with *ADDR", arg, len(b.Addrs))
	}
	pc, ok := c.s.RegisterByName("pc")
	if !ok {
		return fmt.Errorf("jump: this CPU has no pc register")
	}
	fmt.Fprintf(c.out, "Continuing at %s.\n", c.where(b))
	if err := c.s.SetRegister(c.hart, uint32(pc), b.Addrs[0]); err != nil {
		return fmt.Errorf("jump: %w", err)
	}
	c.noteFork()
	return c.cmdRun("continue", "")
}
