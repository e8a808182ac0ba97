package console

import (
	"fmt"
	"strings"
)

// helpEntry documents one command: its class, usage, what it does and an
// example.
type helpEntry struct {
	class, usage, text, example string
}

// helpClasses are help's classes, in order, with a line describing each.
var helpClasses = []struct{ name, text string }{
	{"breakpoints", "Making program stop at certain points."},
	{"running", "Running the program, forwards and backwards."},
	{"data", "Examining data."},
	{"stack", "Examining the stack."},
	{"files", "Specifying and examining source files."},
	{"status", "Status inquiries."},
	{"time", "Moving in the recorded history."},
	{"support", "Support facilities: scripts, user commands, help."},
}

// helpText documents every command.
var helpText = map[string]helpEntry{
	"break":            {"breakpoints", "break|b [LOCATION] [thread N] [if COND]", "Set a breakpoint at file:line, line, function, *addr or +N/-N (lines from the current one); none: the current line. thread N: stop only in that RTOS task.", "break demo.c:102 if sensor.calibration != 10"},
	"tbreak":           {"breakpoints", "tbreak LOCATION [if COND]", "Set a breakpoint that is deleted when it stops.", "tbreak main"},
	"rbreak":           {"breakpoints", "rbreak REGEX", "Set a breakpoint on every function whose name matches REGEX (Go's regular expressions).", "rbreak ^put_"},
	"delete":           {"breakpoints", "delete|d [N|N-M...]", "Delete breakpoints by number or range (all without numbers).", "delete 1-3 5"},
	"clear":            {"breakpoints", "clear [LOCATION]", "Delete the breakpoints at LOCATION (none: the current line).", "clear record"},
	"enable":           {"breakpoints", "enable [N|N-M...]", "Enable breakpoints (all without numbers).", "enable 2-4"},
	"disable":          {"breakpoints", "disable|dis [N|N-M...]", "Disable breakpoints: kept with their numbers, but they never stop.", "disable 1"},
	"condition":        {"breakpoints", "condition|cond N [COND]", "Stop at breakpoint N only if COND is non-zero (no COND: always).", "condition 1 s->head == 8"},
	"ignore":           {"breakpoints", "ignore N COUNT", "Pass breakpoint N's next COUNT hits after the current time (0: stop at the next).", "ignore 1 3"},
	"commands":         {"breakpoints", "commands [N|N-M...] ... end", "Commands run after breakpoint N stops, going forwards or backwards (none: the last breakpoint). A first line \"silent\" hides the stop's location.", "commands 1\n  print s->head\n  end"},
	"save":             {"breakpoints", "save breakpoints FILE", "Write the breakpoints (with conditions, disabled state and commands) as commands that 'source FILE' reads back.", "save breakpoints bps.gdb"},
	"watch":            {"breakpoints", "watch EXPR [if COND]", "Stop when EXPR's memory is written, forwards (after the write) and backwards (before it).", "watch sensor.calibration"},
	"rwatch":           {"breakpoints", "rwatch EXPR", "Stop when EXPR's memory is read.", "rwatch sensor.head"},
	"catch":            {"breakpoints", "catch interrupt [N|NAME...] | catch trap [CAUSE...] | catch exception NAME... [if COND]", "Stop when a trap is taken: forwards at the handler's first instruction, backwards before the instruction that trapped (or was interrupted). interrupt N is the RISC-V mcause interrupt code (7, or timer/software/external) or the Cortex-M IRQ number (7, or SysTick, PendSV, NMI); trap with no cause catches every exception (RISC-V illegal-instruction, load-access-fault, ecall, ebreak...; Cortex-M HardFault, MemManage, BusFault, UsageFault, SVCall). Listed, disabled and deleted like breakpoints; 'info fault' reports the last fault.", "catch exception UsageFault"},
	"fault":            {"time", "fault [goto]", "Report the last fault taken at or before now (as 'info fault'): which fault, its status bits in words (Cortex-M CFSR/HFSR, BFAR/MMFAR; RISC-V mcause/mtval), the faulting instruction with its function and line. 'fault goto' goes to the moment before the faulting instruction.", "fault goto"},
	"awatch":           {"breakpoints", "awatch EXPR", "Stop when EXPR's memory is read or written.", "awatch sensor.count"},
	"run":              {"running", "run|r", "Rewind does not restart the firmware: run seeks to the start of history (time 0) and continues, replaying the recorded run to the first breakpoint.", "run"},
	"start":            {"running", "start", "Seek to the start of history, then run to main.", "start"},
	"continue":         {"running", "continue|c", "Run until a breakpoint, a watchpoint, a fault or the end.", "continue"},
	"next":             {"running", "next|n [N]", "Step over a source line (N times).", "next 3"},
	"step":             {"running", "step|s [N]", "Step into a source line.", "step"},
	"finish":           {"running", "finish", "Run until the selected function returns, and show the value it returned.", "finish"},
	"stepi":            {"running", "stepi|si [N]", "Execute one machine instruction.", "stepi 4"},
	"nexti":            {"running", "nexti|ni [N]", "Execute one instruction, stepping over calls.", "nexti"},
	"until":            {"running", "until|u [LOCATION]", "Run to LOCATION (stopping earlier at a breakpoint); with no location, next, but never back to an earlier line of the same frame (at the end of a loop body: on to the loop's exit).", "until 80"},
	"advance":          {"running", "advance LOCATION", "Run to LOCATION, stopping earlier at a breakpoint.", "advance record"},
	"jump":             {"running", "jump|j LOCATION", "Set the pc to LOCATION and continue. Before the end of history this changes the past: the future is discarded, and jump says so.", "jump 104"},
	"reverse-continue": {"running", "reverse-continue|rc", "Run backwards to the previous breakpoint or watchpoint hit.", "reverse-continue"},
	"reverse-next":     {"running", "reverse-next|rn [N]", "Step back over a source line.", "reverse-next"},
	"reverse-step":     {"running", "reverse-step|rs [N]", "Step back into the last line of a function called on the previous line.", "reverse-step"},
	"reverse-finish":   {"running", "reverse-finish", "Go back to where the current function was called.", "reverse-finish"},
	"reverse-stepi":    {"running", "reverse-stepi|rsi [N]", "Step back one instruction.", "reverse-stepi"},
	"tswitch":          {"running", "tswitch N in|out", "Run to where RTOS task N is next switched in or out (task ids as 'info threads' lists them).", "tswitch 3 in"},
	"reverse-tswitch":  {"running", "reverse-tswitch N in|out", "Run back to where RTOS task N was last switched in or out.", "reverse-tswitch 3 out"},
	"reverse-advance":  {"running", "reverse-advance|reverse-until LOCATION", "Run backwards to the last time LOCATION was reached, stopping earlier at a breakpoint.", "reverse-advance record"},
	"print":            {"data", "print|p[/FMT] [EXPR]", "Evaluate a C expression and record it in the value history as $N. FMT: x d u o t c a s. $, $N, $$, $$N, $name (convenience variables) and BASE@COUNT (an artificial array) may appear in EXPR.", "print/x sensor.ring[0]@4"},
	"output":           {"data", "output[/FMT] EXPR", "Print a value with no history number and no newline.", "output s->head"},
	"call":             {"data", "call EXPR", "Print EXPR; Rewind does not call firmware functions (that would change the recorded run).", "call sensor.count * 2"},
	"printf":           {"data", "printf \"FORMAT\", ARGS...", "Print with C's printf conversions (%d %i %u %x %X %o %c %s %p %%).", "printf \"head=%d of %d\\n\", s->head, 8"},
	"echo":             {"data", "echo TEXT", "Print TEXT; C escapes such as \\n are interpreted.", "echo checking\\n"},
	"display":          {"data", "display[/FMT] [EXPR]", "Show EXPR after every stop, forwards and backwards (none: show them all now). /i and /s show memory as x does.", "display/x sensor.calibration"},
	"undisplay":        {"data", "undisplay [N...]", "Stop showing displays (all without numbers).", "undisplay 1"},
	"ptype":            {"data", "ptype EXPR|TYPE", "Show a type, with its structure's members.", "ptype struct sensor"},
	"whatis":           {"data", "whatis EXPR|TYPE", "Show the type name of an expression.", "whatis sensor.ring"},
	"set":              {"data", "set var EXPR = VALUE | set $NAME = EXPR", "Change a variable (in the past, this discards the future), or set a convenience variable.", "set $old = sensor.calibration"},
	"x":                {"data", "x/NFU ADDR", "Examine memory: N units, format x d u o t c s i, unit b h w g.", "x/8xw &sensor"},
	"writes":           {"time", "writes ADDR[,LEN]|EXPR [--limit N] [--last]", "Every store into the memory over the whole history: time, hart, line, old and new bytes; the total count is always said.", "writes sensor.calibration"},
	"calls":            {"time", "calls FUNCTION [--limit N] [--last]", "Every call of FUNCTION over the whole history: arguments, caller, return time and value.", "calls record"},
	"events":           {"time", "events irq|exception|trap [N] [--limit N] [--last]", "Every interrupt, exception or trap (of cause N) taken over the whole history.", "events irq 7"},
	"logpoint-history": {"time", "logpoint-history FILE:LINE \"MSG {EXPR}\" [--limit N] [--last]", "What a log point at FILE:LINE would have printed at every hit over the whole history, each line with its time.", "logpoint-history demo.c:70 \"head={s->head}\""},
	"origin":           {"data", "origin EXPR|$REG [DEPTH]", "Where the value came from: the instructions that produced it and their inputs, down to constants, initial data, device reads (with the input that supplied them), CSRs or the reset state.", "origin sensor.calibration 4"},
	"history":          {"data", "history EXPR", "Every change of EXPR's value in the recorded history, with the time and the line.", "history sensor.calibration"},
	"uart":             {"data", "uart TEXT", "Type TEXT and a newline into the UART (\\c at the end: no newline).", "uart hello"},
	"backtrace":        {"stack", "backtrace|bt [N]", "Show the call stack.", "bt"},
	"thread":           {"stack", "thread [N]", "Select thread N, or show the selected one. Once a FreeRTOS scheduler runs, the threads are its tasks (ids as 'info threads' lists them): a switched-out task's frames, variables and registers come from its saved context, and steps stay in the running task (they are refused while a switched-out task is selected). Otherwise they are the board's harts, numbered from 0.", "thread 2"},
	"frame":            {"stack", "frame|f [N]", "Select a frame (or show the selected one).", "frame 1"},
	"up":               {"stack", "up [N]", "Select the caller's frame.", "up"},
	"down":             {"stack", "down [N]", "Select the callee's frame.", "down"},
	"list":             {"files", "list|l [LOCATION|-]", "List source lines (again: the next ones).", "list record"},
	"disassemble":      {"files", "disassemble [FUNCTION|ADDR]", "Disassemble a function, marking the current instruction.", "disassemble record"},
	"info":             {"status", "info TOPIC", "Topics: " + infoList + ".", "info breakpoints"},
	"when":             {"time", "when", "Show the current time (instructions executed) and how far it is from the end of history.", "when"},
	"seek":             {"time", "seek TIME|+N|-N|start|end", "Go to a moment of the recorded history.", "seek -100"},
	"bookmark":         {"time", "bookmark NAME | bookmark delete NAME", "Name the current position in time; 'info bookmarks' lists them.", "bookmark before-check"},
	"goto":             {"time", "goto NAME", "Go to a bookmark.", "goto before-check"},
	"source":           {"support", "source FILE", "Run the commands of FILE (stopping at the first that fails).", "source bps.gdb"},
	"define":           {"support", "define NAME ... end", "Define a command; $arg0, $arg1... and $argc stand for its arguments.", "define ph\n  print s->head\n  end"},
	"document":         {"support", "document NAME ... end", "Write the help of a user-defined command.", "document ph\n  Print the ring buffer's head.\n  end"},
	"if":               {"support", "if COND ... [else ...] end", "Run the commands if COND is non-zero (else: the others).", "if sensor.head > 7\n  echo overflow\\n\n  end"},
	"while":            {"support", "while COND ... end", "Run the commands while COND is non-zero (at most 100000 times; Ctrl-C stops it).", "while sensor.count < 5\n  next\n  end"},
	"help":             {"support", "help|h [CLASS|COMMAND]", "List the classes of commands, a class's commands, or explain one command.", "help running"},
	"quit":             {"support", "quit|q", "Leave the debugger.", "quit"},
}

