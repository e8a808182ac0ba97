package symbols

import (
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"sort"
)

// compUnit is one DWARF compilation unit.
type compUnit struct {
	entry   *dwarf.Entry
	off     dwarf.Offset
	name    string
	compDir string
	lang    int64
	version int
	lowPC   uint32
	ranges  []addrRange
	files   []int // line-table file index -> Table file index (-1: none)
	// hasLoclist: some variable uses a location list (optimized code).
	hasLoclist   bool
	loclistKnown bool
}

// loadDWARF reads units, aranges, lines and functions; on failure it only
// records why there are no lines (symbols keep working).
func (t *Table) loadDWARF(f *elf.File) {
	if f.Section(".debug_info") == nil {
		t.noLines = "no DWARF debug info: the ELF has no .debug_info section " +
			"(built without -g, or stripped); only .symtab symbols and disassembly are available"
		return
	}
	d, err := f.DWARF()
	if err != nil {
		t.noLines = fmt.Sprintf("DWARF debug info unreadable: %v", err)
		return
	}
	t.dwarf = d
	t.info, _ = f.Section(".debug_info").Data()
	t.loc = sectionData(f, ".debug_loc")
	t.loclists = sectionData(f, ".debug_loclists")
	if err := t.loadUnits(); err != nil {
		t.noLines = fmt.Sprintf("DWARF compilation units unreadable: %v", err)
		t.dwarf = nil
		return
	}
	if s := f.Section(".debug_aranges"); s != nil {
		if data, err := s.Data(); err == nil {
			t.aranges = parseAranges(data)
		}
	}
	t.loadLines()
	t.loadFuncs()
}

// loadUnits lists the compilation units and their address ranges. Unit
// boundaries come from the unit headers in .debug_info, so no DIE below
// the unit entries is read here.
func (t *Table) loadUnits() error {
	r := t.dwarf.Reader()
	info := t.info
	for off := 0; off+11 <= len(info); {
		length := binary.LittleEndian.Uint32(info[off:])
		if length == 0xffffffff || uint64(length)+4 > uint64(len(info)-off) {
			break // 64-bit DWARF or truncated
		}
		next := off + 4 + int(length)
		version := binary.LittleEndian.Uint16(info[off+4:])
		hdr := 11
		if version >= 5 {
			hdr = 12
			if kind := info[off+6]; kind != 1 && kind != 3 { // compile, partial
				off = next
				continue
			}
		}
		if off+hdr >= next {
			off = next
			continue
		}
		r.Seek(dwarf.Offset(off + hdr))
		e, err := r.Next()
		if err != nil {
			return err
		}
		if e != nil && (e.Tag == dwarf.TagCompileUnit || e.Tag == dwarf.TagPartialUnit) {
			t.addUnit(e, int(version))
		}
		off = next
	}
	return nil
}

// addUnit records one compilation unit entry.
func (t *Table) addUnit(e *dwarf.Entry, version int) {
	cu := &compUnit{entry: e, off: e.Offset, version: version}
	cu.name, _ = e.Val(dwarf.AttrName).(string)
	cu.compDir, _ = e.Val(dwarf.AttrCompDir).(string)
	cu.lang, _ = e.Val(dwarf.AttrLanguage).(int64)
	if lo, ok := e.Val(dwarf.AttrLowpc).(uint64); ok {
		cu.lowPC = uint32(lo)
	}
	if rs, err := t.dwarf.Ranges(e); err == nil {
		for _, rg := range rs {
			cu.ranges = append(cu.ranges, addrRange{uint32(rg[0]), uint32(rg[1])})
		}
	}
	t.units = append(t.units, cu)
}

// maxEntries bounds any walk over DIEs: every entry takes at least one
// byte of .debug_info, so more entries than bytes means a reader that
// stopped advancing on corrupt input.
func (t *Table) maxEntries() int { return len(t.info) + 1 }

// unitAt returns the compilation unit whose code covers pc, preferring
// .debug_aranges (exact after linker relaxation) over DW_AT_ranges.
func (t *Table) unitAt(pc uint32) *compUnit {
	for _, a := range t.aranges {
		if pc >= a.lo && pc-a.lo < a.length {
			if cu := t.unitByOffset(a.info); cu != nil {
				return cu
			}
		}
	}
	var best *compUnit
	var bestLo uint32
	for _, cu := range t.units {
		for _, r := range cu.ranges {
			if r.contains(pc) && (best == nil || r.lo > bestLo) {
				best, bestLo = cu, r.lo
			}
		}
	}
	return best
}

// unitByOffset finds the unit whose DIE is at off.
func (t *Table) unitByOffset(off dwarf.Offset) *compUnit {
	i := sort.Search(len(t.units), func(i int) bool { return t.units[i].off >= off })
	if i < len(t.units) && t.units[i].off == off {
		return t.units[i]
	}
	// aranges point at the unit header, the DIE follows it.
	if i < len(t.units) && t.units[i].off-off <= 24 {
		return t.units[i]
	}
	return nil
}

// sectionData returns a section's contents, nil if absent or unreadable.
func sectionData(f *elf.File, name string) []byte {
	s := f.Section(name)
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil
	}
	data, err := s.Data()
	if err != nil {
		return nil
	}
	return data
}
