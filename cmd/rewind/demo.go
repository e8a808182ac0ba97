package main

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// The built-in demo firmware: a temperature logger whose ring buffer
// overflows into its calibration value, once for each architecture, with
// the same source lines (testdata/firmware/demo.c and
// testdata/arm/demo/demo.c, copied here by `make -C testdata`).

//go:embed demo/demo.elf
var demoRISCVELF []byte

//go:embed demo/demo.c
var demoRISCVSource []byte

//go:embed demo/cortex-m/demo.elf
var demoCortexMELF []byte

//go:embed demo/cortex-m/demo.c
var demoCortexMSource []byte

//go:embed demo/cortex-m/demo_exit.h
var demoCortexMExit []byte

//go:embed demo/cortex-m/demo_start.c
var demoCortexMStart []byte

// demoFirmware is one built-in demo: its ELF and the sources a debugger
// lists (keyed by the names its DWARF gives them).
type demoFirmware struct {
	name    string // for messages: "demo.elf (built in)"
	elf     []byte
	sources map[string][]byte
}

// demoNames are the --demo values, the default first.
func demoNames() []string { return []string{"riscv", "cortex-m"} }

// builtinDemo returns the demo called name ("" is the default, riscv).
func builtinDemo(name string) (demoFirmware, error) {
	switch name {
	case "", "riscv", "risc-v", "rv32":
		return demoFirmware{name: "demo.elf (built in)", elf: demoRISCVELF,
			sources: map[string][]byte{"demo.c": demoRISCVSource}}, nil
	case "cortex-m", "arm", "cortex-m3":
		return demoFirmware{name: "demo.elf (built in, Cortex-M)", elf: demoCortexMELF,
			sources: map[string][]byte{"demo.c": demoCortexMSource, "demo_exit.h": demoCortexMExit, "demo_start.c": demoCortexMStart}}, nil
	}
	return demoFirmware{}, fmt.Errorf("no built-in demo %q (there are: %s)", name, strings.Join(demoNames(), ", "))
}

// isDemoName reports whether s names a built-in demo.
func isDemoName(s string) bool {
	_, err := builtinDemo(s)
	return err == nil && s != ""
}

// demoFlag is --demo: alone it picks the default demo, --demo=NAME or
// --demo NAME (the next argument, when it names a demo) picks another.
type demoFlag struct {
	set  bool
	name string
}

// String implements flag.Value.
func (d *demoFlag) String() string {
	if d == nil || !d.set {
		return ""
	}
	return d.name
}

// Set implements flag.Value.
func (d *demoFlag) Set(v string) error {
	switch v {
	case "true":
		d.set, d.name = true, ""
	case "false":
		d.set, d.name = false, ""
	default:
		if !isDemoName(v) {
			_, err := builtinDemo(v)
			return err
		}
		d.set, d.name = true, v
	}
	return nil
}

// IsBoolFlag lets --demo stand alone.
func (d *demoFlag) IsBoolFlag() bool { return true }

// takeArg returns the firmware path given the command's positional
// argument: with --demo, an argument naming a demo selects it instead.
func (d *demoFlag) takeArg(arg string) string {
	if d.set && d.name == "" && isDemoName(arg) {
		d.name = arg
		return ""
	}
	return arg
}

// demoUsage is the --demo flag's help text.
func demoUsage(verb string) string {
	return fmt.Sprintf("%s a built-in demo firmware: --demo (RISC-V) or --demo %s", verb,
		strings.Join(slices.Delete(demoNames(), 0, 1), ", "))
}
