//go:build integration

package gdbserver

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// armProg is a testdata/symbols-arm build and the board it runs on (the
// M4 builds are hard-float: mps2-an386, with the FPU).
func armProg(variant string) (elf, board string) {
	board = "mps2-an385"
	if strings.HasPrefix(variant, "m4") {
		board = "mps2-an386"
	}
	return filepath.Join("..", "testdata", "symbols-arm", "prog-"+variant+".elf"), board
}

// armScripts are gdb sessions on the ARM symbols program (main.c): the
// M-profile registers, unwinding through SysTick's exception frame, and
// every reverse command.
func armScripts(t *testing.T, fpu bool) []gdbScript {
	line := func(text string) string {
		return fmt.Sprintf("main.c:%d", sourceLineIn(t, filepath.Join("..", "testdata", "symbols-arm", "main.c"), text))
	}
	regs := gdbScript{name: "registers and bt through a handler", cmds: []string{
		"break SysTick_Handler", "continue", "info registers", "bt", "p $xpsr & 0x1ff", "p $sp == $msp",
		"p $control", "p $lr", "info registers cfsr hfsr"},
		want: []string{`Breakpoint 1, SysTick_Handler \(\) at main\.c:\d+`, `(?m)^r0 +0x`, `(?m)^r12 +0x`,
			`(?m)^sp +0x[0-9a-f]+ +0x`, `(?m)^lr +0xffffff[ef]9`, `(?m)^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <SysTick_Handler(\+\d+)?>`,
			`(?m)^xpsr +0x[0-9a-f]+0f `, `(?m)^msp +0x`, `(?m)^psp +0x`, `(?m)^primask +0x0`, `(?m)^basepri +0x0`,
			`(?m)^faultmask +0x0`, `(?m)^control +0x`, `(?m)^cfsr +0x0`, `(?m)^shcsr +0x`,
			`#0  SysTick_Handler \(\) at main\.c`, `#1  <signal handler called>`, `#\d  .*spin \(rounds=(rounds@entry=)?2000, step=(step@entry=)?0\.25\)`,
			`#\d  0x[0-9a-f]+ in run \(\)`, `#\d  0x[0-9a-f]+ in main \(\)`,
			`\$1 = 15`, `\$2 = 1`, `\$3 = [04]`, `\$4 = -(23|7)`, `(?m)^cfsr +0x0 +0\n(?m)^hfsr +0x0`}}
	if fpu {
		regs.cmds = append(regs.cmds, "p $s0", "p $fpscr", "info registers d0")
		regs.want = append(regs.want, `\$5 = [-0-9.e+]+`, `\$6 = \d+`, `(?m)^d0 +`)
	}
	return []gdbScript{regs,
		{name: "reverse-stepi retraces stepi", cmds: []string{
			"break sum_list", "continue", `printf "fwd %x\n", $pc`,
			"stepi", `printf "fwd %x\n", $pc`, "stepi", `printf "fwd %x\n", $pc`, "stepi", `printf "fwd %x\n", $pc`,
			"reverse-stepi", `printf "rev %x\n", $pc`, "reverse-stepi", `printf "rev %x\n", $pc`,
			"reverse-stepi", `printf "rev %x\n", $pc`},
			want: []string{`Breakpoint 1, sum_list`, `(?m)^fwd `, `(?m)^rev `}},
		{name: "next and reverse-next", cmds: []string{
			"break sum_list", "continue", "next", "next", "next", "reverse-next", "reverse-next", "reverse-next"},
			// gdb's own `record full` on QEMU shows the same lines: the second
			// reverse-next stops at the start of line 95 (the loop's condition
			// is line 94's second range), the third at 94.
			want: []string{`int s = 0;`, `while \(p\) \{`, `s \+= p->value;`, `p = p->next;`,
				`s \+= p->value;`, `s \+= p->value;`, `while \(p\) \{`}},
		{name: "reverse-continue to a breakpoint", cmds: []string{
			"break area", "continue", "break factorial", "reverse-continue", "reverse-continue", "bt 3"},
			want: []string{`Breakpoint 1, area`, `Breakpoint 2, factorial \(n=1\)`, `Breakpoint 2, factorial \(n=2\)`,
				`#0  factorial \(n=2\)`, `#1  0x[0-9a-f]+ in factorial \(n=3\)`}},
		{name: "reverse-continue to a watchpoint, in a handler", cmds: []string{
			"break " + line("STOP:spun"), "continue", "watch ticks", "reverse-continue", "bt", "reverse-continue"},
			want: []string{`Breakpoint 1, run \(\)`, `Hardware watchpoint 2: ticks`, `(?s)Old value = 2\s+New value = 1`,
				`SysTick_Handler \(\) at main\.c`, `#1  <signal handler called>`, `in spin`,
				`(?s)Old value = 1\s+New value = 0`}},
		{name: "reverse-continue to a watchpoint, in main", cmds: []string{
			"break area", "continue", "watch head", "reverse-continue", "bt 1"},
			want: []string{`Breakpoint 1, area`, `Hardware watchpoint 2: head`, `(?s)Old value = \(struct node \*\) 0x20000098 <nodes\+16>\s+New value = \(struct node \*\) 0x0`,
				`#0  0x[0-9a-f]+ in main \(\) at main\.c:150`}},
	}
}

