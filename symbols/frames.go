package symbols

import (
	"debug/dwarf"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/go-delve/delve/pkg/dwarf/reader"
)

// Frame is one frame of the call stack: a physical frame (a function
// activation with its own registers) or an inlined call shown as a frame
// of its own, sharing its physical frame's registers.
type Frame struct {
	// Index is the frame's position, 0 for the innermost.
	Index int
	// PC is the frame's pc: the current pc for frame 0, the return address
	// for callers.
	PC uint32
	// CFA is the canonical frame address (the caller's sp).
	CFA uint32
	// Function is the physical function (for inlined frames too).
	Function *Function
	// Name is the frame's function name: the inlined callee for inlined
	// frames.
	Name string
	// Inlined marks an inlined call.
	Inlined bool
	// Exception marks the frame standing for a hardware exception entry
	// (gdb's "<signal handler called>"): PC is the exception-return marker
	// (EXC_RETURN on Cortex-M) and the next frame is the interrupted code,
	// whose PC is exact rather than a return address.
	Exception bool
	// Location is the frame's source position (for callers: the call).
	Location Location
	// EntryValue, if set, supplies a register's value at the entry of the
	// frame's function (DW_OP_entry_value); a reversible debugger can find
	// it by looking back in time. Without it such values are optimized out.
	EntryValue func(reg int) (uint32, bool)

	table    *Table
	target   Target
	regs     [maxRegs]uint32
	known    [maxRegs]bool
	lookupPC uint32        // PC, or PC-1 for callers (the call instruction)
	caller   *Frame        // innermost frame of the calling physical frame
	scope    *godwarf.Tree // subprogram or inlined_subroutine DIE
}

// Register returns the value of the register with DWARF number n (of the
// table's Arch) in this frame; ok=false when the unwinder could not
// recover it (a caller-saved register in an outer frame).
func (f *Frame) Register(n int) (uint32, bool) {
	if n == f.arch().zero {
		return 0, true
	}
	if n == f.arch().pc {
		return f.PC, true
	}
	if n < 0 || n >= maxRegs || !f.known[n] {
		return 0, false
	}
	return f.regs[n], true
}

// Table returns the symbol table the frame was built from.
func (f *Frame) Table() *Table { return f.table }

// Target returns the target the frame reads.
func (f *Frame) Target() Target { return f.target }

// UnwindOptions tunes Unwind.
type UnwindOptions struct {
	// MaxFrames bounds the frames returned (default 256).
	MaxFrames int
	// PastMain keeps unwinding into main's caller (crt0), which gdb hides
	// by default.
	PastMain bool
}

// physRegs is the register state of a physical frame.
type physRegs struct {
	pc    uint32
	regs  [maxRegs]uint32
	known [maxRegs]bool
	// interrupted: pc is where an exception interrupted the code, not a
	// return address, so it is looked up as it is.
	interrupted bool
}

// targetRegs reads the innermost frame's registers from the target.
func (t *Table) targetRegs(tgt Target) physRegs {
	var st physRegs
	st.pc = tgt.PC()
	for _, n := range t.arch.Registers() {
		if n >= 0 && n < maxRegs {
			st.regs[n], st.known[n] = tgt.Register(n), true
		}
	}
	if z := t.arch.zero; z >= 0 {
		st.regs[z], st.known[z] = 0, true
	}
	if p := t.arch.pc; p >= 0 {
		st.regs[p], st.known[p] = st.pc, true
	}
	return st
}

// Unwind returns the call stack of the target, innermost frame first.
func (t *Table) Unwind(tgt Target, opts UnwindOptions) ([]*Frame, error) {
	if opts.MaxFrames <= 0 {
		opts.MaxFrames = 256
	}
	st := t.targetRegs(tgt)
	var frames []*Frame
	for phys := 0; len(frames) < opts.MaxFrames; phys++ {
		lookup := st.pc
		if phys > 0 && !st.interrupted {
			lookup = st.pc - 1
		}
		fn := t.FunctionAt(lookup)
		if fn == nil && !t.InText(st.pc) {
			if phys == 0 {
				frames = append(frames, t.bareFrame(tgt, st, lookup, nil))
				if ra := t.arch.codeAddr(st.regs[t.arch.ra]); t.InText(ra) && ra != st.pc {
					// A jump to a wild address (a call through a bad
					// pointer): no frame was built yet, so the caller
					// is where ra points, with the same registers.
					st.pc = ra
					continue
				}
			}
			break
		}
		first := len(frames)
		frames = append(frames, t.framesAt(tgt, st, lookup, fn)...)
		caller, cfa, ok := t.unwindStep(tgt, st, fn)
		for _, f := range frames[first:] {
			f.CFA = cfa
		}
		if fn != nil && (fn.Name == "_start" || (fn.Name == "main" && !opts.PastMain)) {
			break
		}
		viaException := false
		if ok && t.arch.exceptions != nil && t.arch.exceptions.isReturn(caller.pc) {
			viaException = true
			var exc *Frame
			exc, caller, ok = t.exceptionFrame(tgt, caller)
			if exc == nil {
				break
			}
			frames = append(frames, exc)
			if !ok {
				break
			}
		}
		if !ok || caller.pc == 0 || !t.InText(caller.pc) {
			break
		}
		// A caller below its callee, or no progress, is a corrupt stack;
		// but an exception frame may lie on the other stack (a handler on
		// MSP interrupting a task on PSP, which is often lower).
		if csp, sp := caller.regs[t.arch.sp], st.regs[t.arch.sp]; !viaException && csp < sp || csp == sp && caller.pc == st.pc {
			break
		}
		st = caller
	}
	if len(frames) > opts.MaxFrames {
		frames = frames[:opts.MaxFrames]
	}
	linkCallers(frames)
	return frames, nil
}

