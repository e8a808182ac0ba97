package console

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestEditor(t *testing.T) {
	tests := []struct {
		name string
		keys string
		want []string
	}{
		{"plain", "next\r", []string{"next"}},
		{"backspace", "nexx\x7ft\r", []string{"next"}},
		{"cursor moves", "et\x1b[D\x1b[Dn\x1b[Cx\r", []string{"next"}},
		{"home end", "ext\x01n\x05!\r", []string{"next!"}},
		{"kill", "print a\x01\x0b\rp b\x15q\r", []string{"", "q"}},
		{"word", "print s->head\x17x\r", []string{"print x"}},
		{"history", "n\rs\r\x1b[A\x1b[A\r\x10\r", []string{"n", "s", "n", "n"}},
		{"history down restores", "n\rab\x1b[A\x1b[B\r", []string{"n", "ab"}},
		{"delete key", "nexxt\x1b[D\x1b[D\x1b[3~\r", []string{"next"}},
		{"ctrl-c", "junk\x03n\r", []string{"", "n"}},
		{"ctrl-d deletes", "nexxt\x01\x06\x06\x06\x04\r", []string{"next"}},
		{"unicode", "p \"é\"\r", []string{"p \"é\""}},
	}
	for _, tt := range tests {
		e := &editor{r: bufio.NewReader(strings.NewReader(tt.keys)), w: io.Discard}
		var got []string
		for {
			l, err := e.readLine("> ")
			if err != nil {
				break
			}
			got = append(got, l)
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestEditorEOF(t *testing.T) {
	e := &editor{r: bufio.NewReader(strings.NewReader("\x04")), w: io.Discard}
	if _, err := e.readLine("> "); err != io.EOF {
		t.Fatalf("Ctrl-D on an empty line: %v, want EOF", err)
	}
}

// FuzzEditor feeds arbitrary keys: the editor must not panic.
func FuzzEditor(f *testing.F) {
	for _, s := range []string{"abc\x1b[D\x7f\r", "\x1b[3~\x1b[1~\x1b[4~", "\x1b[A\x1b[B\x10\x0e", "\x17\x15\x0b\x02\x06"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, keys string) {
		e := &editor{r: bufio.NewReader(strings.NewReader(keys)), w: io.Discard}
		for {
			if _, err := e.readLine("> "); err != nil {
				return
			}
		}
	})
}
