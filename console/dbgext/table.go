package dbgext

import (
	"fmt"
	"slices"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/vm"
)

// Spec asks for one breakpoint or watchpoint.
type Spec struct {
	Kind debugger.Kind
	// File and Line (KindLine), Function (KindFunction), Addr
	// (KindInstruction, and KindData with Size and Access).
	File     string
	Line     int
	Function string
	Addr     uint32
	Size     uint32
	Access   vm.Access
	// Expr is what a watchpoint watches, for messages.
	Expr string
	debugger.Condition
	// Temporary breakpoints are deleted when they stop the run.
	Temporary bool
}

// Entry is one breakpoint of the table with its stable number.
type Entry struct {
	ID   int
	Spec Spec
	// BP is the session's view of it (its id changes whenever its kind is
	// set again).
	BP *debugger.Breakpoint
	// Hits counts the stops it caused.
	Hits int
}

// Table keeps every breakpoint of a session under a stable number and sets
// them into the session kind by kind.
type Table struct {
	s       *debugger.Session
	next    int
	entries []*Entry
}

// NewTable makes an empty table for s.
func NewTable(s *debugger.Session) *Table { return &Table{s: s} }

// Add sets a breakpoint. A breakpoint the session cannot place is refused
// with the reason.
func (t *Table) Add(sp Spec) (*Entry, error) {
	t.next++
	e := &Entry{ID: t.next, Spec: sp}
	t.entries = append(t.entries, e)
	t.apply(sp.Kind, sp.File)
	if e.BP == nil || !e.BP.Verified {
		msg := "it could not be placed"
		if e.BP != nil && e.BP.Message != "" {
			msg = e.BP.Message
		}
		t.remove(e.ID)
		t.next--
		return nil, fmt.Errorf("cannot set the breakpoint: %s", msg)
	}
	return e, nil
}

// Delete removes breakpoint id.
func (t *Table) Delete(id int) error {
	e := t.Get(id)
	if e == nil {
		return fmt.Errorf("no breakpoint number %d", id)
	}
	t.remove(id)
	return nil
}

// DeleteAll removes every breakpoint.
func (t *Table) DeleteAll() {
	for _, e := range slices.Clone(t.entries) {
		t.remove(e.ID)
	}
}

func (t *Table) remove(id int) {
	i := slices.IndexFunc(t.entries, func(e *Entry) bool { return e.ID == id })
	if i < 0 {
		return
	}
	e := t.entries[i]
	t.entries = slices.Delete(t.entries, i, i+1)
	t.apply(e.Spec.Kind, e.Spec.File)
}

// Get returns breakpoint id, or nil.
func (t *Table) Get(id int) *Entry {
	for _, e := range t.entries {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// List returns the breakpoints in the order they were made.
func (t *Table) List() []*Entry { return slices.Clone(t.entries) }

// Stopped maps a stop's session breakpoint ids to the table's entries,
// counts their hits and deletes the temporary ones. It returns the entries
// (still valid after deletion).
func (t *Table) Stopped(st debugger.Stop) []*Entry {
	var out []*Entry
	for _, id := range st.BreakpointIDs {
		for _, e := range t.entries {
			if e.BP != nil && e.BP.ID == id {
				e.Hits++
				out = append(out, e)
			}
		}
	}
	for _, e := range out {
		if e.Spec.Temporary {
			t.remove(e.ID)
		}
	}
	return out
}

// apply sets every breakpoint of one kind (of one file for line
// breakpoints) into the session again.
func (t *Table) apply(k debugger.Kind, file string) {
	var mine []*Entry
	for _, e := range t.entries {
		if e.Spec.Kind == k && (k != debugger.KindLine || e.Spec.File == file) {
			mine = append(mine, e)
		}
	}
	var bps []*debugger.Breakpoint
	switch k {
	case debugger.KindLine:
		specs := make([]debugger.LineSpec, len(mine))
		for i, e := range mine {
			specs[i] = debugger.LineSpec{Line: e.Spec.Line, Condition: e.Spec.Condition}
		}
		bps = t.s.SetLineBreakpoints(file, specs)
	case debugger.KindFunction:
		specs := make([]debugger.FunctionSpec, len(mine))
		for i, e := range mine {
			specs[i] = debugger.FunctionSpec{Name: e.Spec.Function, Condition: e.Spec.Condition}
		}
		bps = t.s.SetFunctionBreakpoints(specs)
	case debugger.KindInstruction:
		specs := make([]debugger.InstructionSpec, len(mine))
		for i, e := range mine {
			specs[i] = debugger.InstructionSpec{Addr: e.Spec.Addr, Condition: e.Spec.Condition}
		}
		bps = t.s.SetInstructionBreakpoints(specs)
	case debugger.KindData:
		specs := make([]debugger.DataSpec, len(mine))
		for i, e := range mine {
			sp := e.Spec
			specs[i] = debugger.DataSpec{Name: sp.Expr, Addr: sp.Addr, Size: sp.Size, Access: sp.Access, Condition: sp.Condition}
		}
		bps = t.s.SetDataBreakpoints(specs)
	}
	for i, e := range mine {
		if i < len(bps) {
			e.BP = bps[i]
		}
	}
}
