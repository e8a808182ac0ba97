package symbols

import (
	"debug/dwarf"
	"sort"
)

// Function is a function with code: from a DWARF subprogram, or from an ELF
// symbol when the code has no debug info (Offset is then 0).
type Function struct {
	Name   string
	Low    uint32 // entry address
	High   uint32 // end of the range holding Low (exclusive)
	Ranges []addrRange
	Offset dwarf.Offset // the subprogram DIE (concrete instance)
	unit   *compUnit
	// DeclFile and DeclLine give the declaration's position when known.
	DeclLine int
}

// Contains reports whether pc is in one of the function's ranges.
func (f *Function) Contains(pc uint32) bool {
	for _, r := range f.Ranges {
		if r.contains(pc) {
			return true
		}
	}
	return false
}

// HasDebugInfo reports whether the function comes from DWARF.
func (f *Function) HasDebugInfo() bool { return f.Offset != 0 }

// maxFuncs bounds the functions read from hostile input.
const maxFuncs = 1 << 22

// loadFuncs collects every subprogram DIE that has code. C functions
// are children of their unit, so only the units' top-level DIEs are read
// (children are skipped through DW_AT_sibling). The same pass keeps the
// unit-level variable definitions, so the Globals scope never walks the
// units again.
func (t *Table) loadFuncs() {
	for _, cu := range t.units {
		r := t.dwarf.Reader()
		r.Seek(cu.off)
		if top, err := r.Next(); err != nil || top == nil || !top.Children {
			continue
		}
		for n := 0; len(t.funcs) < maxFuncs && n < t.maxEntries(); n++ {
			e, err := r.Next()
			if err != nil || e == nil || e.Tag == 0 {
				break
			}
			if e.Children {
				r.SkipChildren()
			}
			switch e.Tag {
			case dwarf.TagSubprogram:
				t.addFunc(e, cu)
			case dwarf.TagVariable:
				t.addGlobalEntry(e, cu)
			}
		}
	}
}

// addFunc records a subprogram if it has code.
func (t *Table) addFunc(e *dwarf.Entry, cu *compUnit) {
	rs, err := t.dwarf.Ranges(e)
	if err != nil || len(rs) == 0 {
		return
	}
	f := &Function{Offset: e.Offset, unit: cu}
	// Quirk 25 (DWARF-QUIRKS.md): the assembler's subprograms carry the
	// Thumb bit in DW_AT_low_pc.
	code := t.arch.codeAddr
	for _, rg := range rs {
		if lo, hi := code(uint32(rg[0])), code(uint32(rg[1])); hi > lo {
			f.Ranges = append(f.Ranges, addrRange{lo, hi})
		}
	}
	if len(f.Ranges) == 0 {
		return
	}
	f.Low, f.High = f.Ranges[0].lo, f.Ranges[0].hi
	if lo, ok := e.Val(dwarf.AttrLowpc).(uint64); ok {
		f.Low = code(uint32(lo))
		for _, rg := range f.Ranges {
			if rg.contains(f.Low) {
				f.High = rg.hi
			}
		}
	}
	f.Name, f.DeclLine = t.entryName(e)
	t.funcs = append(t.funcs, f)
	t.byName[f.Name] = append(t.byName[f.Name], f)
}

// finishFuncs adds symbol-only functions and sorts the list.
func (t *Table) finishFuncs() {
	t.addSymtabFuncs()
	sort.SliceStable(t.funcs, func(i, j int) bool { return t.funcs[i].Low < t.funcs[j].Low })
	for _, f := range t.funcs {
		if len(f.Ranges) > 1 {
			t.multiRange = append(t.multiRange, f)
		}
	}
}

// addSymtabFuncs adds functions known only from .symtab (assembly code).
// Aliases (one code range under several names, such as libgcc's
// __aeabi_fadd and __addsf3) share the function of the first name in
// .symtab, which is the one gdb shows.
func (t *Table) addSymtabFuncs() {
	aliases := map[addrRange]*Function{}
	for _, s := range t.syms {
		if s.Kind != SymFunc || s.Size == 0 || len(t.byName[s.Name]) > 0 {
			continue
		}
		r := addrRange{s.Addr, s.Addr + s.Size}
		if f := aliases[r]; f != nil {
			t.byName[s.Name] = append(t.byName[s.Name], f)
			continue
		}
		f := &Function{Name: s.Name, Low: s.Addr, High: s.Addr + s.Size,
			Ranges: []addrRange{r}}
		aliases[r] = f
		t.funcs = append(t.funcs, f)
		t.byName[s.Name] = append(t.byName[s.Name], f)
	}
}

