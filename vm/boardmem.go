package vm

import "encoding/binary"

// ROMRegion is read-only memory with fixed content, such as a mask ROM
// holding a reset vector: Words are stored little-endian from Base, the
// rest of the region reads 0.
type ROMRegion struct {
	Base  uint32   `json:"base"`
	Size  uint32   `json:"size"`
	Words []uint32 `json:"words,omitempty"`
}

// hasRegions reports whether the board lists its memory regions (else the
// whole RAM window is RAM).
func (b *Board) hasRegions() bool {
	return len(b.RAM) > 0 || len(b.Flash) > 0 || len(b.ROM) > 0
}

// regions returns every memory region of the board (RAM, flash, ROM), or
// the whole RAM window when it lists none.
func (b *Board) regions() []Region {
	if !b.hasRegions() {
		return []Region{{b.RAMBase, b.RAMSize}}
	}
	all := append(append([]Region(nil), b.RAM...), b.Flash...)
	for _, r := range b.ROM {
		all = append(all, Region{r.Base, r.Size})
	}
	return all
}

// setupRegions marks the pages of the RAM window the board does not back
// as holes, flash and ROM pages as read-only, and writes the ROMs' content.
func (m *Machine) setupRegions() {
	b, mem := &m.board, m.mem
	if !b.hasRegions() {
		return
	}
	mem.holes = true
	for i := range mem.flags {
		mem.flags[i] |= pfHole
	}
	mark := func(r Region, set uint16) {
		for a := uint64(r.Base); a < uint64(r.Base)+uint64(r.Size); a += pageSize {
			i := (uint32(a) - b.RAMBase) >> pageShift
			mem.flags[i] = mem.flags[i]&^pfHole | set
		}
	}
	for _, r := range b.RAM {
		mark(r, 0)
	}
	for _, r := range b.Flash {
		mark(r, pfROM)
	}
	for _, r := range b.ROM {
		mark(Region{r.Base, r.Size}, pfROM)
		buf := make([]byte, 4*len(r.Words))
		for k, w := range r.Words {
			binary.LittleEndian.PutUint32(buf[4*k:], w)
		}
		_ = m.WriteMemory(r.Base, buf) // checked by Board.checkRAM
	}
}

// readOnly reports whether any byte of [addr, addr+n) lies in ROM or
// flash; the range is inside the window.
func (mem *memory) readOnly(addr, n uint32) bool {
	off := addr - mem.base
	return mem.flags[off>>pageShift]&pfROM != 0 || mem.flags[(off+n-1)>>pageShift]&pfROM != 0
}

// encodeBoardMemory writes the board's flash and ROM regions and reset
// vector into a snapshot.
func encodeBoardMemory(e *encoder, b *Board) {
	e.u32(uint32(len(b.Flash)))
	for _, r := range b.Flash {
		e.u32(r.Base)
		e.u32(r.Size)
	}
	e.u32(uint32(len(b.ROM)))
	for _, r := range b.ROM {
		e.u32(r.Base)
		e.u32(r.Size)
		e.u32(uint32(len(r.Words)))
		for _, w := range r.Words {
			e.u32(w)
		}
	}
	e.u32(b.ResetVector)
}

// decodeBoardMemory reads what encodeBoardMemory wrote.
func decodeBoardMemory(d *decoder, b *Board) {
	n := d.count(8)
	for i := uint32(0); i < n && d.err == nil; i++ {
		b.Flash = append(b.Flash, Region{Base: d.u32(), Size: d.u32()})
	}
	n = d.count(12)
	for i := uint32(0); i < n && d.err == nil; i++ {
		r := ROMRegion{Base: d.u32(), Size: d.u32()}
		k := d.count(4)
		for j := uint32(0); j < k && d.err == nil; j++ {
			r.Words = append(r.Words, d.u32())
		}
		b.ROM = append(b.ROM, r)
	}
	b.ResetVector = d.u32()
}

// InMemory reports whether addr lies in one of the board's memory regions
// (RAM, flash or ROM; the whole RAM window when the board lists none), as
// opposed to a device or a hole.
func (b *Board) InMemory(addr uint32) bool {
	if !b.hasRegions() {
		return addr-b.RAMBase < b.RAMSize
	}
	in := func(base, size uint32) bool { return addr-base < size }
	for _, r := range b.RAM {
		if in(r.Base, r.Size) {
			return true
		}
	}
	for _, r := range b.Flash {
		if in(r.Base, r.Size) {
			return true
		}
	}
	for _, r := range b.ROM {
		if in(r.Base, r.Size) {
			return true
		}
	}
	return false
}
