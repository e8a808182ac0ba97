package console

import "fmt"

// handler runs one parsed command.
type handler func(c *Console, cmd Command) error

// formatted lists the commands that take a /FMT.
var formatted = map[string]bool{"print": true, "x": true, "display": true, "output": true, "call": true}

// dispatchTable maps every command name (commandNames) to its handler.
// (A function, not a variable: the handlers refer back to dispatch.)
func dispatchTable() map[string]handler {
	return map[string]handler{
		"break":            func(c *Console, cmd Command) error { return c.cmdBreak(cmd.Arg, false) },
		"tbreak":           func(c *Console, cmd Command) error { return c.cmdBreak(cmd.Arg, true) },
		"rbreak":           func(c *Console, cmd Command) error { return c.cmdRbreak(cmd.Arg) },
		"delete":           func(c *Console, cmd Command) error { return c.cmdDelete(cmd.Arg) },
		"clear":            func(c *Console, cmd Command) error { return c.cmdClear(cmd.Arg) },
		"enable":           func(c *Console, cmd Command) error { return c.cmdEnable(cmd.Arg, true) },
		"disable":          func(c *Console, cmd Command) error { return c.cmdEnable(cmd.Arg, false) },
		"condition":        func(c *Console, cmd Command) error { return c.cmdCondition(cmd.Arg) },
		"ignore":           func(c *Console, cmd Command) error { return c.cmdIgnore(cmd.Arg) },
		"commands":         func(c *Console, cmd Command) error { return c.cmdCommands(cmd.Arg) },
		"save":             func(c *Console, cmd Command) error { return c.cmdSave(cmd.Arg) },
		"watch":            func(c *Console, cmd Command) error { return c.cmdWatch(cmd.Name, cmd.Arg) },
		"catch":            func(c *Console, cmd Command) error { return c.cmdCatch(cmd.Arg) },
		"fault":            func(c *Console, cmd Command) error { return c.cmdFault(cmd.Arg) },
		"rwatch":           func(c *Console, cmd Command) error { return c.cmdWatch(cmd.Name, cmd.Arg) },
		"awatch":           func(c *Console, cmd Command) error { return c.cmdWatch(cmd.Name, cmd.Arg) },
		"info":             func(c *Console, cmd Command) error { return c.cmdInfo(cmd.Arg) },
		"run":              func(c *Console, cmd Command) error { return c.cmdRunFromStart(cmd.Arg) },
		"start":            func(c *Console, cmd Command) error { return c.cmdStart(cmd.Arg) },
		"continue":         (*Console).runCmd,
		"next":             (*Console).runCmd,
		"step":             (*Console).runCmd,
		"finish":           (*Console).runCmd,
		"stepi":            (*Console).runCmd,
		"nexti":            (*Console).runCmd,
		"until":            func(c *Console, cmd Command) error { return c.cmdAdvance(cmd.Name, cmd.Arg) },
		"advance":          func(c *Console, cmd Command) error { return c.cmdAdvance(cmd.Name, cmd.Arg) },
		"jump":             func(c *Console, cmd Command) error { return c.cmdJump(cmd.Arg) },
		"reverse-continue": (*Console).runCmd,
		"reverse-next":     (*Console).runCmd,
		"reverse-step":     (*Console).runCmd,
		"reverse-finish":   (*Console).runCmd,
		"reverse-stepi":    (*Console).runCmd,
		"reverse-advance":  func(c *Console, cmd Command) error { return c.cmdAdvance(cmd.Name, cmd.Arg) },
		"print":            func(c *Console, cmd Command) error { return c.cmdPrint(cmd.Format, cmd.Arg) },
		"output":           func(c *Console, cmd Command) error { return c.cmdOutput(cmd.Format, cmd.Arg) },
		"call":             func(c *Console, cmd Command) error { return c.cmdCall(cmd.Arg) },
		"printf":           func(c *Console, cmd Command) error { return c.cmdPrintf(cmd.Arg) },
		"echo":             func(c *Console, cmd Command) error { return c.cmdEcho(cmd.Arg) },
		"display":          func(c *Console, cmd Command) error { return c.cmdDisplay(cmd.Format, cmd.Arg) },
		"undisplay":        func(c *Console, cmd Command) error { return c.cmdUndisplay(cmd.Arg) },
		"ptype":            func(c *Console, cmd Command) error { return c.cmdPtype(cmd.Arg, true) },
		"whatis":           func(c *Console, cmd Command) error { return c.cmdPtype(cmd.Arg, false) },
		"set":              func(c *Console, cmd Command) error { return c.cmdSet(cmd.Arg) },
		"x":                func(c *Console, cmd Command) error { return c.cmdExamine(cmd.Format, cmd.Arg) },
		"backtrace":        func(c *Console, cmd Command) error { return c.cmdBacktrace(cmd.Arg) },
		"thread":           func(c *Console, cmd Command) error { return c.cmdThread(cmd.Arg) },
		"tswitch":          func(c *Console, cmd Command) error { return c.cmdTaskSwitch(cmd.Name, cmd.Arg) },
		"reverse-tswitch":  func(c *Console, cmd Command) error { return c.cmdTaskSwitch(cmd.Name, cmd.Arg) },
		"frame":            func(c *Console, cmd Command) error { return c.cmdFrame(cmd.Name, cmd.Arg) },
		"up":               func(c *Console, cmd Command) error { return c.cmdFrame(cmd.Name, cmd.Arg) },
		"down":             func(c *Console, cmd Command) error { return c.cmdFrame(cmd.Name, cmd.Arg) },
		"list":             func(c *Console, cmd Command) error { return c.cmdList(cmd.Arg) },
		"disassemble":      func(c *Console, cmd Command) error { return c.cmdDisassemble(cmd.Arg) },
		"when":             func(c *Console, cmd Command) error { return c.cmdWhen(cmd.Arg) },
		"seek":             func(c *Console, cmd Command) error { return c.cmdSeek(cmd.Arg) },
		"bookmark":         func(c *Console, cmd Command) error { return c.cmdBookmark(cmd.Arg) },
		"goto":             func(c *Console, cmd Command) error { return c.cmdGoto(cmd.Arg) },
		"history":          func(c *Console, cmd Command) error { return c.cmdHistory(cmd.Arg) },
		"writes":           func(c *Console, cmd Command) error { return c.cmdWrites(cmd.Arg) },
		"calls":            func(c *Console, cmd Command) error { return c.cmdCalls(cmd.Arg) },
		"events":           func(c *Console, cmd Command) error { return c.cmdEvents(cmd.Arg) },
		"logpoint-history": func(c *Console, cmd Command) error { return c.cmdLogpointHistory(cmd.Arg) },
		"origin":           func(c *Console, cmd Command) error { return c.cmdOrigin(cmd.Arg) },
		"uart":             func(c *Console, cmd Command) error { return c.cmdUART(cmd.Arg) },
		"source":           func(c *Console, cmd Command) error { return c.cmdSource(cmd.Arg) },
		"define":           func(c *Console, cmd Command) error { return c.cmdDefine(cmd.Arg, false) },
		"document":         func(c *Console, cmd Command) error { return c.cmdDefine(cmd.Arg, true) },
		"if":               func(c *Console, cmd Command) error { return c.cmdFlow("if", cmd.Arg) },
		"while":            func(c *Console, cmd Command) error { return c.cmdFlow("while", cmd.Arg) },
		"help":             func(c *Console, cmd Command) error { return c.cmdHelp(cmd.Arg) },
		"quit":             func(c *Console, _ Command) error { c.quit = true; return nil },
	}
}

// dispatch runs a parsed command.
func (c *Console) dispatch(cmd Command) error {
	if body, ok := c.user[cmd.Name]; ok {
		return c.runUser(cmd.Name, body, cmd.Arg)
	}
	if cmd.Format != "" && !formatted[cmd.Name] {
		return fmt.Errorf("%s takes no /format", cmd.Name)
	}
	if c.handlers == nil {
		c.handlers = dispatchTable()
	}
	h, ok := c.handlers[cmd.Name]
	if !ok {
		return fmt.Errorf("%s: not implemented", cmd.Name)
	}
	return h(c, cmd)
}

// runCmd runs one of the stepping commands.
func (c *Console) runCmd(cmd Command) error { return c.cmdRun(cmd.Name, cmd.Arg) }
