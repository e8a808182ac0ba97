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
	hasLoclist bool
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

// loadUnits lists the compilation units and their address ranges.
func (t *Table) loadUnits() error {
	r := t.dwarf.Reader()
	for n := 0; n < t.maxEntries(); n++ {
		e, err := r.Next()
		if err != nil {
			return err
		}
		if e == nil {
			return nil
		}
		if e.Tag != dwarf.TagCompileUnit && e.Tag != dwarf.TagPartialUnit {
			r.SkipChildren()
			continue
		}
		cu := &compUnit{entry: e, off: e.Offset}
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
		cu.version = unitVersion(t.info, e.Offset)
		t.units = append(t.units, cu)
		r.SkipChildren()
	}
	return fmt.Errorf("more DIEs than bytes in .debug_info: corrupt input")
}

// maxEntries bounds any walk over DIEs: every entry takes at least one
// byte of .debug_info, so more entries than bytes means a reader that
// stopped advancing on corrupt input.
func (t *Table) maxEntries() int { return len(t.info) + 1 }

// unitVersion returns the DWARF version of the unit whose first DIE is at
// off, read from the unit header that precedes it (11 bytes in DWARF 2-4,
// 12 in DWARF 5); 0 if unknown.
func unitVersion(info []byte, off dwarf.Offset) int {
	o := int(off)
	if o >= 12 && o <= len(info) && binary.LittleEndian.Uint16(info[o-8:]) == 5 {
		return 5
	}
	if o >= 11 && o <= len(info) {
		if v := binary.LittleEndian.Uint16(info[o-7:]); v >= 2 && v <= 4 {
			return int(v)
		}
	}
	return 0
}

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

// unitContaining finds the unit a DIE offset belongs to.
func (t *Table) unitContaining(off dwarf.Offset) *compUnit {
	i := sort.Search(len(t.units), func(i int) bool { return t.units[i].off > off })
	if i == 0 {
		return nil
	}
	return t.units[i-1]
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
