//go:build integration

package gdbserver

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sourceLine returns the line number of the first line of a firmware
// source that contains text, so scripts survive edits of the firmware.
func sourceLine(t *testing.T, src, text string) int {
	t.Helper()
	return sourceLineIn(t, firmwarePath(src), text)
}

// sourceLineIn returns the number of the first line of a file containing text.
func sourceLineIn(t *testing.T, path, text string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return i + 1
		}
	}
	t.Fatalf("%s has no line containing %q", path, text)
	return 0
}

// gdbScript is one gdb batch session and what its output must contain,
// in order (regular expressions).
type gdbScript struct {
	name  string
	elf   string
	harts int
	cmds  []string
	want  []string
}

func TestGDBScripts(t *testing.T) {
	check := fmt.Sprintf("demo.c:%d", sourceLine(t, "demo.c", "if (sensor.calibration != CALIBRATION)"))
	scripts := []gdbScript{
		{name: "break, continue, registers, disassembly", elf: "demo.elf", cmds: []string{
			"break main", "continue", "info registers", "x/8i $pc", "p/x $mstatus", "p $mhartid"},
			want: []string{`Breakpoint 1, main \(\) at \./demo\.c:\d+`, `(?m)^ra +0x`, `(?m)^t6 +0x`, `(?m)^pc +0x[0-9a-f]+\s+0x[0-9a-f]+ <main>`,
				`=> 0x[0-9a-f]+ <main[+0-9]*>:`, `(0x[0-9a-f]+ <main\+\d+>:[^\n]*\n\s*){7}`, `\$1 = 0x`, `\$2 = 0`}},
		{name: "reverse-stepi retraces stepi", elf: "demo.elf", cmds: []string{
			"break main", "continue", `printf "fwd %x\n", $pc`,
			"stepi", `printf "fwd %x\n", $pc`, "stepi", `printf "fwd %x\n", $pc`, "stepi", `printf "fwd %x\n", $pc`,
			"reverse-stepi", `printf "rev %x\n", $pc`, "reverse-stepi", `printf "rev %x\n", $pc`,
			"reverse-stepi", `printf "rev %x\n", $pc`}},
		{name: "reverse-nexti steps back over a call", elf: "demo.elf", cmds: []string{
			"break record", "continue", "delete", "finish", `printf "after %x\n", $pc`,
			"reverse-stepi", "info symbol $pc", "stepi", "info symbol $pc",
			"reverse-nexti", `printf "back %x\n", $pc`, "info symbol $pc"},
			want: []string{`(?m)^record \+ \d+ in section \.text`, `(?m)^main \+ \d+ in section \.text`,
				`(?m)^main \+ \d+ in section \.text`}},
		{name: "reverse-next and reverse-step", elf: "demo.elf", cmds: []string{
			"break record", "continue", "next", "next", "reverse-next", "reverse-next",
			"delete", "finish", "reverse-step", "reverse-step"},
			want: []string{`s->ring\[s->head\] = raw;`, `s->head\+\+;`, `if \(s->head > RING_SIZE\)`,
				`s->head\+\+;`, `s->ring\[s->head\] = raw;`, `main \(\) at`, `(?m)^\d+\s+}$`, `\d+\s+s->count\+\+;`}},
		{name: "reverse-finish", elf: "demo.elf", cmds: []string{
			"break record", "continue", "delete", "next", "next", "reverse-finish", "bt 1"},
			want: []string{`if \(s->head > RING_SIZE\)`, `(?m)^#0 .*main \(\) at \./demo\.c:\d+`}},
		{name: "watch then reverse-continue lands on the writing line", elf: "demo.elf", cmds: []string{
			"break " + check, "continue", "watch sensor.calibration", "reverse-continue", "bt 2",
			"p sensor.head", "stepi", "p sensor.calibration"},
			want: []string{`Breakpoint 1, main`, `Hardware watchpoint 2: sensor.calibration`,
				`(?s)Old value = 211\s+New value = -15`, `s->ring\[s->head\] = raw;`,
				`#0 .*record`, `\$1 = 8`, `\$2 = 211`}},
		{name: "conditional breakpoint forwards and backwards", elf: "demo.elf", cmds: []string{
			"break record if sensor.count == 5", "continue", "p sensor.count",
			"break " + check, "continue", "reverse-continue", "p sensor.count", "info breakpoints"},
			want: []string{`Breakpoint 1, record`, `\$1 = 5`, `Breakpoint 2, main`, `Breakpoint 1, record`, `\$2 = 5`,
				`target evals`, `breakpoint already hit 2 times`}},
		{name: "two conditional breakpoints at one address: gdb sends both conditions in one Z0", elf: "demo.elf", cmds: []string{
			"break record if sensor.count == 3", "break record", "condition 2 sensor.count == 5",
			"continue", "p sensor.count", "continue", "p sensor.count",
			"reverse-continue", "p sensor.count", "info breakpoints"},
			want: []string{`Breakpoint 1, record`, `\$1 = 3`, `Breakpoint 2, record`, `\$2 = 5`,
				`Breakpoint 1, record`, `\$3 = 3`, `stop only if sensor.count == 3 \(target evals\)`,
				`breakpoint already hit 2 times`, `stop only if sensor.count == 5 \(target evals\)`}},
		{name: "hardware breakpoint, read and access watchpoints", elf: "demo.elf", cmds: []string{
			"hbreak record", "continue", "delete", "rwatch sensor.calibration", "continue", "bt 1",
			"delete", "awatch sensor.head", "reverse-continue", "bt 1"},
			want: []string{`Hardware assisted breakpoint 1 at`, `record \(s=`, `Hardware read watchpoint 2: sensor.calibration`,
				`Value = -15`, `Hardware access \(read/write\) watchpoint 3: sensor.head`, `(?s)Old value = 1\s+New value = 0`,
				`s->head\+\+;`}},
		{name: "start of history", elf: "demo.elf", cmds: []string{
			"break main", "continue", "reverse-continue", "info symbol $pc"},
			want: []string{`No more reverse-execution history`, `_start in section \.text`}},
		{name: "exit code and UART output in gdb's console", elf: "demo.elf", cmds: []string{"continue", "continue"},
			want: []string{`demo: logging temperatures`, `check failed: calibration is`,
				`about to exit with code 1`, `exited with code 01`}},
		{name: "stop before the exit, watch and reverse-continue from there", elf: "demo.elf", cmds: []string{
			"continue", "watch sensor.calibration", "reverse-continue", "bt 1", "delete", "continue", "continue"},
			want: []string{`about to exit with code 1; continue again to let it exit, or go backwards`,
				`Hardware watchpoint 1: sensor.calibration`, `(?s)Old value = 211\s+New value = -15`, `#0 .*record`,
				`about to exit with code 1`, `exited with code 01`}},
		{name: "monitor commands", elf: "demo.elf", cmds: []string{
			"monitor help", "break main", "continue", "monitor time", "monitor checkpoints", "monitor bogus"},
			want: []string{`monitor seek N`, `time \d+`, `history \[0, \d+\], now at time \d+`, `unknown monitor command`}},
		{name: "two harts are two threads", elf: "atomic.elf", harts: 2, cmds: []string{
			"info threads", "thread 2", "p $mhartid", `printf "h1 %x\n", $pc`, "stepi", "stepi",
			`printf "h1 %x\n", $pc`, "reverse-stepi", "reverse-stepi", `printf "h1 %x\n", $pc`,
			"thread 1", "p $mhartid", "break lrsc_add", "continue", "info threads"},
			want: []string{`Thread 1 \(hart 0\)`, `Thread 2 \(hart 1\)`, `\$1 = 1`, `\$2 = 0`,
				`hit Breakpoint 1, .*lrsc_add`}},
	}
	for _, sc := range scripts {
		t.Run(sc.name, func(t *testing.T) {
			elf := firmwarePath(sc.elf)
			s := startStub(t, elf, max(sc.harts, 1))
			out := s.gdb(t, elf, sc.cmds...)
			if i := containsInOrder(out, sc.want); i >= 0 {
				t.Errorf("gdb output lacks %q (after %q):\n%s", sc.want[i], sc.want[:i], out)
			}
			checkRetrace(t, out)
		})
	}
}