// TestGDBARMScripts runs the scripts with gdb-multiarch against the stub
// on Cortex-M3 (no FPU) and Cortex-M4F builds, letting gdb take the
// architecture from the target description and with `set architecture
// armv7e-m` given first.
func TestGDBARMScripts(t *testing.T) {
	for _, run := range []struct {
		variant string
		pre     []string
	}{{"m4-O0", nil}, {"m4-O0", []string{"set architecture armv7e-m"}}, {"m3-O0", nil}, {"m4-O2", nil}} {
		elf, board := armProg(run.variant)
		for _, sc := range armScripts(t, strings.HasPrefix(run.variant, "m4")) {
			if strings.HasSuffix(run.variant, "O2") && (sc.name == "next and reverse-next" || strings.Contains(sc.name, "breakpoint")) {
				continue // -O2 reorders sum_list's lines and makes factorial a loop
			}
			t.Run(fmt.Sprintf("%s %s/%s", run.variant, strings.Join(run.pre, ""), sc.name), func(t *testing.T) {
				s := startStubOn(t, elf, 1, board)
				out := s.gdbAfter(t, elf, run.pre, sc.cmds...)
				if i := containsInOrder(out, sc.want); i >= 0 {
					t.Errorf("gdb output lacks %q (after %q):\n%s", sc.want[i], sc.want[:i], out)
				}
				checkRetrace(t, out)
			})
		}
	}
}

// TestGDBARMRegistersMatchQEMU: gdb-multiarch reads the registers through
// the stub (g, p, d0–d15 composed of s pairs) at the stops where
// testdata/symbols-arm/golden recorded gdb on QEMU, and they are equal:
// r0–r12, sp, lr, pc, xpsr and (M4F) s0–s31 at the stops whose state
// follows from the program alone (not those inside SysTick/PendSV, which
// depend on when the timer fired).
func TestGDBARMRegistersMatchQEMU(t *testing.T) {
	for _, variant := range []string{"m4-O0", "m3-O0"} {
		elf, board := armProg(variant)
		for _, stop := range []int{0, 1, 2, 8, 9} {
			data, err := os.ReadFile(filepath.Join("..", "testdata", "symbols-arm", "golden", variant, fmt.Sprintf("stop%02d.json", stop)))
			if err != nil {
				t.Fatal(err)
			}
			var golden struct {
				Marker string            `json:"marker"`
				Regs   map[string]string `json:"regs"`
			}
			if err := json.Unmarshal(data, &golden); err != nil {
				t.Fatal(err)
			}
			s := startStubOn(t, elf, 1, board)
			out := s.gdb(t, elf, "break *"+golden.Regs["pc"], "continue", "info all-registers")
			got := map[string]string{}
			for _, m := range regLine.FindAllStringSubmatch(out, -1) {
				got[m[1]] = m[2]
				if m[3] != "" {
					got[m[1]] = m[3] // a float register's raw bits
				}
			}
			for name, want := range golden.Regs {
				w, _ := strconv.ParseUint(want, 0, 64)
				g, err := strconv.ParseUint(got[name], 0, 64)
				if err != nil || g != w {
					t.Errorf("%s stop %d (%s): %s = %q, gdb on QEMU %s", variant, stop, golden.Marker, name, got[name], want)
				}
			}
		}
	}
}

// regLine is one line of gdb's info all-registers: name, hex value, and
// for a float register its raw bits.
var regLine = regexp.MustCompile(`(?m)^(\w+) +(0x[0-9a-f]+|[-0-9.e+]+|nan\(0x[0-9a-f]+\)|-?inf) +(?:.*\(raw (0x[0-9a-f]+)\))?`)
