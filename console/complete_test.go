package console

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestCompletion types lines with Tab through the line editor, completing
// against a console stopped in record() on the demo.
func TestCompletion(t *testing.T) {
	var out bytes.Buffer
	c := demoConsole(t, &out)
	for _, l := range []string{"break record", "continue", "define hello", "echo hi", "end"} {
		c.Exec(l)
	}
	tests := []struct{ keys, want string }{
		{"brea\trec\t\r", "break record "},
		{"rev\t\r", "reverse-"},
		{"reverse-fi\t\r", "reverse-finish "},
		{"hel\t\r", "hel"}, // help and hello: listed, not chosen
		{"hell\t\r", "hello "},
		{"info disp\t\r", "info display "},
		{"print sensor.cal\t\r", "print sensor.calibration "},
		{"print s->he\t\r", "print s->head "},
		{"p sens\t\r", "p sensor "},
		{"p ra\t\r", "p raw "},
		{"list dem\t10\r", "list demo.c:10"},
		{"help runn\t\r", "help running "},
		{"tbreak put_t\t\r", "tbreak put_tenths "},
		{"print nosuch\t\r", "print nosuch"},
		{"x\t/4x 0\r", "x /4x 0"},
		{"catch int\t\r", "catch interrupt "},
		{"catch interrupt tim\t\r", "catch interrupt timer "},
		{"catch trap load-\t\r", "catch trap load-access-fault "},
		{"fault g\t\r", "fault goto "},
	}
	for _, tt := range tests {
		var screen bytes.Buffer
		e := &editor{r: bufio.NewReader(strings.NewReader(tt.keys)), w: &screen, complete: c.Complete}
		got, err := e.readLine("> ")
		if err != nil || got != tt.want {
			t.Errorf("%q: got %q (%v), want %q", tt.keys, got, err, tt.want)
		}
	}
	// Several candidates with nothing in common to add are listed.
	var screen bytes.Buffer
	e := &editor{r: bufio.NewReader(strings.NewReader("p s->\t\r")), w: &screen, complete: c.Complete}
	if _, err := e.readLine("> "); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(screen.String(), "calibration  count  head  ring") {
		t.Errorf("members not listed: %q", screen.String())
	}
}

// TestCompletionWithoutCompleter leaves Tab inert.
func TestCompletionWithoutCompleter(t *testing.T) {
	e := &editor{r: bufio.NewReader(strings.NewReader("n\t\r")), w: io.Discard}
	if got, _ := e.readLine("> "); got != "n" {
		t.Errorf("got %q", got)
	}
}
