package console

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestGDBTable checks the README's "For gdb users" table against the
// dispatch table: every command the console has appears in a supported
// row, every supported row names commands the console dispatches, and a
// row that says "not supported" names no command the console has.
func TestGDBTable(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "## For gdb users")
	if !ok {
		t.Fatal(`README.md has no "For gdb users" section`)
	}
	table, _, _ = strings.Cut(table, "\n## ")
	handlers := dispatchTable()
	for _, n := range commandNames {
		if handlers[n] == nil {
			t.Errorf("%s has no handler", n)
		}
	}
	if len(handlers) != len(commandNames) {
		t.Errorf("%d handlers for %d command names", len(handlers), len(commandNames))
	}
	tick := regexp.MustCompile("`([^`]+)`")
	covered := map[string]bool{}
	rows := 0
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || strings.HasPrefix(strings.TrimSpace(cells[1]), "---") || strings.TrimSpace(cells[1]) == "gdb" {
			continue
		}
		rows++
		supported := !strings.HasPrefix(strings.TrimSpace(cells[2]), "not supported")
		for _, m := range tick.FindAllStringSubmatch(cells[1], -1) {
			word := m[1]
			name, err := resolveName(word, nil)
			exact := err == nil && (name == word || aliases[word] == name)
			switch {
			case supported && !exact:
				t.Errorf("README: %q is listed as supported but the console does not dispatch it (%v)", word, err)
			case !supported && exact:
				t.Errorf("README: %q is listed as not supported but the console dispatches it", word)
			case supported:
				covered[name] = true
			}
		}
	}
	if rows < 30 {
		t.Fatalf("only %d rows in the table", rows)
	}
	for _, n := range commandNames {
		if !covered[n] {
			t.Errorf("README's gdb table does not mention %q", n)
		}
	}
}

// TestHelpEntries: every command has a class help lists, a usage, a
// description and an example, and every class has commands.
func TestHelpEntries(t *testing.T) {
	classes := map[string]int{}
	for _, cl := range helpClasses {
		classes[cl.name] = 0
	}
	for _, n := range commandNames {
		h, ok := helpText[n]
		if !ok || h.usage == "" || h.text == "" || h.example == "" {
			t.Errorf("%s: incomplete help %+v", n, h)
			continue
		}
		if _, ok := classes[h.class]; !ok {
			t.Errorf("%s: class %q is not one help lists", n, h.class)
		}
		classes[h.class]++
		if first, _, _ := strings.Cut(h.example, " "); first != n && aliases[first] != n && !strings.HasPrefix(h.example, n) {
			t.Errorf("%s: the example %q does not use the command", n, h.example)
		}
	}
	for cl, n := range classes {
		if n == 0 {
			t.Errorf("class %s has no commands", cl)
		}
	}
}
