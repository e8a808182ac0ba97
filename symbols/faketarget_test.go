package symbols

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// fakeTarget is a machine state read from a gdb golden stop: RAM plus the
// registers of the innermost frame.
type fakeTarget struct {
	base uint32
	ram  []byte
	regs [maxRegs]uint32
	pc   uint32
	// sys answers SystemRegister when set (Cortex-M msp, psp).
	sys map[string]uint32
	// image, when set, supplies memory outside RAM (code and read-only
	// data, unchanged since load on the ARM test boards).
	image func(addr uint32, buf []byte) bool
}

func (f *fakeTarget) ReadMemory(addr uint32, buf []byte) error {
	if (addr < f.base || addr-f.base >= uint32(len(f.ram))) && f.image != nil && f.image(addr, buf) {
		return nil
	}
	if addr < f.base || uint64(addr-f.base)+uint64(len(buf)) > uint64(len(f.ram)) {
		return fmt.Errorf("address 0x%08x outside RAM", addr)
	}
	copy(buf, f.ram[addr-f.base:])
	return nil
}

func (f *fakeTarget) WriteMemory(addr uint32, buf []byte) error {
	if addr < f.base || uint64(addr-f.base)+uint64(len(buf)) > uint64(len(f.ram)) {
		return fmt.Errorf("address 0x%08x outside RAM", addr)
	}
	copy(f.ram[addr-f.base:], buf)
	return nil
}

func (f *fakeTarget) Register(n int) uint32 {
	if n < 0 || n >= maxRegs {
		return 0
	}
	return f.regs[n]
}

func (f *fakeTarget) SystemRegister(name string) (uint32, bool) {
	v, ok := f.sys[name]
	return v, ok
}
func (f *fakeTarget) PC() uint32 { return f.pc }
func (f *fakeTarget) CSR(n uint16) (uint32, bool) {
	if n == 0x342 {
		return 0x8000000b, true
	}
	return 0, false
}
func (f *fakeTarget) SetRegister(n int, v uint32) error {
	if n > 0 && n < 32 {
		f.regs[n] = v
	}
	return nil
}

// goldenStop is one stop recorded by testdata/symbols/golden/gdbdump.py.
type goldenStop struct {
	Stop    int               `json:"stop"`
	Marker  string            `json:"marker"`
	Regs    map[string]string `json:"regs"`
	RAMBase string            `json:"ram_base"`
	Frames  []goldenFrame     `json:"frames"`
	Globals []goldenVar       `json:"globals"`
	BT      string            `json:"bt"`
	target  *fakeTarget
}

type goldenFrame struct {
	PC       string            `json:"pc"`
	Function string            `json:"function"`
	Inline   bool              `json:"inline"`
	File     string            `json:"file"`
	Line     int               `json:"line"`
	Regs     map[string]string `json:"regs"`
	Vars     []goldenVar       `json:"vars"`
}

type goldenVar struct {
	Name   string            `json:"name"`
	Type   string            `json:"type"`
	Text   string            `json:"text"`
	Arg    bool              `json:"arg"`
	Leaves map[string]string `json:"leaves"`
}

const goldenDir = "../testdata/symbols/golden"

var variants = []string{"O0", "Og", "O2", "O0-dwarf4", "Og-dwarf4", "O2-dwarf4"}

// loadStops reads every stop of a variant.
func loadStops(t testing.TB, variant string) []*goldenStop {
	t.Helper()
	return loadStopsIn(t, goldenDir, variant, riscv32Arch)
}

// loadStopsIn reads every stop of a variant of the goldens in dir, whose
// register names are arch's.
func loadStopsIn(t testing.TB, dir, variant string, arch *Arch) []*goldenStop {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, variant, "stop*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden stops for %s: %v", variant, err)
	}
	sort.Strings(files)
	var out []*goldenStop
	for _, fn := range files {
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		var s goldenStop
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", fn, err)
		}
		s.target = loadTarget(t, &s, fn[:len(fn)-len(".json")]+".ram.gz", arch)
		out = append(out, &s)
	}
	return out
}

// loadTarget builds the fake target of a stop.
func loadTarget(t testing.TB, s *goldenStop, ramFile string, arch *Arch) *fakeTarget {
	t.Helper()
	gz, err := os.ReadFile(ramFile)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	ram, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	ft := &fakeTarget{base: mustHex(t, s.RAMBase), ram: ram, pc: mustHex(t, s.Regs["pc"])}
	for name, v := range s.Regs {
		if n, ok := arch.RegisterNumber(name); ok {
			ft.regs[n] = mustHex(t, v)
		}
	}
	return ft
}

func mustHex(t testing.TB, s string) uint32 {
	t.Helper()
	v, err := strconv.ParseUint(s, 0, 32)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return uint32(v)
}

// openVariant opens the ELF of a build variant.
func openVariant(t testing.TB, variant string) *Table {
	t.Helper()
	tab, err := Open(filepath.Join("..", "testdata", "symbols", "prog-"+variant+".elf"))
	if err != nil {
		t.Fatal(err)
	}
	return tab
}