// recordScript is the absolute path of the script that turns gdb's record
// commands into no-ops for Eclipse CDT.
func recordScript(t *testing.T) string {
	p, err := filepath.Abs(filepath.Join("eclipse", "rewind-record.py"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// containsInOrder checks that every pattern matches out, each after the
// previous match; it returns the index of the first that does not, or -1.
func containsInOrder(out string, patterns []string) int {
	rest := out
	for i, p := range patterns {
		loc := regexp.MustCompile(p).FindStringIndex(rest)
		if loc == nil {
			return i
		}
		rest = rest[loc[1]:]
	}
	return -1
}

var tracePC = regexp.MustCompile(`(?m)^(fwd|rev|after|back|h1) ([0-9a-f]+)$`)

// checkRetrace checks the printf traces scripts leave: pcs printed by "rev"
// retrace the "fwd" ones backwards, "back" is the call before "after", and
// "h1" comes back to where it started.
func checkRetrace(t *testing.T, out string) {
	var fwd, rev, h1 []string
	var after, back string
	for _, m := range tracePC.FindAllStringSubmatch(out, -1) {
		switch m[1] {
		case "fwd":
			fwd = append(fwd, m[2])
		case "rev":
			rev = append(rev, m[2])
		case "after":
			after = m[2]
		case "back":
			back = m[2]
		case "h1":
			h1 = append(h1, m[2])
		}
	}
	for i, pc := range rev {
		if j := len(fwd) - 2 - i; j < 0 || fwd[j] != pc {
			t.Errorf("reverse-stepi %d at %s, forward trace %v", i+1, pc, fwd)
		}
	}
	if after != "" {
		var a, b uint32
		fmt.Sscanf(after, "%x", &a)
		fmt.Sscanf(back, "%x", &b)
		if b != a-4 && b != a-2 {
			t.Errorf("reverse-nexti from %s landed at %s, not on the call", after, back)
		}
	}
	if len(h1) == 3 && (h1[0] == h1[1] || h1[2] != h1[0]) {
		t.Errorf("hart 1 trace %v: stepi must move it and reverse-stepi bring it back", h1)
	}
}
