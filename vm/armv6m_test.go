package vm

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// armTestMachine builds a machine for cpu on the mps2-an385 map with the
// given halfwords at 0x100 (reset) and a HardFault handler looping at 0x200.
func armTestMachine(t *testing.T, cpu string, code []uint16) *Machine {
	t.Helper()
	b, err := MPS2Board("mps2-an385")
	if err != nil {
		t.Fatal(err)
	}
	b.CPU = cpu
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0x204)
	binary.LittleEndian.PutUint32(buf[0:], 0x20001000)
	binary.LittleEndian.PutUint32(buf[4:], 0x101)
	binary.LittleEndian.PutUint32(buf[12:], 0x201)
	for i, h := range code {
		binary.LittleEndian.PutUint16(buf[0x100+2*i:], h)
	}
	binary.LittleEndian.PutUint16(buf[0x200:], 0xe7fe) // b .
	if err := m.WriteMemory(0, buf); err != nil {
		t.Fatal(err)
	}
	m.armBoot(m.harts[0])
	return m
}

// TestARMv6MRefuses checks that the cortex-m0 option raises HardFault, with
// no fault status, for instructions ARMv6-M lacks and for unaligned
// accesses, while cortex-m3 executes them.
func TestARMv6MRefuses(t *testing.T) {
	cases := []struct {
		name string
		code []uint16
	}{
		{"udiv", []uint16{0xfbb1, 0xf0f2, 0xe7fe}},        // udiv r0, r1, r2
		{"cbz", []uint16{0xb100, 0xe7fe}},                 // cbz r0, +4
		{"it", []uint16{0xbf08, 0x2001, 0xe7fe}},          // it eq; moveq r0, #1
		{"add.w", []uint16{0xeb01, 0x0002, 0xe7fe}},       // add.w r0, r1, r2
		{"unaligned", []uint16{0x2101, 0x6808, 0xe7fe}},   // movs r1, #1; ldr r0, [r1]
		{"ldrex", []uint16{0xe851, 0x0f00, 0xe7fe}},       // ldrex r0, [r1]
		{"msr basepri", []uint16{0xf380, 0x8811, 0xe7fe}}, // msr basepri, r0 (ignored on v6-M)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m0 := armTestMachine(t, "cortex-m0", c.code)
			m0.Run(50)
			a := &m0.harts[0].arm
			fault := m0.harts[0].pc == 0x200
			if c.name == "msr basepri" {
				if fault || a.basepri != 0 {
					t.Errorf("v6-M: msr basepri faulted (%v) or wrote BASEPRI (%#x)", fault, a.basepri)
				}
				return
			}
			if !fault || a.ipsr != excHardFault || a.cfsr != 0 || a.hfsr != 0 {
				t.Errorf("v6-M: pc %#x ipsr %d cfsr %#x hfsr %#x, want HardFault with no status", m0.harts[0].pc, a.ipsr, a.cfsr, a.hfsr)
			}
			m3 := armTestMachine(t, "cortex-m3", c.code)
			m3.Run(50)
			if c.name != "unaligned" && m3.harts[0].pc == 0x200 {
				t.Errorf("cortex-m3 faulted on %s", c.name)
			}
		})
	}
}

// TestARMv6MBench runs the bench program built for Cortex-M0 on the
// cortex-m0 CPU option and compares its output with QEMU's.
func TestARMv6MBench(t *testing.T) {
	if testing.Short() {
		t.Skip("long run")
	}
	dir := filepath.Join("..", "testdata", "arm", "bench")
	want, err := os.ReadFile(filepath.Join(dir, "golden", "bench.out"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "bench-m0.elf"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := MPS2Board("mps2-an385")
	b.CPU = "cortex-m0"
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ bytes.Buffer }
	m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
	if _, err := m.LoadELF(data); err != nil {
		t.Fatal(err)
	}
	s := m.Run(3_000_000_000)
	if s.Reason != StopExit || s.ExitCode != 0 {
		t.Errorf("stopped with %v exit %d at %#x", s.Reason, s.ExitCode, s.PC)
	}
	if out.String() != string(want) {
		t.Errorf("output differs from QEMU's:\n%s", diffLines(out.String(), string(want)))
	}
}