// cmdHelp lists the classes, the commands of a class, or documents one
// command (with an example).
func (c *Console) cmdHelp(arg string) error {
	arg = strings.TrimSpace(arg)
	if arg == "" {
		fmt.Fprintln(c.out, "List of classes of commands:")
		fmt.Fprintln(c.out)
		for _, cl := range helpClasses {
			fmt.Fprintf(c.out, "%s -- %s\n", cl.name, cl.text)
		}
		if len(c.user) > 0 {
			fmt.Fprintln(c.out, "user-defined -- User-defined commands.")
		}
		fmt.Fprintln(c.out, "\nType \"help\" followed by a class name for a list of commands in that class.")
		fmt.Fprintln(c.out, "Type \"help\" followed by a command name for its documentation and an example.")
		fmt.Fprintln(c.out, "Time is counted in executed instructions; an empty line repeats a step or a list.")
		return nil
	}
	if c.helpClass(arg) {
		return nil
	}
	name, err := resolveName(strings.Fields(arg)[0], c.user)
	if err != nil {
		return err
	}
	if body, ok := c.user[name]; ok {
		doc := c.userDoc[name]
		if doc == "" {
			doc = "User-defined: " + strings.Join(body, "; ")
		}
		fmt.Fprintln(c.out, doc)
		return nil
	}
	h := helpText[name]
	fmt.Fprintf(c.out, "%s\n%s\n", h.usage, h.text)
	if extra := c.helpForFirmware(name); extra != "" {
		fmt.Fprintln(c.out, extra)
	}
	fmt.Fprintln(c.out, "Example:")
	for _, l := range strings.Split(h.example, "\n") {
		fmt.Fprintf(c.out, "  (rewind) %s\n", strings.TrimSpace(l))
	}
	return nil
}

// helpClass lists the commands of a class; false if arg names none.
func (c *Console) helpClass(arg string) bool {
	if arg == "user-defined" {
		for _, n := range sortedKeys(c.user) {
			fmt.Fprintf(c.out, "%s -- %s\n", n, firstLine(c.userDoc[n]))
		}
		return true
	}
	for _, cl := range helpClasses {
		if cl.name != arg {
			continue
		}
		fmt.Fprintf(c.out, "%s\n\nList of commands:\n\n", cl.text)
		for _, n := range commandNames {
			if h := helpText[n]; h.class == arg {
				fmt.Fprintf(c.out, "%-17s -- %s\n", n, firstSentence(h.text))
			}
		}
		return true
	}
	return false
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// helpForFirmware adds to a command's help what depends on the firmware's
// architecture: the trap cause names the catch commands accept here.
func (c *Console) helpForFirmware(name string) string {
	if name != "catch" || c.s == nil {
		return ""
	}
	return fmt.Sprintf("Cause names on this firmware (%s): %s.", c.s.Arch(), strings.Join(c.s.TrapCauseNames(), ", "))
}