// linkCallers numbers the frames and points each one at the innermost
// frame of its physical caller (where call-site information lives).
func linkCallers(frames []*Frame) {
	for i, f := range frames {
		f.Index = i
	}
	for i, f := range frames {
		for j := i + 1; j < len(frames); j++ {
			if !frames[j].samePhysical(f) {
				f.caller = frames[j]
				break
			}
		}
	}
}

// samePhysical reports whether two frames share one activation.
func (f *Frame) samePhysical(g *Frame) bool {
	return f.PC == g.PC && f.CFA == g.CFA && f.Function == g.Function
}

// Caller returns the innermost frame of the caller's activation, nil for
// the outermost frame.
func (f *Frame) Caller() *Frame { return f.caller }

// bareFrame is a frame without inlining information.
func (t *Table) bareFrame(tgt Target, st physRegs, lookup uint32, fn *Function) *Frame {
	f := &Frame{PC: st.pc, Function: fn, table: t, target: tgt, regs: st.regs,
		known: st.known, lookupPC: lookup}
	if p := t.arch.pc; p >= 0 {
		f.regs[p], f.known[p] = st.pc, true
	}
	if fn != nil {
		f.Name = fn.Name
	} else if name, ok := t.SymbolAt(st.pc); ok {
		f.Name = name
	}
	f.Location, _ = t.PCToLine(lookup)
	return f
}

// framesAt expands one physical frame into its inlined frames (innermost
// first) followed by the physical frame itself.
func (t *Table) framesAt(tgt Target, st physRegs, lookup uint32, fn *Function) []*Frame {
	base := t.bareFrame(tgt, st, lookup, fn)
	if fn == nil || !fn.HasDebugInfo() {
		return []*Frame{base}
	}
	tree, err := t.tree(fn.Offset)
	if err != nil {
		return []*Frame{base}
	}
	base.scope = tree
	stack := reader.InlineStack(tree, uint64(lookup))
	out := make([]*Frame, 0, len(stack)+1)
	loc := base.Location
	for _, in := range stack {
		f := *base
		f.Inlined, f.scope, f.Location = true, in, loc
		f.Name, _ = t.entryName(t.entryAt(in.Offset))
		out = append(out, &f)
		loc = t.callSite(in, fn, lookup)
	}
	base.Location = loc
	return append(out, base)
}

// callSite is the source position of an inlined call.
func (t *Table) callSite(in *godwarf.Tree, fn *Function, pc uint32) Location {
	line, _ := in.Val(dwarf.AttrCallLine).(int64)
	col, _ := in.Val(dwarf.AttrCallColumn).(int64)
	fileIdx, _ := in.Val(dwarf.AttrCallFile).(int64)
	loc := Location{Line: int(line), Column: int(col), Function: fn, IsStmt: true}
	if cu := fn.unit; cu != nil && fileIdx >= 0 && int(fileIdx) < len(cu.files) {
		if i := cu.files[fileIdx]; i >= 0 {
			loc.File = t.lines.files[i]
		}
	}
	_ = pc
	return loc
}

// tree loads (and caches) the DIE tree of a function.
func (t *Table) tree(off dwarf.Offset) (tr *godwarf.Tree, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tr := t.trees[off]; tr != nil {
		return tr, nil
	}
	defer func() {
		if p := recover(); p != nil {
			tr, err = nil, fmt.Errorf("malformed DWARF tree at 0x%x: %v", off, p)
		}
	}()
	tr, err = godwarf.LoadTree(off, t.dwarf, 0)
	if err != nil {
		return nil, fmt.Errorf("load DWARF tree at 0x%x: %w", off, err)
	}
	t.trees[off] = tr
	return tr, nil
}
