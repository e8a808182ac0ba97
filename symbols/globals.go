package symbols

import (
	"debug/dwarf"
	"sort"
)

// maxGlobals bounds the globals collected from hostile input.
const maxGlobals = 1 << 20

// globalEntry is a unit-level variable definition as loadFuncs read it.
type globalEntry struct {
	e  *dwarf.Entry
	cu *compUnit
}

// addGlobalEntry keeps a unit-level variable DIE that defines a variable
// (declarations have no storage); loadGlobals resolves it later.
func (t *Table) addGlobalEntry(e *dwarf.Entry, cu *compUnit) {
	if len(t.globEntries) > maxGlobals {
		return
	}
	if decl, _ := e.Val(dwarf.AttrDeclaration).(bool); decl {
		return
	}
	t.globEntries = append(t.globEntries, globalEntry{e, cu})
}

// loadGlobals turns the unit-level variable definitions loadFuncs kept
// into the sorted globals, lazily, once.
func (t *Table) loadGlobals() []*varDecl {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.globOK || t.dwarf == nil {
		return t.globals
	}
	t.globOK = true
	aux := readerAt(t.dwarf.Reader()) // follows origins and specifications
	decls := make([]varDecl, 0, len(t.globEntries))
	for _, g := range t.globEntries {
		if d, ok := globalDecl(g, aux); ok {
			decls = append(decls, d)
		}
	}
	t.globals = make([]*varDecl, len(decls))
	for i := range decls {
		t.globals[i] = &decls[i]
	}
	sort.SliceStable(t.globals, func(i, j int) bool { return t.globals[i].name < t.globals[j].name })
	return t.globals
}

// globalDecl resolves one definition through its specification to the
// named, kinded declaration a Globals row shows.
func globalDecl(g globalEntry, aux func(dwarf.Offset) *dwarf.Entry) (varDecl, bool) {
	ent := withOrigins(g.e, aux)
	name, _ := ent.Val(dwarf.AttrName).(string)
	if name == "" {
		return varDecl{}, false
	}
	line, _ := ent.Val(dwarf.AttrDeclLine).(int64)
	kind := VarStatic
	if ext, _ := ent.Val(dwarf.AttrExternal).(bool); ext {
		kind = VarGlobal
	}
	return varDecl{entry: ent, name: name, kind: kind, unit: g.cu, line: int(line)}, true
}

// GlobalNames lists the names of file statics and globals.
func (t *Table) GlobalNames() []string {
	var out []string
	for _, g := range t.loadGlobals() {
		out = append(out, g.name)
	}
	return out
}

// GlobalCount is how many file statics and globals there are (the rows of
// a Globals view), without reading their types or values.
func (t *Table) GlobalCount() int { return len(t.loadGlobals()) }

// globalDecl finds a global by name, preferring the unit's own statics,
// then external globals, then any other unit's static.
func (t *Table) globalDecl(name string, unit *compUnit) *varDecl {
	var ext, other *varDecl
	for _, g := range t.loadGlobals() {
		if g.name != name {
			continue
		}
		switch {
		case g.kind == VarStatic && g.unit == unit && unit != nil:
			return g
		case g.kind == VarGlobal && ext == nil:
			ext = g
		case other == nil:
			other = g
		}
	}
	if ext != nil {
		return ext
	}
	return other
}

// Globals returns the values of every file static and global, read through
// the frame's target (unit statics of the frame's unit first).
func (f *Frame) Globals() []Variable {
	gs := f.table.loadGlobals()
	out := make([]Variable, 0, len(gs))
	for _, g := range gs {
		out = append(out, f.evalDecl(*g))
	}
	return out
}

// GlobalsOf returns global values without a frame (for a Globals view when
// the stack cannot be unwound).
func (t *Table) GlobalsOf(tgt Target) []Variable {
	return t.GlobalFrame(tgt).Globals()
}

// Global returns one global or static by name, as seen from the frame.
func (f *Frame) Global(name string) (Variable, bool) {
	var unit *compUnit
	if f.Function != nil {
		unit = f.Function.unit
	}
	d := f.table.globalDecl(name, unit)
	if d == nil {
		return Variable{}, false
	}
	return f.evalDecl(*d), true
}

// GlobalFrame is a frame-less view of the target (pc and registers as
// they are, no function scope) for evaluating globals and registers when
// no frame applies, e.g. at a pc outside any known function.
func (t *Table) GlobalFrame(tgt Target) *Frame {
	st := t.targetRegs(tgt)
	f := &Frame{table: t, target: tgt, PC: st.pc, lookupPC: st.pc, regs: st.regs, known: st.known}
	f.Function = t.FunctionAt(f.PC)
	return f
}
