package console

import (
	"fmt"
	"strings"
)

// helpText is one line per command: usage and what it does.
var helpText = map[string]string{
	"break":            "break|b [file:line|line|function|*addr] [thread N] [if COND]  set a breakpoint (thread N: only in that RTOS task)",
	"tbreak":           "tbreak LOCATION [if COND]     set a breakpoint that is deleted when it stops",
	"delete":           "delete|d [N...]               delete breakpoints (all without numbers)",
	"enable":           "enable [N...]                 enable breakpoints (all without numbers)",
	"disable":          "disable|dis [N...]            disable breakpoints: kept, but they never stop",
	"condition":        "condition|cond N [COND]       stop at breakpoint N only if COND (none: always)",
	"watch":            "watch EXPR [if COND]          stop when EXPR's memory is written (works backwards too)",
	"rwatch":           "rwatch EXPR                   stop when EXPR's memory is read",
	"awatch":           "awatch EXPR                   stop when EXPR's memory is read or written",
	"info":             "info breakpoints|registers [REG...]|locals|args|frame|threads",
	"continue":         "continue|c                    run until a breakpoint, a watchpoint or the end",
	"next":             "next|n [N]                    step over a source line",
	"step":             "step|s [N]                    step into a source line",
	"finish":           "finish                        run until the current function returns",
	"stepi":            "stepi|si [N]                  execute one instruction",
	"nexti":            "nexti|ni [N]                  execute one instruction, stepping over calls",
	"reverse-continue": "reverse-continue|rc           run backwards to the previous breakpoint or watchpoint hit",
	"reverse-next":     "reverse-next|rn [N]           step back over a source line",
	"reverse-step":     "reverse-step|rs [N]           step back into the last line of a function called on the previous line",
	"reverse-finish":   "reverse-finish                go back to where the current function was called",
	"reverse-stepi":    "reverse-stepi|rsi [N]         step back one instruction",
	"print":            "print|p[/x] EXPR              evaluate a C expression (/x: hexadecimal)",
	"set":              "set var EXPR = VALUE          change a variable (in the past, this discards the future)",
	"x":                "x/Nfu ADDR                    examine memory: N units, format x d u o t c s i, unit b h w g",
	"backtrace":        "backtrace|bt [N]              show the call stack",
	"frame":            "frame|f [N]                   select a frame (or show the selected one)",
	"up":               "up [N]                        select the caller's frame",
	"down":             "down [N]                      select the callee's frame",
	"list":             "list|l [LOCATION|-]           list source lines (again: the next ones)",
	"disassemble":      "disassemble [FUNCTION|ADDR]   disassemble a function, marking the current instruction",
	"when":             "when                          show the current time and the extent of history",
	"seek":             "seek TIME|+N|-N|start|end     go to a moment of the recorded history",
	"history":          "history EXPR                  every change of EXPR's value in the recorded history",
	"uart":             "uart TEXT                     type TEXT and a newline into the UART (\\c at the end: no newline)",
	"thread":           "thread [N]                    select a thread (an RTOS task), or show the selected one",
	"tswitch":          "tswitch N in|out              run to where RTOS task N is switched in or out",
	"reverse-tswitch":  "reverse-tswitch N in|out      run back to where RTOS task N was switched in or out",
	"help":             "help [COMMAND]                show this list, or one command",
	"quit":             "quit|q                        leave the debugger",
}

// cmdHelp lists the commands or explains one.
func (c *Console) cmdHelp(arg string) error {
	if arg != "" {
		name, err := resolveName(strings.Fields(arg)[0])
		if err != nil {
			return err
		}
		fmt.Fprintln(c.out, helpText[name])
		return nil
	}
	fmt.Fprintln(c.out, "Commands (time is counted in executed instructions; an empty line repeats a step):")
	for _, n := range commandNames {
		fmt.Fprintln(c.out, "  "+helpText[n])
	}
	return nil
}
