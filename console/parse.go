package console

import (
	"fmt"
	"strings"
	"unicode"
)

// Command is one parsed command line.
type Command struct {
	// Name is the command's full name ("reverse-continue" for "rc").
	Name string
	// Format is what followed a slash after the name ("x" in "p/x").
	Format string
	// Arg is the rest of the line, trimmed.
	Arg string
}

// commandNames lists the full names, in the order help shows them; every
// one has a handler in dispatchTable.
var commandNames = []string{
	"break", "tbreak", "rbreak", "delete", "clear", "enable", "disable", "condition", "ignore", "commands", "save",
	"watch", "rwatch", "awatch", "catch", "info",
	"run", "start", "continue", "next", "step", "finish", "stepi", "nexti", "until", "advance", "jump",
	"reverse-continue", "reverse-next", "reverse-step", "reverse-finish", "reverse-stepi", "reverse-advance",
	"print", "output", "call", "printf", "echo", "display", "undisplay", "ptype", "whatis", "set", "x",
	"backtrace", "thread", "tswitch", "reverse-tswitch", "frame", "up", "down", "list", "disassemble",
	"when", "seek", "bookmark", "goto", "fault", "history", "writes", "calls", "events", "logpoint-history", "origin", "uart",
	"source", "define", "document", "if", "while", "help", "quit",
}

// aliases are the short forms.
var aliases = map[string]string{
	"b": "break", "br": "break", "tb": "tbreak", "d": "delete", "i": "info",
	"c": "continue", "co": "continue", "con": "continue", "cont": "continue", "cond": "condition",
	"dis": "disable", "disa": "disable", "di": "disassemble", "n": "next", "s": "step", "fin": "finish",
	"si": "stepi", "ni": "nexti", "rc": "reverse-continue", "rn": "reverse-next",
	"rs": "reverse-step", "rsi": "reverse-stepi", "rf": "reverse-finish",
	"p": "print", "inspect": "print", "bt": "backtrace", "where": "backtrace", "f": "frame",
	"l": "list", "disas": "disassemble", "h": "help", "q": "quit", "exit": "quit",
	"r": "run", "u": "until", "j": "jump", "e": "enable", "en": "enable", "disp": "display",
	"reverse-until": "reverse-advance",
}

// ParseCommand splits a line into a command name (aliases and unique
// prefixes resolved), a slash format and the argument. An empty line
// gives an empty Command.
func ParseCommand(line string) (Command, error) { return parseCommand(line, nil) }

// parseCommand is ParseCommand knowing the user-defined commands too.
func parseCommand(line string, user map[string][]string) (Command, error) {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return Command{}, nil
	}
	end := strings.IndexFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == '/' })
	if end < 0 {
		end = len(line)
	}
	word, rest := line[:end], line[end:]
	name, err := resolveName(word, user)
	if err != nil {
		return Command{}, err
	}
	c := Command{Name: name}
	if t := strings.TrimLeft(rest, " \t"); formatted[name] && strings.HasPrefix(t, "/") {
		rest = t // "x /4x addr", as gdb allows
	}
	if strings.HasPrefix(rest, "/") {
		f := strings.IndexFunc(rest, unicode.IsSpace)
		if f < 0 {
			f = len(rest)
		}
		c.Format, rest = rest[1:f], rest[f:]
		if c.Format == "" {
			return Command{}, fmt.Errorf("%s: empty format after '/'", name)
		}
	}
	c.Arg = strings.TrimSpace(rest)
	return c, nil
}

// resolveName finds a command by full name, alias or unique prefix.
func resolveName(word string, user map[string][]string) (string, error) {
	w := strings.ToLower(word)
	if _, ok := user[w]; ok {
		return w, nil
	}
	if full, ok := aliases[w]; ok {
		return full, nil
	}
	var found []string
	for _, n := range commandNames {
		if n == w {
			return n, nil
		}
		if strings.HasPrefix(n, w) {
			found = append(found, n)
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("undefined command: %q (try 'help')", word)
	case 1:
		return found[0], nil
	}
	return "", fmt.Errorf("ambiguous command %q: %s", word, strings.Join(found, ", "))
}
