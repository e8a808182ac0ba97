package vm

import (
	"fmt"
	"os"
	"slices"
	"strings"
)

// Top-level fields of a board file (boards/README.md documents them).
var boardFileFields = []string{"name", "aliases", "description", "cpu", "memory", "devices",
	"reset_vector", "instructions_per_second", "heap", "strict_mmio",
	"irqs", "cpu_clock_hz", "ref_clock_hz", "systick_calib"}

// cpuNames are the cores a board file may name.
var cpuNames = []string{"rv32imac", "cortex-m0", "cortex-m3", "cortex-m4f", "cortex-m7"}

// LoadBoardFile reads and checks a board description file.
func LoadBoardFile(path string) (Board, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Board{}, fmt.Errorf("board file: %w", err)
	}
	return ParseBoardFile(path, data)
}

// ParseBoardFile reads a board description in the board file format
// (boards/README.md). file names the source in error messages, which take
// the form "file:line: field: problem".
func ParseBoardFile(file string, data []byte) (Board, error) {
	d, err := parseJSONDoc(file, data)
	if err != nil {
		return Board{}, err
	}
	top, err := d.object(d.root, "", boardFileFields...)
	if err != nil {
		return Board{}, err
	}
	var b Board
	if err := d.boardHead(top, &b); err != nil {
		return Board{}, err
	}
	if err := d.boardMemory(top, &b); err != nil {
		return Board{}, err
	}
	if err := d.boardDevices(top, &b); err != nil {
		return Board{}, err
	}
	if err := d.boardNumbers(top, &b); err != nil {
		return Board{}, err
	}
	return b, d.boardCheck(&b)
}

// boardHead reads name, aliases, description and cpu.
func (d *jsonDoc) boardHead(top map[string]any, b *Board) (err error) {
	if b.Name, err = d.str(top, "", "name"); err != nil {
		return err
	}
	if b.Name == "" || strings.ContainsAny(b.Name, " \t/\\") {
		return d.errf("name", "a board needs a name without spaces or slashes")
	}
	if b.Description, err = d.str(top, "", "description"); err != nil {
		return err
	}
	if v, ok := top["aliases"]; ok {
		list, ok := v.([]any)
		if !ok {
			return d.errf("aliases", "must be a list of names")
		}
		for i, a := range list {
			s, ok := a.(string)
			if !ok || s == "" {
				return d.errf(fmt.Sprintf("aliases[%d]", i), "must be a name")
			}
			b.Aliases = append(b.Aliases, s)
		}
	}
	if b.CPU, err = d.str(top, "", "cpu"); err != nil {
		return err
	}
	if !slices.Contains(cpuNames, b.CPU) {
		return d.errf("cpu", "unknown CPU %q (have %s)", b.CPU, strings.Join(cpuNames, ", "))
	}
	return nil
}

// boardNumbers reads the scalar settings.
func (d *jsonDoc) boardNumbers(top map[string]any, b *Board) error {
	var err error
	get := func(key string, bits int) uint64 {
		if err != nil {
			return 0
		}
		var n uint64
		n, _, err = d.num(top, "", key, bits)
		return n
	}
	rv := get("reset_vector", 32)
	b.InstructionsPerSecond = get("instructions_per_second", 64)
	b.IRQs = int(get("irqs", 16))
	b.CPUClockHz = get("cpu_clock_hz", 64)
	b.RefClockHz = get("ref_clock_hz", 64)
	b.SysTickCalib = uint32(get("systick_calib", 32))
	if err != nil {
		return err
	}
	b.ResetVector = uint32(rv)
	if rv != 0 && isARMCPU(b.CPU) {
		return d.errf("reset_vector", "a Cortex-M core boots from its vector table (VTOR 0): no reset_vector")
	}
	if v, ok := top["strict_mmio"]; ok {
		s, ok := v.(bool)
		if !ok {
			return d.errf("strict_mmio", "must be true or false")
		}
		b.StrictMMIO = s
	}
	if len(b.RAM) > 0 { // default: the first RAM region, not the holes around it
		b.HeapBase, b.HeapSize = b.RAM[0].Base, b.RAM[0].Size
	}
	if v, ok := top["heap"]; ok {
		h, err := d.object(v, "heap", "base", "size")
		if err != nil {
			return err
		}
		base, _, err := d.num(h, "heap", "base", 32)
		if err != nil {
			return err
		}
		size, _, err := d.num(h, "heap", "size", 32)
		if err != nil {
			return err
		}
		b.HeapBase, b.HeapSize = uint32(base), uint32(size)
	}
	return nil
}
