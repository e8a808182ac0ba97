package console

import (
	"bytes"
	"testing"

	"github.com/rewind-debugger/rewind/symbols"
)

// FuzzGDBArgs feeds arbitrary text to the argument parsers of printf,
// echo, breakpoint numbers, display and completion: none may panic.
func FuzzGDBArgs(f *testing.F) {
	for _, s := range []string{`"%d %s\n", 1, "a"`, `"%5.2x%%", raw`, "1-3 $bpnum 7", `a\tb\n`, "s->he", "print sensor.", `"%`, "@"} {
		f.Add(s)
	}
	var out bytes.Buffer
	c := demoConsole(f, &out)
	c.Exec("break record")
	c.Exec("continue")
	f.Fuzz(func(t *testing.T, arg string) {
		out.Reset()
		_ = c.cmdPrintf(arg)
		_ = c.cmdEcho(arg)
		_, _ = c.breakpointIDs(arg)
		_, _ = c.s.EvalGDB(c.hart, c.frame, arg, symbols.FormatOptions{})
		_, _ = c.Complete(arg)
	})
}
