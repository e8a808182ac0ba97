package console

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// catchKinds are the catch subcommands and the traps each catches.
var catchKinds = map[string]debugger.EventKind{
	"interrupt": debugger.EventInterrupt,
	"trap":      debugger.EventException,
	"exception": debugger.EventException,
}

// cmdCatch sets a catchpoint: "catch interrupt [N|NAME...]", "catch trap
// [CAUSE...]" or "catch exception NAME..." (Cortex-M wording), with an
// optional "if COND". It stops forwards at the handler's first
// instruction and backwards before the instruction that trapped.
func (c *Console) cmdCatch(arg string) error {
	word, rest, _ := strings.Cut(strings.TrimSpace(arg), " ")
	kind, ok := catchKinds[word]
	if !ok {
		return fmt.Errorf("catch what? interrupt [N], trap [CAUSE] or exception NAME (causes here: %s)",
			strings.Join(c.s.TrapCauseNames(), ", "))
	}
	causes, cond := splitIf(strings.TrimSpace(rest))
	if word == "exception" && causes == "" {
		return errors.New("catch exception: which exception? (" + strings.Join(c.s.TrapCauseNames(), ", ") + ")")
	}
	b, err := c.s.AddCatchpoint(kind, causes, debugger.Condition{Condition: cond})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Catchpoint %d (%s)\n", b.ID, b.Message)
	return nil
}

// catchCommand is the command that makes catchpoint b again (save).
func catchCommand(b *debugger.Breakpoint) string {
	word := "trap"
	if b.Spec.Event == debugger.EventInterrupt {
		word = "interrupt"
	}
	return strings.TrimSpace("catch " + word + " " + b.Spec.Causes)
}

// infoFault prints the report of the latest fault at or before now.
func (c *Console) infoFault() error {
	r, err := c.s.Fault()
	if err != nil {
		return err
	}
	for _, l := range r.Lines() {
		fmt.Fprintln(c.out, l)
	}
	return nil
}

// trapText is the line saying which trap stopped the run: the fault
// report's summary for a fault, else the trap's name and where it was
// taken (stopped before it, going backwards).
func trapText(st debugger.Stop, backward bool) string {
	tr := st.Trap
	if r := tr.Fault; r != nil {
		text := fmt.Sprintf("%s: %s", capitalize(st.Reason.String()), r.Summary())
		switch {
		case r.Halted:
			// The board halts on the faulting instruction, which never
			// completes: there is no trap handler to run.
			return text + "; no trap handler can take it, so the board halted on the faulting instruction (continue ends the run)"
		case backward:
			return text + " (stopped before it; `info fault` for the report)"
		}
		return text + "; `info fault` for the report, reverse-continue goes back before it"
	}
	kind := "Exception"
	if tr.Interrupt {
		kind = "Interrupt"
	}
	where := fmt.Sprintf("%#x", tr.PC)
	if tr.Function != "" {
		where += " in " + tr.Function
	}
	if backward {
		return fmt.Sprintf("%s: %s taken at %s (stopped before it)", kind, tr.Name, where)
	}
	return fmt.Sprintf("%s: %s taken at %s; reverse-continue goes back before it", kind, tr.Name, where)
}

// cmdFault reports the last fault ("fault") or goes to the moment before
// its faulting instruction ("fault goto").
func (c *Console) cmdFault(arg string) error {
	switch strings.TrimSpace(arg) {
	case "":
		return c.infoFault()
	case "goto":
		st, err := c.run.Run(func(s *debugger.Session) debugger.Stop { return s.GoToFault() })
		if err != nil {
			return err
		}
		if st.Reason == debugger.ReasonError {
			return st.Err
		}
		fmt.Fprintf(c.out, "Went to the moment %s.\n", st.Description)
		c.showStop(st)
		return nil
	}
	return fmt.Errorf("fault: unknown argument %q (fault, or fault goto)", arg)
}

// completeCatch completes catch's kind and causes, and fault's goto.
func (c *Console) completeCatch(name, before, word string) []string {
	if len(strings.Fields(before)) > 1 {
		if name == "fault" {
			return nil
		}
		return c.matching(c.s.TrapCauseNames(), word)
	}
	if name == "fault" {
		return c.matching([]string{"goto"}, word)
	}
	return c.matching(sortedKeys(catchKinds), word)
}
