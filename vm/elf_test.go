package vm

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

type testSeg struct {
	typ          uint32
	paddr, vaddr uint32
	data         []byte
	memsz        uint32
}

// buildELF writes a minimal ELF32 little-endian file with program headers.
func buildELF(class, machine byte, entry uint32, segs []testSeg) []byte {
	const ehsize, phsize = 52, 32
	le := binary.LittleEndian
	b := make([]byte, ehsize+phsize*len(segs))
	copy(b, "\x7fELF")
	b[4], b[5], b[6] = class, 1, 1
	le.PutUint16(b[16:], 2) // ET_EXEC
	le.PutUint16(b[18:], uint16(machine))
	le.PutUint32(b[20:], 1)
	le.PutUint32(b[24:], entry)
	le.PutUint32(b[28:], ehsize)
	le.PutUint16(b[40:], ehsize)
	le.PutUint16(b[42:], phsize)
	le.PutUint16(b[44:], uint16(len(segs)))
	for i, s := range segs {
		ph := b[ehsize+phsize*i:]
		le.PutUint32(ph[0:], s.typ)
		le.PutUint32(ph[4:], uint32(len(b)))
		le.PutUint32(ph[8:], s.vaddr)
		le.PutUint32(ph[12:], s.paddr)
		le.PutUint32(ph[16:], uint32(len(s.data)))
		le.PutUint32(ph[20:], s.memsz)
		le.PutUint32(ph[24:], 5)
		b = append(b, s.data...)
	}
	return b
}

func wordsBytes(w []uint32) []byte {
	b := make([]byte, 4*len(w))
	for i, v := range w {
		binary.LittleEndian.PutUint32(b[4*i:], v)
	}
	return b
}

func goodELF() []byte {
	code := wordsBytes(prog(li(5, ramBase+0x1000), lw(6, 5, 4), exitProg()))
	return buildELF(1, 243, ramBase, []testSeg{
		{typ: 1, paddr: ramBase, vaddr: ramBase, data: code, memsz: uint32(len(code))},
		{typ: 1, paddr: ramBase + 0x1000, vaddr: 0x90000000, data: []byte{1, 2, 3, 4}, memsz: 16}, // LMA != VMA, bss
		{typ: 0x70000003, data: nil}, // RISCV_ATTRIBUTES, memsz 0
	})
}

func TestLoadELF(t *testing.T) {
	m, _ := NewVirt(Config{FatalTraps: true})
	m.WriteMemory(ramBase+0x1004, []byte{9, 9, 9, 9}) // bss must be cleared
	entry, err := m.LoadELF(goodELF())
	if err != nil || entry != ramBase {
		t.Fatalf("entry %#x err %v", entry, err)
	}
	runToExit(t, m, 100)
	if got := m.Hart(0).Reg(6); got != 0 {
		t.Errorf("bss word = %#x, want 0", got)
	}
	if got := readWord(t, m, ramBase+0x1000); got != 0x04030201 {
		t.Errorf("data at paddr = %#x", got)
	}
}

// TestOverlapNamesBoth: the error names both program headers.
func TestOverlapNamesBoth(t *testing.T) {
	m, _ := NewVirt(Config{})
	_, err := m.LoadELF(buildELF(1, 243, 0, []testSeg{{typ: 4}, {typ: 1, paddr: ramBase + 0x100, data: make([]byte, 8), memsz: 8},
		{typ: 1, paddr: ramBase, memsz: 0x101}}))
	want := "program header 2 (PT_LOAD at 0x80000000, 0x101 bytes) and program header 1 (PT_LOAD at 0x80000100, 0x8 bytes)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want it to name %s", err, want)
	}
}

func TestLoadELFErrors(t *testing.T) {
	good := goodELF()
	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrNotELF},
		{"text", []byte("hello world, this is not an ELF file"), ErrNotELF},
		{"elf64", buildELF(2, 243, 0, nil), ErrELF64},
		{"x86", buildELF(1, 3, 0, []testSeg{{typ: 1, paddr: ramBase, data: []byte{1}, memsz: 1}}), ErrNotRISCV},
		{"truncated header", good[:30], ErrTruncated},
		{"truncated segment", good[:len(good)-8], ErrTruncated},
		{"nothing to load", buildELF(1, 243, 0, []testSeg{{typ: 4, data: []byte{1}, memsz: 1}}), ErrNoLoad},
		{"outside RAM", buildELF(1, 243, 0, []testSeg{{typ: 1, paddr: 0x1000, data: []byte{1}, memsz: 1}}), ErrOutsideRAM},
		{"past RAM end", buildELF(1, 243, 0, []testSeg{{typ: 1, paddr: ramBase + DefaultRAMSize - 2, data: []byte{1}, memsz: 4}}), ErrOutsideRAM},
		{"overlapping data", buildELF(1, 243, 0, []testSeg{{typ: 1, paddr: ramBase, data: make([]byte, 8), memsz: 8},
			{typ: 1, paddr: ramBase + 4, data: []byte{1}, memsz: 1}}), ErrOverlap},
		{"bss over code", buildELF(1, 243, 0, []testSeg{{typ: 1, paddr: ramBase + 0x100, data: make([]byte, 8), memsz: 8},
			{typ: 1, paddr: ramBase, memsz: 0x101}}), ErrOverlap},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := NewVirt(Config{})
			_, err := m.LoadELF(tc.data)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

func FuzzLoadELF(f *testing.F) {
	f.Add(goodELF())
	f.Add(buildELF(2, 243, 0, nil))
	f.Add(buildELF(1, 243, 0, []testSeg{{typ: 1, paddr: 0x1000, data: []byte{1}, memsz: 1}}))
	f.Add([]byte("\x7fELF"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := NewVirt(Config{RAMSize: 1 << 20, FatalTraps: true})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.LoadELF(data); err == nil {
			m.Run(1000)
		}
	})
}

func FuzzUnmarshalSnapshot(f *testing.F) {
	m := newTestMachine(f, Config{RAMSize: 1 << 20}, workProg())
	m.Run(3000)
	good, _ := m.Snapshot().MarshalBinary()
	f.Add(good)
	f.Add(good[:100])
	f.Add([]byte(snapMagic))
	m2 := newTestMachine(f, Config{Harts: 2, RAMSize: 1 << 20}, workProg())
	m2.Run(2500) // mid-quantum: qleft below HartQuantum
	two, _ := m2.Snapshot().MarshalBinary()
	f.Add(two)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := UnmarshalSnapshot(data)
		if err != nil {
			// Also try with a fixed checksum so the decoder itself is exercised.
			if len(data) < 32 {
				return
			}
			body := data[:len(data)-32]
			fixed := append(append([]byte{}, body...), sha(body)...)
			if s, err = UnmarshalSnapshot(fixed); err != nil {
				return
			}
		}
		m2, _ := NewVirt(Config{RAMSize: 1 << 20})
		if m2.Restore(s) == nil {
			m2.Run(s.Time() + 100)
			m2.StateHash()
		}
	})
}
