package console

import "fmt"

// dispatch runs a parsed command.
func (c *Console) dispatch(cmd Command) error {
	if cmd.Format != "" && cmd.Name != "print" && cmd.Name != "x" {
		return fmt.Errorf("%s takes no /format", cmd.Name)
	}
	switch cmd.Name {
	case "break", "tbreak":
		return c.cmdBreak(cmd.Arg, cmd.Name == "tbreak")
	case "delete":
		return c.cmdDelete(cmd.Arg)
	case "enable", "disable":
		return c.cmdEnable(cmd.Arg, cmd.Name == "enable")
	case "condition":
		return c.cmdCondition(cmd.Arg)
	case "watch", "rwatch", "awatch":
		return c.cmdWatch(cmd.Name, cmd.Arg)
	case "info":
		return c.cmdInfo(cmd.Arg)
	case "print":
		return c.cmdPrint(cmd.Format, cmd.Arg)
	case "set":
		return c.cmdSet(cmd.Arg)
	case "x":
		return c.cmdExamine(cmd.Format, cmd.Arg)
	case "backtrace":
		return c.cmdBacktrace(cmd.Arg)
	case "frame", "up", "down":
		return c.cmdFrame(cmd.Name, cmd.Arg)
	case "list":
		return c.cmdList(cmd.Arg)
	case "disassemble":
		return c.cmdDisassemble(cmd.Arg)
	case "when":
		return c.cmdWhen(cmd.Arg)
	case "seek":
		return c.cmdSeek(cmd.Arg)
	case "history":
		return c.cmdHistory(cmd.Arg)
	case "uart":
		return c.cmdUART(cmd.Arg)
	case "thread":
		return c.cmdThread(cmd.Arg)
	case "tswitch", "reverse-tswitch":
		return c.cmdTaskSwitch(cmd.Name, cmd.Arg)
	case "help":
		return c.cmdHelp(cmd.Arg)
	case "quit":
		c.quit = true
		return nil
	}
	return c.cmdRun(cmd.Name, cmd.Arg)
}
