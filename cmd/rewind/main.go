// Command rewind is a reversible debugger for RISC-V and Arm Cortex-M firmware: it runs an ELF
// on an emulated board, records the run, and serves debugging sessions that
// can go backwards in time.
//
// Usage:
//
//	rewind debug [firmware.elf]          console debugger (the built-in demo without an argument;
//	                                     --demo cortex-m for its Cortex-M edition)
//	rewind dap [--listen ADDR]           Debug Adapter Protocol server (VS Code)
//	rewind rpc [--listen ADDR]           JSON-RPC automation API
//	rewind run [flags] firmware.elf      run firmware, UART on stdin/stdout
//	rewind record -o run.rwd firmware.elf  run and save a recording
//	rewind replay run.rwd                replay a recording
//	rewind gdbserver firmware.elf        GDB remote stub with reverse execution
//	rewind boards [board.json]           list the built-in boards, or check a board file
//
// Run "rewind help" for the list of commands, "rewind CMD -h" for a
// command's usage and flags, and "rewind --version" for the version.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
)

// stdio is the process's standard streams, passed explicitly so commands
// can be tested without touching the real ones.
type stdio struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// Getenv reads the environment (nil: os.Getenv).
	Getenv func(string) string
}

// getenv reads an environment variable through s.Getenv.
func (s stdio) getenv(name string) string {
	if s.Getenv == nil {
		return os.Getenv(name)
	}
	return s.Getenv(name)
}

// command is one subcommand: its arguments (for the usage line), its
// one-line summary and its entry point, which returns the process exit code.
type command struct {
	args    string
	summary string
	run     func(args []string, s stdio) int
}

func commands() map[string]command {
	return map[string]command{
		"debug": {"[--harts N] [firmware.elf | --recording run.rwd [firmware.elf] | --demo [cortex-m]]",
			"debug firmware in the terminal, forwards and backwards (default: the demo)", debugMainImpl},
		"dap": {"[--listen ADDR]", "serve the Debug Adapter Protocol (VS Code and other DAP clients)", dapMainImpl},
		"rpc": {"[--listen ADDR]", "serve the JSON-RPC automation API", rpcMainImpl},
		"run": {"[--harts N] [--max-instructions N] [--ram MiB] [--stats] firmware.elf | --demo [cortex-m]",
			"run firmware on the emulated board (UART on stdin/stdout)", runMain},
		"record": {"-o run.rwd [--harts N] [--ram MiB] [--embed-elf=false] firmware.elf | --demo [cortex-m]",
			"run firmware and save a recording of the run", recordMainImpl},
		"replay": {"[--elf firmware.elf] [--board NAME|FILE] run.rwd", "replay a recording: same output, same exit code", replayMainImpl},
		"boards": {"[board.json]", "list the built-in boards, or check a board file", boardsMain},
		"gdbserver": {"[--listen ADDR] [--harts N] [--recording run.rwd] firmware.elf",
			"serve gdb (and Eclipse CDT) with reverse execution", gdbserverMainImpl},
	}
}

func main() {
	os.Exit(dispatch(os.Args[1:], stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr}))
}

func dispatch(args []string, s stdio) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(s.Out, cmds)
		return 0
	}
	if args[0] == "version" || args[0] == "--version" || args[0] == "-version" {
		fmt.Fprintf(s.Out, "rewind %s\n", version())
		return 0
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(s.Err, "rewind: unknown command %q (run 'rewind help')\n", args[0])
		return exitUsage
	}
	if wantsHelp(args[1:]) {
		commandHelp(s.Out, args[0], c)
		return 0
	}
	return c.run(args[1:], s)
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "rewind: a reversible debugger for RISC-V firmware")
	fmt.Fprintln(w, "\nCommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'rewind COMMAND -h' for a command's flags, 'rewind --version' for the version.")
}
