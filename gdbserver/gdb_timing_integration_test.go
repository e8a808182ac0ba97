//go:build integration

package gdbserver

import (
	"path/filepath"
	"regexp"
	"testing"
)

// timed wraps a gdb command so gdb prints how long it took.
func timed(label, cmd string) string {
	return `python import time; t0 = time.time(); gdb.execute("` + cmd + `"); print("TIME ` + label + ` %.3f s" % (time.time() - t0))`
}

// TestGDBTimings measures, through real gdb, reverse-stepi and
// reverse-continue to a watchpoint about 10^8 instructions back (the
// figures are logged, not asserted).
func TestGDBTimings(t *testing.T) {
	elf := filepath.Join("testdata", "longrun.elf")
	s := startStub(t, elf, 1)
	out := s.gdb(t, elf,
		"break done", timed("continue-1e8", "continue"), "monitor time",
		"watch marker", timed("reverse-stepi", "reverse-stepi"), timed("reverse-stepi-2", "reverse-stepi"),
		timed("reverse-continue-watch", "reverse-continue"), "monitor time", "info symbol $pc",
		timed("reverse-stepi-after", "reverse-stepi"))
	for _, m := range regexp.MustCompile(`(?m)^(TIME .*|time \d+)$`).FindAllString(out, -1) {
		t.Log(m)
	}
	if i := containsInOrder(out, []string{`Breakpoint 1, done`, `Hardware watchpoint 2: marker`,
		`(?s)Old value = 4660\s+New value = 0`, `main \+ \d+ in section \.text`}); i >= 0 {
		t.Errorf("step %d failed:\n%s", i, out)
	}
}

// TestGDBTimingsSourceSteps measures reverse-next over a call, reverse-step
// and reverse-finish through real gdb in the bench firmware's hot code: fib
// is recursive, about 10^5 instructions per call from main.
func TestGDBTimingsSourceSteps(t *testing.T) {
	elf := firmwarePath("bench.elf")
	s := startStub(t, elf, 1)
	out := s.gdb(t, elf,
		"break fib", "continue", "delete", "finish", "monitor time",
		timed("reverse-next-over-fib", "reverse-next"), "monitor time",
		"next", "next", "break fib if n == 2", "continue", "delete", "monitor time",
		timed("reverse-finish-from-fib", "reverse-finish"), "monitor time", "bt",
		timed("reverse-step", "reverse-step"), timed("reverse-stepi", "reverse-stepi"))
	for _, m := range regexp.MustCompile(`(?m)^(TIME .*|time \d+)$`).FindAllString(out, -1) {
		t.Log(m)
	}
	if i := containsInOrder(out, []string{`Breakpoint 1, fib`, `TIME reverse-next`, `Breakpoint 2, fib`,
		`TIME reverse-finish`}); i >= 0 {
		t.Errorf("step %d failed:\n%s", i, out)
	}
}

// TestGDBTimingsTrustText repeats the reverse-next over fib with gdb reading
// code from the ELF instead of the target (fewer packets per stop).
func TestGDBTimingsTrustText(t *testing.T) {
	elf := firmwarePath("bench.elf")
	s := startStub(t, elf, 1)
	out := s.gdb(t, elf, "set trust-readonly-sections on",
		"break fib", "continue", "delete", "finish", "monitor time",
		timed("reverse-next-over-fib-trusting-text", "reverse-next"), "monitor time")
	for _, m := range regexp.MustCompile(`(?m)^(TIME .*|time \d+)$`).FindAllString(out, -1) {
		t.Log(m)
	}
}
