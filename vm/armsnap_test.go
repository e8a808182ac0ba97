package vm

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestARMBoardConformance checks snapshots on the Cortex-M boards with the
// ISA suite (exceptions, SysTick, WFI, context switches): run, snapshot,
// run M, hash; restore, run M, hash: equal; the same through
// MarshalBinary/UnmarshalSnapshot into a fresh machine; and the output
// after the snapshot point is the same.
func TestARMBoardConformance(t *testing.T) {
	for _, c := range []struct{ name, elf string }{{"mps2-an385", "arm/isa/isa-m3"}, {"mps2-an386", "arm/isa/isa-m4f"},
		{"mps2-an500", "arm-m7/fp64"}, {"lm3s6965evb", "lm3s/probe"}} {
		name := c.name
		file := filepath.Join("..", "testdata", filepath.FromSlash(c.elf)+".elf")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		b, err := BoardByName(name)
		if err != nil {
			t.Fatal(err)
		}
		_, end, _ := runARM(t, name, file, 200_000_000)
		for _, frac := range []uint64{1, 3, 5, 7, 9} {
			at := end.Time * frac / 10
			t.Run(name, func(t *testing.T) {
				m, err := NewMachine(b, Config{})
				if err != nil {
					t.Fatal(err)
				}
				var out bytes.Buffer
				m.SetUARTOutput(func(c byte) { out.WriteByte(c) })
				if _, err := m.LoadELF(data); err != nil {
					t.Fatal(err)
				}
				m.Run(at)
				s := m.Snapshot()
				out.Reset()
				m.Run(at + 200_000)
				want, wantOut := m.StateHash(), out.String()
				if err := m.Restore(s); err != nil {
					t.Fatal(err)
				}
				out.Reset()
				m.Run(at + 200_000)
				if m.StateHash() != want || out.String() != wantOut {
					t.Errorf("at %d: restore + run differs from the original run", at)
				}
				enc, err := s.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				s2, err := UnmarshalSnapshot(enc)
				if err != nil {
					t.Fatal(err)
				}
				m2, err := NewMachine(b, Config{})
				if err != nil {
					t.Fatal(err)
				}
				var out2 bytes.Buffer
				m2.SetUARTOutput(func(c byte) { out2.WriteByte(c) })
				if err := m2.Restore(s2); err != nil {
					t.Fatal(err)
				}
				m2.Run(at + 200_000)
				if m2.StateHash() != want || out2.String() != wantOut {
					t.Errorf("at %d: decoded snapshot run differs from the original run", at)
				}
			})
		}
	}
}
