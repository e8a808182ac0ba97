package vm

import (
	"bytes"
	"cmp"
	"debug/elf"
	"errors"
	"fmt"
	"slices"
)

// ELF loading errors, for callers that want to tell them apart.
var (
	ErrNotELF     = errors.New("not an ELF file")
	ErrELF64      = errors.New("64-bit ELF: need a 32-bit RISC-V ELF")
	ErrNotRISCV   = errors.New("ELF is not for RISC-V")
	ErrTruncated  = errors.New("ELF is truncated or malformed")
	ErrNoLoad     = errors.New("ELF has nothing to load")
	ErrOutsideRAM = errors.New("ELF segment lies outside RAM")
	ErrOverlap    = errors.New("ELF segments overlap")
)

// LoadELF places every PT_LOAD segment of a 32-bit RISC-V ELF at its
// physical address, zero-fills the rest of its memory size, and points every
// hart at the entry (a0 = hartid, a1 = 0). Predecoded code is invalidated.
func (m *Machine) LoadELF(data []byte) (entry uint32, err error) {
	segs, entry, err := m.parseELF(data)
	if err != nil {
		return 0, fmt.Errorf("load ELF: %w", err)
	}
	for _, s := range segs {
		if err := m.WriteMemory(s.addr, s.data); err != nil {
			return 0, fmt.Errorf("load ELF: %w", err)
		}
		m.zeroRange(s.addr+uint32(len(s.data)), s.memsz-uint32(len(s.data)))
		m.loaded = append(m.loaded, span{s.addr, s.memsz})
	}
	if m.arm {
		m.image = segs
		m.armBoot(m.harts[0])
		return entry, nil
	}
	start := entry
	if m.board.ResetVector != 0 {
		start = m.board.ResetVector // the boot ROM jumps to the firmware
	}
	for _, h := range m.harts {
		h.pc = start &^ 1
		h.x[10] = uint32(h.id)
		h.x[11] = 0
	}
	m.updateMIP()
	return entry, nil
}

type segment struct {
	addr, memsz uint32
	data        []byte
	phdr        int // index of the program header
}

// parseELF checks the file and returns its loadable segments. It never
// panics, whatever the input.
func (m *Machine) parseELF(data []byte) (segs []segment, entry uint32, err error) {
	if len(data) < 4 || !bytes.Equal(data[:4], []byte(elf.ELFMAG)) {
		return nil, 0, ErrNotELF
	}
	if len(data) < 20 {
		return nil, 0, ErrTruncated
	}
	switch elf.Class(data[elf.EI_CLASS]) {
	case elf.ELFCLASS32:
	case elf.ELFCLASS64:
		return nil, 0, ErrELF64
	default:
		return nil, 0, fmt.Errorf("%w: bad class %d", ErrTruncated, data[elf.EI_CLASS])
	}
	defer func() {
		if r := recover(); r != nil {
			segs, entry, err = nil, 0, fmt.Errorf("%w: %v", ErrTruncated, r)
		}
	}()
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %v", ErrTruncated, err)
	}
	if err := m.checkELFMachine(f.Machine); err != nil {
		return nil, 0, err
	}
	for i, p := range f.Progs {
		if p.Type != elf.PT_LOAD || p.Memsz == 0 {
			continue
		}
		if p.Filesz > p.Memsz || p.Memsz > uint64(m.mem.size) {
			return nil, 0, fmt.Errorf("%w: segment at %#x has file size %#x, memory size %#x", ErrTruncated, p.Paddr, p.Filesz, p.Memsz)
		}
		if !m.mem.contains(uint32(p.Paddr), uint32(p.Memsz)) || p.Paddr > 0xffffffff {
			return nil, 0, fmt.Errorf("%w: %#x+%#x (RAM is %#x+%#x)", ErrOutsideRAM, p.Paddr, p.Memsz, m.mem.base, m.mem.size)
		}
		if p.Off > uint64(len(data)) || p.Filesz > uint64(len(data))-p.Off {
			return nil, 0, fmt.Errorf("%w: segment at %#x extends past the end of the file", ErrTruncated, p.Paddr)
		}
		buf := make([]byte, p.Filesz)
		if _, err := p.ReadAt(buf, 0); err != nil && p.Filesz > 0 {
			return nil, 0, fmt.Errorf("%w: segment at %#x: %v", ErrTruncated, p.Paddr, err)
		}
		segs = append(segs, segment{addr: uint32(p.Paddr), memsz: uint32(p.Memsz), data: buf, phdr: i})
	}
	if len(segs) == 0 {
		return nil, 0, ErrNoLoad
	}
	if err := checkOverlap(segs); err != nil {
		return nil, 0, err
	}
	return segs, uint32(f.Entry), nil
}

// checkOverlap refuses PT_LOAD segments whose memory ranges (physical
// address, memory size) overlap: the later one would silently overwrite
// the earlier. GNU ld with the usual newlib and picolibc scripts never
// emits such segments; a memory map that puts RAM over flash does.
func checkOverlap(segs []segment) error {
	sorted := slices.SortedFunc(slices.Values(segs), func(a, b segment) int { return cmp.Compare(a.addr, b.addr) })
	for k := 1; k < len(sorted); k++ {
		a, b := sorted[k-1], sorted[k]
		if uint64(a.addr)+uint64(a.memsz) > uint64(b.addr) {
			return fmt.Errorf("%w: program header %d (PT_LOAD at %#x, %#x bytes) and program header %d (PT_LOAD at %#x, %#x bytes)",
				ErrOverlap, a.phdr, a.addr, a.memsz, b.phdr, b.addr, b.memsz)
		}
	}
	return nil
}

// zeroRange clears RAM [addr, addr+n) (already inside RAM); untouched
// pages already read as zero and stay unallocated.
func (m *Machine) zeroRange(addr, n uint32) {
	off := addr - m.mem.base
	for n > 0 {
		i, o := off>>pageShift, off&pageMask
		c := min(n, pageSize-o)
		if m.mem.pages[i] != nil {
			p := m.mem.writable(i, o, c)
			clear(p.data[o : o+c])
		}
		off += c
		n -= c
	}
}
