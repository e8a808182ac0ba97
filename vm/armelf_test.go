package vm

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestBoardForELF checks the board choice by e_machine and by name, and
// that each core refuses the other's ELF.
func TestBoardForELF(t *testing.T) {
	arm, err := os.ReadFile(filepath.Join("..", "testdata", "arm", "isa", "isa-m3.elf"))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := os.ReadFile(filepath.Join("..", "testdata", "firmware", "hello.elf"))
	if err != nil {
		t.Fatal(err)
	}
	fe310, err := os.ReadFile(filepath.Join("..", "testdata", "hifive1", "board.elf"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		data      []byte
		name      string
		wantBoard string
		wantErr   error
	}{
		{arm, "", "mps2-an385", nil},
		{arm, "mps2-an386", "mps2-an386", nil},
		{rv, "", "virt", nil},
		{fe310, "", "hifive1-revb", nil}, // linked for the SPI flash at 0x20010000
		{fe310, "virt", "virt", nil},
		{[]byte("not an elf at all, really"), "", "", ErrNotELF},
	}
	for _, c := range cases {
		b, err := BoardForELF(c.data, c.name)
		if !errors.Is(err, c.wantErr) || b.Name != c.wantBoard {
			t.Errorf("BoardForELF(%q): %q, %v; want %q, %v", c.name, b.Name, err, c.wantBoard, c.wantErr)
		}
	}
	if _, err := BoardForELF(arm, "no-such-board"); err == nil {
		t.Error("an unknown board name was accepted")
	}
	an385, _ := MPS2Board("mps2-an385")
	m, err := NewMachine(an385, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.LoadELF(rv); !errors.Is(err, ErrNotARM) {
		t.Errorf("RISC-V ELF on mps2: %v, want ErrNotARM", err)
	}
	v, _ := NewVirt(Config{})
	if _, err := v.LoadELF(arm); !errors.Is(err, ErrNotRISCV) {
		t.Errorf("ARM ELF on virt: %v, want ErrNotRISCV", err)
	}
	if _, err := m.LoadELF(arm); err != nil {
		t.Fatal(err)
	}
	h := m.Hart(0)
	if reset := readWord(t, m, 4) &^ 1; h.PC() != reset {
		t.Errorf("reset PC %#x, want the vector table's %#x", h.PC(), reset)
	}
	if h.Reg(13) != 0x20400000 {
		t.Errorf("reset SP %#x, want the vector table's 0x20400000", h.Reg(13))
	}
}

// TestARMSemihostingOff checks BKPT 0xAB without a semihosting hook: a debug
// event escalated to HardFault (HFSR.FORCED), as on QEMU without
// -semihosting.
func TestARMSemihostingOff(t *testing.T) {
	m := armTestMachine(t, "cortex-m3", []uint16{0x2018, 0xbeab, 0xe7fe}) // movs r0, #0x18; bkpt 0xab
	m.semihost = nil                                                      // as with Config.NoSemihosting
	m.Run(20)
	a := &m.harts[0].arm
	if m.harts[0].pc != 0x200 || a.ipsr != excHardFault || a.hfsr != hfsrFORCED {
		t.Errorf("pc %#x ipsr %d hfsr %#x, want the HardFault handler with FORCED", m.harts[0].pc, a.ipsr, a.hfsr)
	}
	m = armTestMachine(t, "cortex-m3", []uint16{0x2018, 0xbeab, 0xe7fe})
	called := uint32(0)
	m.semihost = func(op, param uint32) (uint32, error) { called = op; return 7, nil }
	m.Run(20)
	if called != 0x18 || m.harts[0].arm.r[0] != 7 || m.harts[0].pc != 0x104 {
		t.Errorf("hook saw op %#x, r0 %d, pc %#x; want 0x18, 7, looping at 0x104", called, m.harts[0].arm.r[0], m.harts[0].pc)
	}
}

// TestBoardForHardFloatELF: an ARM ELF built for the hard-float ABI needs
// an FPU, so it runs on the Cortex-M4F board unless one is named, or on
// the Cortex-M7 board when its build attributes ask for FPv5.
func TestBoardForHardFloatELF(t *testing.T) {
	for _, c := range []struct{ elf, board string }{
		{"../testdata/rtos/rtos-cm4f.elf", "mps2-an386"},
		{"../testdata/arm/isa/isa-m4f.elf", "mps2-an386"},
		{"../testdata/arm-m7/fp64.elf", "mps2-an500"},
		{"../testdata/arm-m7/isa-m7.elf", "mps2-an500"},
		{"../testdata/rtos/rtos-cm3.elf", "mps2-an385"},
		{"../testdata/firmware/demo.elf", "virt"},
	} {
		data, err := os.ReadFile(c.elf)
		if err != nil {
			t.Fatal(err)
		}
		b, err := BoardForELF(data, "")
		if err != nil || b.Name != c.board {
			t.Errorf("%s: board %q (%v), want %s", c.elf, b.Name, err, c.board)
		}
	}
}

// FuzzARMFPArch feeds arbitrary bytes as an ELF's build attributes: no
// panic, whatever the section holds.
func FuzzARMFPArch(f *testing.F) {
	data, err := os.ReadFile("../testdata/arm-m7/fp64.elf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("A\x14\x00\x00\x00aeabi\x00\x01\x0a\x00\x00\x00\x05x\x00\x0a\x08"))
	f.Fuzz(func(t *testing.T, attrs []byte) {
		_ = fileFPArch(attrs)
		if len(attrs) > 0 {
			_ = armFPArch(append(data[:len(data):len(data)], attrs...))
		}
	})
}
