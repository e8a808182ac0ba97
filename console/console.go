// Package console is Rewind's terminal debugger: a gdb-like command
// language over a debugger.Session, with reverse execution (reverse-step,
// reverse-continue, watchpoints that work backwards), the history of a
// value over the whole run, and output that reads well in a terminal (the
// stop, the time, the current line in context, UART output marked
// "uart| ").
//
//	c, err := console.New(os.Stdout, console.Config{ELF: elf, Name: "demo.elf"})
//	err = c.Run(os.Stdin, false) // false: echo each command (scripts)
package console

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/debugger"
)

// Config says what to debug.
type Config struct {
	// Program is the firmware or recording (debugger.Open opens it).
	Program debugger.Program
	Name    string // shown in the banner
	Harts   int
	// Board is a built-in board's name or a board file's path ("": the
	// board the ELF is for).
	Board string
	// Sources supplies source files by base name ("demo.c"), for firmware
	// whose sources are not on disk.
	Sources map[string][]byte
	// NoSemihosting turns semihosting off.
	NoSemihosting bool
	// SVD is the CMSIS-SVD file of "info peripheral" and "p UART0.txctrl"
	// ("": the board's built-in one, if any).
	SVD string
	// Errors receives the error messages of commands, as gdb writes them
	// to stderr (nil: the output, so a transcript shows them in place).
	Errors io.Writer
}

// Console is one terminal debugging session.
type Console struct {
	out   io.Writer
	s     *debugger.Session
	run   *debugger.Runner // runs the commands that move in time
	src   *sources
	uart  uartWriter
	name  string
	hart  int // the hart commands apply to
	frame int // the selected frame
	list  listState
	last  Command // the last command, repeated by an empty line
	quit  bool
	// backward is set while a command that goes back in time runs.
	backward bool
	// thread is the RTOS task chosen with "thread N" (0: the hart's).
	thread int
	gdbState
}

// gdbState is the console's share of gdb's scripting: displays,
// breakpoint command lists, user-defined commands and their documentation,
// the multi-line block being typed, and how deep sourced files nest.
type gdbState struct {
	displays    []display
	nextDisplay int
	bpCommands  map[int][]string
	user        map[string][]string
	userDoc     map[string]string
	block       *block
	handlers    map[string]handler
	bannerShown bool
	errs        io.Writer // nil: out
	// inStopCmds is set while breakpoint commands run; a stop they cause
	// leaves its breakpoints in pending for the running loop.
	inStopCmds bool
	pending    []int
	hasPending bool
	xNext      uint32      // where a repeated x goes on
	intr       atomic.Bool // Ctrl-C: stop scripts and loops
	depth      int
	// Failed tells whether the last command failed (batch mode's exit code).
	failed bool
}

// Prompt is printed before each command.
const Prompt = "(rewind) "

// New starts a session on cfg's firmware, stopped at the start.
func New(out io.Writer, cfg Config) (*Console, error) {
	c := &Console{out: out, name: cfg.Name, src: newSources(cfg.Sources)}
	c.bpCommands, c.user, c.userDoc = map[int][]string{}, map[string][]string{}, map[string]string{}
	c.uart.out = out
	c.errs = cfg.Errors
	s, err := debugger.Open(cfg.Program, debugger.Options{
		Harts: cfg.Harts, Board: cfg.Board, NoSemihosting: cfg.NoSemihosting,
		Output: func(b byte, _ uint64) { c.uart.write(b) },
		Log:    func(text string, _ uint64) { c.uart.log(text) },
	})
	if err != nil {
		return nil, err
	}
	// A fault stops the run (as a signal stops gdb), so that firmware
	// that faults with no usable trap handler does not trap forever.
	if err := s.SetExceptionFilters([]string{debugger.FilterAllFaults}); err != nil {
		return nil, err
	}
	c.s, c.run = s, debugger.NewRunner(s, nil)
	c.loadSVD(cfg.SVD)
	return c, nil
}

// Interrupt stops a running command soon (Ctrl-C). Safe from any
// goroutine, such as a signal handler's.
func (c *Console) Interrupt() { c.intr.Store(true); c.run.Pause() }

