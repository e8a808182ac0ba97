package console

import (
	"sort"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols"
)

// Complete lists the completions of the word that ends line (the text
// before the cursor) and where that word starts: command names for the
// first word, then, by command, info topics, help topics, functions and
// source files for locations, and symbols or struct members for
// expressions.
func (c *Console) Complete(line string) (start int, words []string) {
	start = strings.LastIndexAny(line, " \t") + 1
	if strings.TrimSpace(line[:start]) == "" {
		return start, c.matching(c.commandWords(), line[start:])
	}
	cmd, err := parseCommand(strings.TrimSpace(line[:start])+" x", c.user)
	if err != nil {
		return start, nil
	}
	word := line[start:]
	switch cmd.Name {
	case "info":
		if len(strings.Fields(line[:start])) == 1 {
			return start, c.matching(sortedKeys(c.infoTopics()), word)
		}
		if f := strings.Fields(line[:start]); len(f) == 2 && strings.HasPrefix("peripherals", f[1]) {
			return start, c.matching(c.peripheralWords(""), word)
		}
	case "help":
		var w []string
		for _, cl := range helpClasses {
			w = append(w, cl.name)
		}
		return start, c.matching(append(w, c.commandWords()...), word)
	case "break", "tbreak", "list", "until", "advance", "jump", "clear", "disassemble", "reverse-advance":
		return start, c.matching(c.locationWords(), word)
	case "source", "save":
		return start, nil
	case "catch", "fault":
		return start, c.completeCatch(cmd.Name, line[:start], word)
	}
	return c.completeExpr(line, start)
}

// commandWords are the command names, user commands included.
func (c *Console) commandWords() []string {
	return append(append([]string(nil), commandNames...), sortedKeys(c.user)...)
}

// locationWords are the functions and the source files (as "file.c:").
func (c *Console) locationWords() []string {
	syms := c.s.Symbols()
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, f := range syms.Functions() {
		add(f.Name)
	}
	for _, f := range syms.Files() {
		add(baseName(f.Name) + ":")
	}
	return out
}

// completeExpr completes the identifier or member at the end of an
// expression.
func (c *Console) completeExpr(line string, start int) (int, []string) {
	i := len(line)
	for i > start && isIdentByte(line[i-1]) {
		i--
	}
	prefix := line[i:]
	base := ""
	switch {
	case i > 0 && line[i-1] == '.':
		base = line[start : i-1]
	case i > 1 && line[i-2:i] == "->":
		base = line[start : i-2]
	}
	if base != "" {
		return i, c.matching(append(c.members(base), c.peripheralWords(base)...), prefix)
	}
	var names []string
	if f, err := c.s.Frame(c.frameHart(), c.frame); err == nil {
		for _, v := range f.Variables() {
			names = append(names, v.Name)
		}
	}
	names = append(names, c.s.Symbols().GlobalNames()...)
	names = append(names, c.peripheralWords("")...)
	for _, f := range c.s.Symbols().Functions() {
		names = append(names, f.Name)
	}
	return i, c.matching(names, prefix)
}

// members lists the member names of the structure an expression is (or
// points to).
func (c *Console) members(expr string) []string {
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, expr, symbols.FormatOptions{MaxElements: 1})
	if err != nil {
		return nil
	}
	t := v.Val.Type
	for range 8 {
		switch x := t.(type) {
		case *godwarf.TypedefType:
			t = x.Type
			continue
		case *godwarf.PtrType:
			t = x.Type
			continue
		case *godwarf.QualType:
			t = x.Type
			continue
		case *godwarf.StructType:
			var out []string
			for _, f := range x.Field {
				out = append(out, f.Name)
			}
			return out
		}
		return nil
	}
	return nil
}

func isIdentByte(b byte) bool {
	return b == '_' || b == '$' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
}

// matching keeps the words starting with prefix, sorted, once each.
func (c *Console) matching(words []string, prefix string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