// entryName follows abstract origins and specifications to a DIE's name.
func (t *Table) entryName(e *dwarf.Entry) (string, int) {
	for depth := 0; depth < 8 && e != nil; depth++ {
		name, _ := e.Val(dwarf.AttrName).(string)
		line, _ := e.Val(dwarf.AttrDeclLine).(int64)
		if name != "" {
			return name, int(line)
		}
		off, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		if !ok {
			off, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		}
		if !ok {
			break
		}
		e = t.entryAt(off)
	}
	return "", 0
}

// entryAt reads the DIE at off (nil on error).
func (t *Table) entryAt(off dwarf.Offset) *dwarf.Entry {
	r := t.dwarf.Reader()
	r.Seek(off)
	e, err := r.Next()
	if err != nil {
		return nil
	}
	return e
}

// Functions lists every function, sorted by entry address.
func (t *Table) Functions() []*Function { return t.funcs }

// FunctionsNamed returns the functions with this name (several static
// functions may share one).
func (t *Table) FunctionsNamed(name string) []*Function { return t.byName[name] }

// FunctionByName returns the first function with this name.
func (t *Table) FunctionByName(name string) (*Function, bool) {
	fs := t.byName[name]
	if len(fs) == 0 {
		return nil, false
	}
	return fs[0], true
}

// FunctionAt returns the function whose code holds pc. The unit is found
// through .debug_aranges first, since the DWARF ranges of assembly units
// can overlap others.
func (t *Table) FunctionAt(pc uint32) *Function {
	cu := t.unitAt(pc)
	var fallback *Function
	consider := func(f *Function) *Function {
		if !f.Contains(pc) {
			return nil
		}
		if cu == nil || f.unit == cu || f.unit == nil && fallback != nil {
			return f
		}
		if fallback == nil {
			fallback = f
		}
		return nil
	}
	i := sort.Search(len(t.funcs), func(i int) bool { return t.funcs[i].Low > pc })
	for j := i - 1; j >= 0 && j >= i-8; j-- {
		if f := consider(t.funcs[j]); f != nil {
			return f
		}
	}
	for _, f := range t.multiRange {
		if f := consider(f); f != nil {
			return f
		}
	}
	return fallback
}

// unitHasLoclist reports (once per unit, lazily) whether any variable of
// the unit uses a location list: gdb's sign of optimized GCC code.
func (t *Table) unitHasLoclist(cu *compUnit) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if cu.loclistKnown {
		return cu.hasLoclist
	}
	cu.loclistKnown = true
	r := t.dwarf.Reader()
	r.Seek(cu.off)
	for n := 0; n < t.maxEntries(); n++ {
		e, err := r.Next()
		if err != nil || e == nil || (n > 0 && e.Tag == dwarf.TagCompileUnit) {
			break
		}
		if e.Tag != dwarf.TagVariable && e.Tag != dwarf.TagFormalParameter {
			continue
		}
		f := e.AttrField(dwarf.AttrLocation)
		if f != nil && (f.Class == dwarf.ClassLocListPtr || f.Class == dwarf.ClassLocList) {
			cu.hasLoclist = true
			break
		}
	}
	return cu.hasLoclist
}

// BreakpointAddr is where "break function" stops, as gdb decides: at the
// entry itself when the function's unit is optimized code with location
// lists (variables are then described correctly from the first
// instruction, GCC >= 4.5), else after the prologue.
func (t *Table) BreakpointAddr(f *Function) uint32 {
	if f.unit != nil && t.unitHasLoclist(f.unit) {
		return f.Low
	}
	return t.PostPrologue(f)
}

// PostPrologue returns the address where a breakpoint on the function
// should go: the prologue_end row if the compiler marked one, else the
// second is_stmt row in the function (GCC 12 marks no prologue end), else
// the entry.
func (t *Table) PostPrologue(f *Function) uint32 {
	s := t.lines.seqAt(f.Low)
	if s == nil {
		return f.Low
	}
	var second uint32
	found := false
	for _, r := range s.rows {
		if r.addr < f.Low || r.addr >= f.High {
			continue
		}
		if r.prologue {
			return r.addr
		}
		if !found && r.isStmt && r.addr > f.Low {
			second, found = r.addr, true
		}
	}
	if found {
		return second
	}
	return f.Low
}
