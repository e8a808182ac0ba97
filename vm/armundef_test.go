package vm

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestARMUndefinedLikeQEMU steps encodings whose should-be bits are set
// (objdump decodes most of them anyway) and their canonical neighbours on
// a Cortex-M4F with the FPU on. The wanted outcomes were measured on
// qemu-system-arm 7.2 -M mps2-an386 (a HardFault handler reading CFSR).
func TestARMUndefinedLikeQEMU(t *testing.T) {
	tests := []struct {
		hw1, hw2 uint16
		undef    bool
	}{
		{0xea81, 0x0203, false}, // EOR.W
		{0xea81, 0xdac5, true},  // EOR.W with hw2 bit 15 set
		{0xea0c, 0xa9d3, true},
		{0xf381, 0x0005, false}, // USAT
		{0xf381, 0x0025, true},  // USAT with hw2 bit 5 set
		{0xf78d, 0x1246, true},  // USAT with hw1 bit 10 set
		{0xfb01, 0x0203, false}, // MLA
		{0xfb01, 0x0243, true},  // MLA with hw2 bits 7:6 set
		{0xfb57, 0xf34c, true},  // SMMUL with hw2 bits 7:6 set
		{0xfb51, 0x0203, false}, // SMMLA
		{0xe854, 0x5b25, true},  // LDREX with hw2 bits 11:8 not 1111
		{0xe8d5, 0x0f4f, false}, // LDREXB
		{0xe8d5, 0x0e4f, true},
		{0xe8c5, 0x1f43, false}, // STREXB
		{0xe8c5, 0x1e43, true},
		{0xe8d9, 0x651d, true}, // TBH with hw2 bits 15:8 not 11110000
		{0xfa1f, 0xf5d3, true}, // UXTH with hw2 bit 6 set
		{0xee05, 0xba3c, true}, // VMOV S, Rt with (0) bits set
		{0xee07, 0xeabf, true},
		{0xeea2, 0x5b12, true}, // VDUP (Advanced SIMD)
		{0x472e, 0xbf00, true}, // BX with bits 2:0 set
		{0xf3af, 0x8000, false},
		{0xf851, 0x1b04, false}, // LDR r1, [r1], #4: Rn == Rt with writeback (testdata/arm/wback)
		{0xf841, 0x1d04, false}, // STR r1, [r1, #-4]!
		{0xf911, 0x1f04, false}, // LDRSB r1, [r1, #4]!
	}
	var regs [13]uint32
	for i := range regs {
		regs[i] = 0x20000100 + 0x40*uint32(i)
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%04x_%04x", tc.hw1, tc.hw2), func(t *testing.T) {
			code := binary.LittleEndian.AppendUint16(nil, tc.hw1)
			code = binary.LittleEndian.AppendUint16(code, tc.hw2)
			m := armRandomMachine(t, code, regs, false)
			m.Run(1)
			got := m.harts[0].arm.cfsr&(cfsrUNDEFINSTR|cfsrNOCP) != 0
			if got != tc.undef {
				t.Errorf("UsageFault UNDEFINSTR/NOCP %v, QEMU %v (CFSR %#x)", got, tc.undef, m.harts[0].arm.cfsr)
			}
		})
	}
}

// FuzzARMStep executes one instruction (halfwords hw1, hw2), optionally as
// the first of an IT block, on each Cortex-M CPU option from a state with
// registers pointing into RAM: it must never panic, and it either retires
// or records a fault.
func FuzzARMStep(f *testing.F) {
	f.Add(uint16(0xea81), uint16(0xdac5), uint8(0), false)
	f.Add(uint16(0xe8bd), uint16(0x8ff0), uint8(1), true)
	f.Add(uint16(0xee07), uint16(0xeabf), uint8(1), false)
	f.Fuzz(func(t *testing.T, hw1, hw2 uint16, cpu uint8, inIT bool) {
		var code []byte
		if inIT {
			code = binary.LittleEndian.AppendUint16(code, 0xbf18) // IT NE
		}
		code = binary.LittleEndian.AppendUint16(code, hw1)
		code = binary.LittleEndian.AppendUint16(code, hw2)
		var regs [13]uint32
		for i := range regs {
			regs[i] = 0x20000100 + 0x40*uint32(i) + uint32(hw2>>i&1)
		}
		m := armRandomMachine(t, code, regs, cpu&4 != 0)
		m.armCfg.fpu = m.armCfg.fpu && cpu&1 == 0
		before := m.harts[0].pc
		s := m.Run(uint64(1 + b2u(inIT)))
		a := &m.harts[0].arm
		if s.Time == 0 && a.cfsr == 0 && a.hfsr == 0 && m.harts[0].pc == before && !a.lockup {
			t.Fatalf("nothing happened: %+v", s)
		}
	})
}

// TestARMWritebackBaseLikeQEMU runs testdata/arm/wback: loads and stores
// with writeback whose base is also the register transferred (UNPREDICTABLE
// in the manual) execute as on QEMU 7.2 (golden/wback.out is its output):
// a load's value wins over the written-back base, a store stores the old
// base, LDRD's writeback wins over its load.
func TestARMWritebackBaseLikeQEMU(t *testing.T) {
	dir := filepath.Join("..", "testdata", "arm", "wback")
	want, err := os.ReadFile(filepath.Join(dir, "golden", "wback.out"))
	if err != nil {
		t.Fatal(err)
	}
	got, s, _ := runARM(t, "mps2-an385", filepath.Join(dir, "wback.elf"), 100_000)
	if s.Reason != StopExit || s.ExitCode != 0 {
		t.Errorf("stopped with %v exit %d at %#x", s.Reason, s.ExitCode, s.PC)
	}
	if got != string(want) {
		t.Errorf("output differs from QEMU's:\n%s", diffLines(got, string(want)))
	}
}
