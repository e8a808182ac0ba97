package main

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeWalkthrough runs the README's quick-start walk-through, exactly
// as written there, through `rewind debug` on the built-in demo and on its
// Cortex-M edition, and checks it finds the bug where the README says it
// does on both.
func TestReadmeWalkthrough(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cmds := walkthroughCommands(t, string(readme))
	for _, args := range [][]string{{"debug"}, {"debug", "--demo", "cortex-m"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errs := runRewind(t, strings.Join(cmds, "\n")+"\nquit\n", args...)
			if code != 0 {
				t.Fatalf("rewind debug exited %d; stderr %q", code, errs)
			}
			for _, want := range []string{
				"check failed",            // the UART output of the run to the check
				"record (",                // reverse-continue lands in record()
				"s->ring[s->head] = raw;", // on the line that writes
				"$1 = 8",                  // and print shows the overflow
			} {
				if !strings.Contains(out, want) {
					t.Errorf("walk-through output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

// walkthroughCommands returns the commands of the README's first code block
// after the line announcing the walk-through, without their comments.
func walkthroughCommands(t *testing.T, readme string) []string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "Find\nthe culprit backwards")
	if !ok {
		t.Fatal("README has no walk-through")
	}
	_, block, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatal("README walk-through has no code block")
	}
	block, _, _ = strings.Cut(block, "```")
	var cmds []string
	for _, line := range strings.Split(block, "\n") {
		line, _, _ = strings.Cut(line, "#")
		if line = strings.TrimSpace(line); line != "" {
			cmds = append(cmds, line)
		}
	}
	if len(cmds) != 5 {
		t.Fatalf("walk-through has %d commands, want 5: %q", len(cmds), cmds)
	}
	return cmds
}
