package vm

import (
	"encoding/binary"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestARMFastSwitchMatchesFull runs every committed Cortex-M ELF twice on
// mps2-an386, once normally and once with every instruction through the
// full switch, and compares stops and state hashes at several times: the
// fast forms (armfast.go) duplicate the full switch's operations and must
// never drift from it.
func TestARMFastSwitchMatchesFull(t *testing.T) {
	elfs, err := filepath.Glob("../testdata/arm/*.elf")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../testdata/arm/*/*.elf")
	elfs = append(elfs, more...)
	if len(elfs) < 5 {
		t.Fatalf("only %d ELFs under ../testdata/arm", len(elfs))
	}
	times := []uint64{1, 100, 1_000, 10_000, 100_000, 1_000_000, 5_000_000}
	for _, path := range elfs {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var ms [2]*Machine
			for i := range ms {
				b, err := BoardByName("mps2-an386")
				if err != nil {
					t.Fatal(err)
				}
				m, err := NewMachine(b, Config{})
				if err != nil {
					t.Fatal(err)
				}
				m.noFast = i == 1
				m.SetUARTOutput(func(byte) {})
				if _, err := m.LoadELF(data); err != nil {
					t.Fatal(err)
				}
				ms[i] = m
			}
			for _, at := range times {
				if runBothTo(t, ms, at).Reason == StopExit {
					break
				}
			}
		})
	}
}

// TestARMFastRandomCode runs seeded random halfword streams (every
// exception vector back into the code, registers pointing into RAM, some
// at unaligned or page-crossing addresses) with and without the fast
// switch, with and without unaligned-access trapping, and compares the
// state hashes after every batch.
func TestARMFastRandomCode(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	programs := 1000
	if testing.Short() {
		programs = 150
	}
	for p := range programs {
		code := make([]byte, 2*(8+rng.IntN(120)))
		for i := 0; i < len(code); i += 2 {
			binary.LittleEndian.PutUint16(code[i:], armRandomHalfword(rng))
		}
		var regs [13]uint32
		for i := range regs {
			regs[i] = 0x20000ff0 + uint32(rng.IntN(64))
			if rng.IntN(4) == 0 {
				regs[i] = uint32(rng.IntN(8))
			}
		}
		trap := p%5 == 0
		var hashes [2][4][32]byte
		for k, noFast := range []bool{false, true} {
			m := armRandomMachine(t, code, regs, trap)
			m.noFast = noFast
			for j := range hashes[k] {
				m.Run(uint64(j+1) * 700)
				hashes[k][j] = m.StateHash()
			}
		}
		for j := range hashes[0] {
			if hashes[0][j] != hashes[1][j] {
				t.Fatalf("program %d (% x): fast and full switch differ after %d steps", p, code, (j+1)*700)
			}
		}
	}
}

// armRandomHalfword favours the instruction classes with fast forms.
func armRandomHalfword(rng *rand.Rand) uint16 {
	h := uint16(rng.Uint32())
	switch rng.IntN(6) {
	case 0: // shifts, add/sub, mov/cmp immediate
		return h & 0x3fff
	case 1: // data processing, special data, loads and stores
		return 0x4000 | h&0x3fff
	case 2: // conditional branch with a short, mostly backwards offset
		return 0xd000 | h&0x0d00 | uint16(0xf0+rng.IntN(16))
	}
	return h
}

// armRandomMachine builds an mps2-an386 machine running code at 0x100.
func armRandomMachine(t *testing.T, code []byte, regs [13]uint32, trap bool) *Machine {
	t.Helper()
	b, err := BoardByName("mps2-an386")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewMachine(b, Config{})
	if err != nil {
		t.Fatal(err)
	}
	img := make([]byte, 0x100+len(code))
	binary.LittleEndian.PutUint32(img, 0x20001000)
	for i := 4; i < 0x100; i += 4 {
		binary.LittleEndian.PutUint32(img[i:], 0x101)
	}
	copy(img[0x100:], code)
	if err := m.WriteMemory(0, img); err != nil {
		t.Fatal(err)
	}
	m.armBoot(m.harts[0])
	a := &m.harts[0].arm
	a.cpacr = 0xf << 20
	copy(a.r[:13], regs[:])
	if trap {
		a.ccr |= ccrUNALIGNTRP
	}
	return m
}
