package console

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// block is a multi-line command being typed: the body of "commands",
// "define" or "document", ended by "end".
type block struct {
	kind   string // "commands", "define", "document"
	target string // the command defined or documented
	ids    []int  // the breakpoints of "commands"
	lines  []string
	nest   int // blocks opened inside, each closed by its own "end"
	elseAt int // where an if's "else" branch starts in lines (-1: none)
}

// opensBlock tells whether a line inside a block opens a nested one.
func opensBlock(line string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(line), " ")
	switch w {
	case "commands", "define", "document", "while", "if":
		return true
	}
	return false
}

// blockLine adds a line to the block being typed, or ends it.
func (c *Console) blockLine(line string) {
	b := c.block
	t := strings.TrimSpace(line)
	if t == "end" && b.nest == 0 {
		c.block = nil
		if err := c.endBlock(b); err != nil {
			c.failed = true
			if !errors.Is(err, errReported) {
				c.printErr(err)
			}
		}
		return
	}
	if t == "else" && b.nest == 0 && b.kind == "if" && b.elseAt < 0 {
		b.elseAt = len(b.lines)
		return
	}
	if t == "end" {
		b.nest--
	} else if opensBlock(t) {
		b.nest++
	}
	if t != "" {
		b.lines = append(b.lines, t)
	}
}

// endBlock stores a finished block, or runs an if or while.
func (c *Console) endBlock(b *block) error {
	switch b.kind {
	case "if", "while":
		return c.runFlow(b)
	case "commands":
		for _, id := range b.ids {
			if len(b.lines) == 0 {
				delete(c.bpCommands, id)
				continue
			}
			c.bpCommands[id] = b.lines
		}
	case "define":
		c.user[b.target] = b.lines
	case "document":
		c.userDoc[b.target] = strings.Join(b.lines, "\n")
	}
	return nil
}

// cmdCommands starts the command list of breakpoints (the last one
// without numbers), run after each stop they cause, in both directions.
func (c *Console) cmdCommands(arg string) error {
	var ids []int
	if strings.TrimSpace(arg) == "" {
		bs := c.s.Breakpoints()
		if len(bs) == 0 {
			return fmt.Errorf("no breakpoints specified")
		}
		ids = []int{bs[len(bs)-1].ID}
	} else {
		var err error
		if ids, err = c.breakpointIDs(arg); err != nil {
			return err
		}
	}
	if !c.quietBlock() {
		fmt.Fprintln(c.out, `Type commands for breakpoint(s) `+idList(ids)+`, one per line.
End with a line saying just "end".`)
	}
	c.block = &block{kind: "commands", ids: ids}
	return nil
}

// quietBlock tells whether block prompts should be left out (inside a
// sourced file or a user command).
func (c *Console) quietBlock() bool { return c.depth > 0 }

func idList(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(id)
	}
	return strings.Join(s, " ")
}

// cmdDefine starts the body of a user command (or its documentation).
func (c *Console) cmdDefine(arg string, doc bool) error {
	name := strings.ToLower(strings.TrimSpace(arg))
	if name == "" || strings.ContainsAny(name, " \t/") {
		return fmt.Errorf("want one command name, not %q", arg)
	}
	if slices.Contains(commandNames, name) {
		return fmt.Errorf("%s is a built-in command and cannot be redefined", name)
	}
	kind := "define"
	if doc {
		kind = "document"
		if _, ok := c.user[name]; !ok {
			return fmt.Errorf("undefined command: %q (define it first)", name)
		}
	}
	if !c.quietBlock() {
		what := "commands to define"
		if doc {
			what = "documentation for"
		}
		fmt.Fprintf(c.out, "Type %s \"%s\".\nEnd with a line saying just \"end\".\n", what, name)
	}
	c.block = &block{kind: kind, target: name}
	return nil
}

// errReported ends a script whose failing command already printed its
// error.
var errReported = errors.New("stopped at the command that failed")

