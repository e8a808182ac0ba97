package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/rewind-debugger/rewind/console"
	"github.com/rewind-debugger/rewind/debugger"
)

// debugMainImpl implements "rewind debug [--harts N] [firmware.elf |
// --recording run.rwd]": the terminal debugger. With no firmware it debugs
// the built-in demo. Commands come from stdin: typed at a terminal, or
// piped (then each command is echoed so the transcript reads well).
func debugMainImpl(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind debug", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	harts := fs.Int("harts", 1, "number of harts")
	recPath := fs.String("recording", "", "debug a recording made by 'rewind record'")
	var demo demoFlag
	fs.Var(&demo, "demo", demoUsage("debug")+" (the default without a firmware file)")
	svdPath := fs.String("svd", "", "CMSIS-SVD `FILE` of the peripherals (default: the board's built-in one)")
	var board string
	boardFlag(fs, &board)
	var semi semihostFlags
	semi.add(fs, false)
	var so scriptOptions
	fs.Var(&so.files, "x", "run the commands of `FILE` (repeatable)")
	fs.BoolVar(&so.batch, "batch", false, "run the -x files, then exit (status 1 if the last command failed)")
	fs.StringVar(&so.init, "init", s.getenv("REWIND_INIT"), "run the commands of `FILE` first (default: $REWIND_INIT; no file is read otherwise)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(s.Err, "usage: rewind debug [--harts N] [--board NAME|FILE] [--svd FILE] [--init FILE] [-x FILE]... [--batch] [firmware.elf | --recording run.rwd | --demo [cortex-m]]")
		return exitUsage
	}
	elfPath := demo.takeArg(fs.Arg(0))
	if demo.set && (elfPath != "" || *recPath != "") {
		fmt.Fprintln(s.Err, "rewind debug: give either --demo or a firmware file or recording, not both")
		return exitUsage
	}
	cfg, err := debugConfig(elfPath, *recPath, *harts, demo.name)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind debug: %v\n", err)
		return exitUsage
	}
	cfg.NoSemihosting = semi.off // a recording keeps its own setting
	cfg.SVD = *svdPath
	cfg.Board = board
	if so.batch {
		cfg.Errors = s.Err // as gdb's batch mode, errors on stderr
	}
	c, err := console.New(s.Out, cfg)
	if err != nil {
		fmt.Fprintf(s.Err, "rewind debug: %v\n", err)
		if errors.Is(err, debugger.ErrBadProgram) {
			return exitUsage // an unreadable ELF or recording
		}
		return exitFault
	}
	stop := pauseOnInterrupt(c)
	defer stop()
	if !so.batch {
		c.Banner()
	}
	failed, quit := runScripts(c, so, s)
	if so.batch || quit {
		if failed {
			return exitFault
		}
		return 0
	}
	if err := c.Run(s.In, isTerminal(s.In)); err != nil {
		fmt.Fprintf(s.Err, "rewind debug: %v\n", err)
		return exitFault
	}
	return 0
}

// debugConfig names the firmware: a file, a recording (with its embedded
// ELF unless one is given) or the built-in demo called demo; the console
// opens it.
func debugConfig(elfPath, recPath string, harts int, demo string) (console.Config, error) {
	cfg := console.Config{Harts: harts, Name: elfPath,
		Program: debugger.Program{ELFPath: elfPath, RecordingPath: recPath}}
	switch {
	case recPath != "":
		cfg.Name = recPath
	case elfPath == "":
		d, err := builtinDemo(demo)
		if err != nil {
			return cfg, err
		}
		cfg.Name, cfg.Program.ELF, cfg.Sources = d.name, d.elf, d.sources
	}
	return cfg, nil
}

// pauseOnInterrupt makes Ctrl-C stop a running command instead of the
// debugger. It returns a function that undoes it.
func pauseOnInterrupt(c *console.Console) func() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				c.Interrupt()
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

// isTerminal reports whether r is a terminal (then the terminal's own line
// editing applies and commands are not echoed).
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
