package console

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want Command
		err  bool
	}{
		{"", Command{}, false},
		{"  # a comment", Command{}, false},
		{"b demo.c:102", Command{Name: "break", Arg: "demo.c:102"}, false},
		{"break record if raw > 3", Command{Name: "break", Arg: "record if raw > 3"}, false},
		{"p/x s->head", Command{Name: "print", Format: "x", Arg: "s->head"}, false},
		{"x/4xw &sensor", Command{Name: "x", Format: "4xw", Arg: "&sensor"}, false},
		{"rc", Command{Name: "reverse-continue"}, false},
		{"reverse-finish", Command{Name: "reverse-finish"}, false},
		{"rsi 3", Command{Name: "reverse-stepi", Arg: "3"}, false},
		{"disas", Command{Name: "disassemble"}, false},
		{"hist sensor.calibration", Command{Name: "history", Arg: "sensor.calibration"}, false},
		{"info   registers  a0", Command{Name: "info", Arg: "registers  a0"}, false},
		{"re", Command{}, true}, // ambiguous
		{"frobnicate", Command{}, true},
		{"p/", Command{}, true},
		{"r", Command{Name: "run"}, false}, // gdb's run, not ambiguous
		{"u 96", Command{Name: "until", Arg: "96"}, false},
		{"x /4xw &sensor", Command{Name: "x", Format: "4xw", Arg: "&sensor"}, false},
		{"disp/x raw", Command{Name: "display", Format: "x", Arg: "raw"}, false},
		{"reverse-until 70", Command{Name: "reverse-advance", Arg: "70"}, false},
		{"list /tmp", Command{Name: "list", Arg: "/tmp"}, false},
		{"echo a\\n", Command{Name: "echo", Arg: "a\\n"}, false},
	}
	for _, tt := range tests {
		got, err := ParseCommand(tt.line)
		if (err != nil) != tt.err || got != tt.want {
			t.Errorf("ParseCommand(%q) = %+v, %v; want %+v, error %v", tt.line, got, err, tt.want, tt.err)
		}
	}
}

// FuzzParseCommand checks that no line makes the parser panic, and that a
// parsed command's name is a known one.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"b demo.c:102", "p/x a", "x/8xb 0x80000000", "watch s->ring[8] if raw > 1", "rc", "", "/", "p/", "info b", "\x00\xff"} {
		f.Add(s)
	}
	known := map[string]bool{"": true}
	for _, n := range commandNames {
		known[n] = true
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err == nil && !known[c.Name] {
			t.Fatalf("ParseCommand(%q) gave unknown command %q", line, c.Name)
		}
	})
}

// FuzzExec runs arbitrary lines on a console over the demo: none may
// panic. Lines that run the firmware are skipped to keep it fast.
func FuzzExec(f *testing.F) {
	for _, s := range []string{"x/4xw &sensor", "p/x sensor", "list record", "info registers a0", "break *0x80000000 if",
		"set var sensor.head = 3", "frame 7", "history sensor", "disassemble record", "x/2s 0", "seek -5", "uart \\x41\\c", "info frame", "bt 2", "tbreak 70", "delete 1 2"} {
		f.Add(s)
	}
	var out bytes.Buffer
	c := demoConsole(f, &out)
	f.Fuzz(func(t *testing.T, line string) {
		cmd, err := ParseCommand(line)
		if err != nil || cmd.Name == "quit" || repeatable[cmd.Name] || cmd.Name == "seek" && strings.Contains(cmd.Arg, "end") {
			return
		}
		out.Reset()
		c.Exec(line)
	})
}