// Run prints the banner and the entry stop, then reads and executes
// commands until quit or the end of in. When interactive is false (a
// script or a pipe), each command is echoed after the prompt so that the
// transcript reads like a terminal session. When interactive is true and
// in is a terminal, lines are edited in raw mode (arrows, history);
// elsewhere the terminal's own line editing applies.
func (c *Console) Run(in io.Reader, interactive bool) error {
	c.Banner()
	next := c.plainLines(bufio.NewReader(in), interactive)
	if f, ok := in.(*os.File); ok && interactive {
		if restore, err := rawMode(f); err == nil {
			restore()
			next = c.editedLines(f)
		}
	}
	for !c.quit {
		line, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading commands: %w", err)
		}
		c.Exec(line)
	}
	return nil
}

// plainLines reads lines as they come, printing the prompt (and, when not
// interactive, echoing the line).
func (c *Console) plainLines(r *bufio.Reader, interactive bool) func() (string, error) {
	return func() (string, error) {
		fmt.Fprint(c.out, c.prompt())
		line, err := r.ReadString('\n')
		if line == "" && err != nil {
			fmt.Fprintln(c.out)
			return "", err
		}
		line = strings.TrimRight(line, "\r\n")
		if !interactive {
			fmt.Fprintln(c.out, line)
		}
		return line, nil
	}
}

// editedLines reads lines with the line editor, the terminal in raw mode
// only while a line is typed (so Ctrl-C interrupts a running command).
func (c *Console) editedLines(f *os.File) func() (string, error) {
	ed := &editor{r: bufio.NewReader(f), w: c.out, complete: c.Complete}
	return func() (string, error) {
		restore, err := rawMode(f)
		if err != nil {
			return "", err
		}
		defer restore()
		return ed.readLine(c.prompt())
	}
}

// Banner introduces the session and shows where it is (once: Run does
// not repeat it).
func (c *Console) Banner() {
	if c.bannerShown {
		return
	}
	c.bannerShown = true
	h := "hart"
	if c.s.Harts() > 1 {
		h = "harts"
	}
	fmt.Fprintf(c.out, "Rewind: debugging %s on the %s board (%d %s). Type 'help' for commands.\n", c.name, c.s.Board(), c.s.Harts(), h)
	c.showStop(c.s.Entry())
}

// Exec executes one command line. It reports whether the console should
// quit.
func (c *Console) Exec(line string) bool {
	if c.block != nil {
		c.blockLine(line)
		return c.quit
	}
	cmd, err := parseCommand(line, c.user)
	c.failed = err != nil
	if err != nil {
		c.printErr(err)
		return c.quit
	}
	if cmd.Name == "" {
		if strings.TrimSpace(line) != "" || !repeatable[c.last.Name] {
			return c.quit
		}
		cmd = c.last
		switch cmd.Name {
		case "list":
			cmd.Arg = "" // gdb: Enter lists the next lines
		case "x":
			cmd.Arg = fmt.Sprintf("%#x", c.xNext) // and examines the next memory
		}
	}
	c.last = cmd
	if c.depth == 0 {
		c.s.ClearPause() // a Ctrl-C typed while no command ran
		c.intr.Store(false)
	}
	if err := c.dispatch(cmd); err != nil {
		c.failed = true
		if !errors.Is(err, errReported) {
			c.printErr(err)
		}
	}
	c.uart.flush()
	return c.quit
}

// repeatable commands run again on an empty line.
var repeatable = map[string]bool{
	"next": true, "step": true, "stepi": true, "nexti": true, "continue": true,
	"reverse-next": true, "reverse-step": true, "reverse-stepi": true,
	"reverse-continue": true, "list": true, "x": true, "finish": true, "reverse-finish": true,
	"until": true,
}

// printErr reports a command's error.
func (c *Console) printErr(err error) {
	if c.errs == nil {
		fmt.Fprintln(c.out, err)
		return
	}
	c.uart.flush()
	fmt.Fprintln(c.errs, err)
}

// prompt is the prompt for the next line: ">" inside a multi-line block.
func (c *Console) prompt() string {
	if c.block != nil {
		return ">"
	}
	return Prompt
}

// Quit reports whether a quit command ran.
func (c *Console) Quit() bool { return c.quit }

// Failed reports whether the last command failed (gdb's batch mode exits
// with 1 then).
func (c *Console) Failed() bool { return c.failed }