// maxDepth bounds nested user commands, sourced files and breakpoint
// commands (a command that calls itself ends with an error).
const maxDepth = 16

// runLines runs command lines one after the other, stopping at the first
// that fails (as gdb stops a sourced file or a user command).
func (c *Console) runLines(what string, lines []string) error {
	if c.depth >= maxDepth {
		return fmt.Errorf("%s: nested more than %d deep", what, maxDepth)
	}
	c.depth++
	defer func() { c.depth-- }()
	for _, l := range lines {
		if c.quit {
			return nil
		}
		if c.intr.Load() {
			return fmt.Errorf("%s: interrupted", what)
		}
		if strings.TrimSpace(l) == "" {
			continue // not a repeat of the last command
		}
		c.Exec(l)
		if c.failed && c.block == nil {
			return errReported // the failing command said why
		}
	}
	if c.block != nil {
		c.block = nil
		return fmt.Errorf("%s: a block has no \"end\"", what)
	}
	if c.failed {
		return errReported // the last line ended a block that failed
	}
	return nil
}

// runUser runs a user command, replacing $argc and $arg0... in its body.
func (c *Console) runUser(name string, body []string, arg string) error {
	args := strings.Fields(arg)
	lines := make([]string, len(body))
	for i, l := range body {
		for j := len(args) - 1; j >= 0; j-- {
			l = strings.ReplaceAll(l, "$arg"+strconv.Itoa(j), args[j])
		}
		lines[i] = strings.ReplaceAll(l, "$argc", strconv.Itoa(len(args)))
	}
	return c.runLines(name, lines)
}

// resumes lists the commands that move in time: in a breakpoint's
// command list, the commands after one of them are ignored, as in gdb.
var resumes = map[string]bool{
	"continue": true, "next": true, "step": true, "finish": true, "stepi": true, "nexti": true,
	"until": true, "advance": true, "jump": true, "run": true, "start": true,
	"reverse-continue": true, "reverse-next": true, "reverse-step": true, "reverse-finish": true,
	"reverse-stepi": true, "reverse-advance": true, "seek": true, "goto": true,
}

// runStopCommands runs the command lists of the breakpoints that caused
// a stop. A list that resumes (the tracing idiom "silent, print,
// continue") makes a new stop, whose lists run next in this loop rather
// than nested, so a breakpoint can be traced through any number of hits.
func (c *Console) runStopCommands(ids []int) {
	if c.inStopCmds {
		c.pending, c.hasPending = ids, true
		return
	}
	c.inStopCmds = true
	defer func() { c.inStopCmds = false }()
	for {
		for _, id := range ids {
			c.runStopList(id)
		}
		if !c.hasPending || c.intr.Load() || c.quit {
			return
		}
		ids, c.hasPending = c.pending, false
	}
}

// runStopList runs one breakpoint's list, up to a command that resumes.
func (c *Console) runStopList(id int) {
	lines := c.bpCommands[id]
	if len(lines) > 0 && lines[0] == "silent" {
		lines = lines[1:]
	}
	if c.s.Breakpoint(id) == nil {
		delete(c.bpCommands, id) // a temporary breakpoint's last run
	}
	for i, l := range lines {
		if cmd, err := parseCommand(l, c.user); err == nil && resumes[cmd.Name] {
			lines = lines[:i+1]
			break
		}
	}
	if len(lines) == 0 {
		return
	}
	if err := c.runLines(fmt.Sprintf("commands of breakpoint %d", id), lines); err != nil && !errors.Is(err, errReported) {
		c.printErr(err)
	}
}

// silentStop tells whether a breakpoint of the stop has a "silent"
// command list (the stop's location is then not shown).
func (c *Console) silentStop(ids []int) bool {
	for _, id := range ids {
		if l := c.bpCommands[id]; len(l) > 0 && l[0] == "silent" {
			return true
		}
	}
	return false
}
