package console

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/debugger"
)

// TestARMRegisters: on a Cortex-M firmware `info registers` lists the
// M-profile registers with the xPSR decoded, `p $xpsr` and `p $msp` read
// them, and an outer frame (beyond the exception frame: the interrupted
// float multiply or spin) shows its own pc.
func TestARMRegisters(t *testing.T) {
	path := "../testdata/symbols-arm/prog-m3-O0.elf"
	elf, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c, err := New(&out, Config{Program: debugger.Program{ELF: elf, ELFPath: path}, Name: "prog-m3-O0.elf"})
	if err != nil {
		t.Fatal(err)
	}
	script := "break SysTick_Handler\ncontinue\ninfo registers\np $xpsr & 0x1ff\np $msp == $sp\ninfo registers r13 xpsr\n" +
		"info all-registers\nframe 2\ninfo registers pc\n"
	if err := c.Run(strings.NewReader(script), false); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{`(?m)^r0 +0x`, `(?m)^sp +0x2000`, `(?m)^lr +0xfffffff9 +-7$`,
		`(?m)^pc +0x[0-9a-f]+ +<SysTick_Handler(\+\d+)?>$`, `(?m)^xpsr +0x[0-9a-f]+ +\[ .*T ISR=15 \(SysTick\) \]$`,
		`(?m)^msp +0x2000`, `(?m)^control +0x0 +\[ \]$`, `(?m)^cfsr +0x0 +0$`, `(?m)^shcsr +0x800 +2048$`,
		`\$1 = 15`, `\$2 = 1`, `(?m)^sp +0x2000[0-9a-f]+ +\d+\nxpsr`,
		`(?m)^pc +0x[0-9a-f]+ +<(spin|__mulsf3)\+\d+>$`} {
		if !regexp.MustCompile(want).MatchString(got) {
			t.Errorf("output lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, "mstatus") || strings.Contains(got, "(zero)") {
		t.Errorf("RISC-V names on a Cortex-M session:\n%s", got)
	}
}
