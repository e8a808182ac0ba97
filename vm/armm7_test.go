package vm

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestARMM7Golden runs the Cortex-M7 programs on mps2-an500 and compares
// their output and exit line with QEMU's (testdata/arm-m7/golden, made by
// `make -C testdata/arm-m7 golden`): the FPv5 double-precision suite and
// the whole ISA suite built for the M7.
func TestARMM7Golden(t *testing.T) {
	for _, name := range []string{"fp64", "isa-m7"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("..", "testdata", "arm-m7")
			want, err := os.ReadFile(filepath.Join(dir, "golden", name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			got, s, m := runARM(t, "mps2-an500", filepath.Join(dir, name+".elf"), 300_000_000)
			if s.Reason != StopExit {
				t.Fatalf("stopped with %v at pc %#x; cfsr %#x", s.Reason, s.PC, m.harts[0].arm.cfsr)
			}
			got += "exit " + strconv.Itoa(s.ExitCode) + "\n"
			if got != string(want) {
				t.Errorf("output differs from QEMU's:\n%s", diffLines(got, string(want)))
			}
		})
	}
}

// TestFPv5RefusedBeforeM7 checks that the Cortex-M4F, whose FPv4-SP has
// no double precision, refuses a double-precision VADD (UNDEFINSTR) and
// FPv5's VSEL (no coprocessor) where the M7 runs them.
func TestFPv5RefusedBeforeM7(t *testing.T) {
	for _, c := range []struct {
		cpu        string
		raw        uint32
		fault      bool
		cfsr       uint32
		d2lo, d2hi uint32
	}{
		{"cortex-m4f", 0xee300b01, true, cfsrUNDEFINSTR, 0, 0}, // vadd.f64 d0, d0, d1
		{"cortex-m4f", 0xfe000b01, true, cfsrNOCP, 0, 0},       // vseleq.f64 d0, d0, d1
		{"cortex-m7", 0xee300b01, false, 0, 0, 0x40080000},     // 1.0 + 2.0
		{"cortex-m7", 0xfe000b01, false, 0, 0, 0x3ff00000},     // Z set: d0 stays 1.0
	} {
		b, err := BoardByName(map[string]string{"cortex-m4f": "mps2-an386", "cortex-m7": "mps2-an500"}[c.cpu])
		if err != nil {
			t.Fatal(err)
		}
		m, err := NewMachine(b, Config{})
		if err != nil {
			t.Fatal(err)
		}
		h := m.harts[0]
		a := &h.arm
		a.cpacr = 0xf << 20
		a.nzcv = 4
		a.setDreg(0, 0x3ff0000000000000)
		a.setDreg(1, 0x4000000000000000)
		done, f := m.armVFP(h, c.raw, 0x100, 0)
		if got := done == armFaulted; got != c.fault || f.cfsr != c.cfsr {
			t.Errorf("%s %#x: faulted %v cfsr %#x, want %v %#x", c.cpu, c.raw, got, f.cfsr, c.fault, c.cfsr)
		}
		if !c.fault && a.dreg(0) != uint64(c.d2hi)<<32|uint64(c.d2lo) {
			t.Errorf("%s %#x: d0 = %#x", c.cpu, c.raw, a.dreg(0))
		}
	}
}
