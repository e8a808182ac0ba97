package symbols

import (
	"debug/elf"
	"errors"
	"fmt"
	"sort"
)

// SymKind says what an ELF symbol names.
type SymKind int

// Symbol kinds.
const (
	SymFunc SymKind = iota
	SymObject
	SymOther
)

// Symbol is an entry of .symtab.
type Symbol struct {
	Name  string
	Addr  uint32
	Size  uint32
	Kind  SymKind
	Local bool
}

// loadSymbols reads .symtab (absent is fine: a stripped file).
func (t *Table) loadSymbols(f *elf.File) error {
	syms, err := f.Symbols()
	if err != nil {
		if errors.Is(err, elf.ErrNoSymbols) {
			return nil
		}
		return fmt.Errorf("read .symtab: %w", err)
	}
	for _, s := range syms {
		if s.Name == "" || s.Section == elf.SHN_UNDEF || s.Section == elf.SHN_ABS {
			continue
		}
		typ := elf.ST_TYPE(s.Info)
		if typ == elf.STT_SECTION || typ == elf.STT_FILE || isMappingSymbol(f.Machine, s.Name) {
			continue
		}
		k := SymOther
		addr := uint32(s.Value)
		switch typ {
		case elf.STT_FUNC:
			k = SymFunc
			addr = t.arch.codeAddr(addr) // the Thumb bit
		case elf.STT_OBJECT:
			k = SymObject
		}
		t.syms = append(t.syms, Symbol{Name: s.Name, Addr: addr,
			Size: uint32(s.Size), Kind: k, Local: elf.ST_BIND(s.Info) == elf.STB_LOCAL})
	}
	sort.SliceStable(t.syms, func(i, j int) bool { return t.syms[i].Addr < t.syms[j].Addr })
	return nil
}

// Symbols returns the ELF symbols sorted by address.
func (t *Table) Symbols() []Symbol { return t.syms }

// LookupSymbol finds a symbol by name (globals before locals).
func (t *Table) LookupSymbol(name string) (Symbol, bool) {
	var local *Symbol
	for i := range t.syms {
		s := &t.syms[i]
		if s.Name != name {
			continue
		}
		if !s.Local {
			return *s, true
		}
		if local == nil {
			local = s
		}
	}
	if local != nil {
		return *local, true
	}
	return Symbol{}, false
}

// SymbolAt names addr as "name" or "name+off" using the nearest symbol at or
// below it that covers it (sized symbols) or is the closest label in the
// same section (unsized ones, such as assembly labels). Function and object
// symbols are preferred over labels at the same address.
func (t *Table) SymbolAt(addr uint32) (string, bool) {
	i := sort.Search(len(t.syms), func(i int) bool { return t.syms[i].Addr > addr })
	var best *Symbol
	for j := i - 1; j >= 0; j-- {
		s := &t.syms[j]
		if best != nil && s.Addr != best.Addr {
			break
		}
		if s.Size != 0 && addr-s.Addr >= s.Size {
			continue
		}
		if best == nil || symRank(s) >= symRank(best) {
			best = s // among equals the earliest in .symtab, as gdb picks
		}
	}
	if best == nil || !t.sameSection(best.Addr, addr) {
		return "", false
	}
	if addr == best.Addr {
		return best.Name, true
	}
	return fmt.Sprintf("%s+%d", best.Name, addr-best.Addr), true
}

// symRank orders the symbols at one address: functions and objects
// before labels, globals before locals.
func symRank(s *Symbol) int {
	r := 0
	if s.Kind != SymOther {
		r += 2
	}
	if !s.Local {
		r++
	}
	return r
}

// sameSection reports whether a and b lie in the same allocated section.
func (t *Table) sameSection(a, b uint32) bool {
	for _, s := range t.sections {
		ina := a >= s.addr && a-s.addr < s.size
		inb := b >= s.addr && b-s.addr < s.size
		if ina || inb {
			return ina && inb
		}
	}
	return false
}

// isMappingSymbol reports ARM ELF mapping symbols ($a, $t, $d, optionally
// followed by ".name"), which mark code and data kinds, not names.
func isMappingSymbol(m elf.Machine, name string) bool {
	if m != elf.EM_ARM || len(name) < 2 || name[0] != '$' {
		return false
	}
	switch name[1] {
	case 'a', 't', 'd':
		return len(name) == 2 || name[2] == '.'
	}
	return false
}
