package symbols

import (
	"debug/dwarf"
	"fmt"
	"sort"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
)

// Breakpoint is one address a source-line breakpoint resolves to.
type Breakpoint struct {
	Addr uint32
	// Line is the line actually used: the requested one, or the next line
	// with code when the requested line has none.
	Line     int
	File     SourceFile
	Function *Function
}

// LineToPCs resolves file:line to breakpoint addresses as gdb does: the
// statement rows of the line (or of the next line with code), one address
// per inlined or duplicated instance (per innermost scope), moved past the
// prologue when the row is a function's entry.
func (t *Table) LineToPCs(file string, line int) ([]Breakpoint, error) {
	if t.noLines != "" {
		return nil, fmt.Errorf("no source lines: %s", t.noLines)
	}
	idx := t.matchFileIdx(file)
	if len(idx) == 0 {
		return nil, fmt.Errorf("no source file matches %q", file)
	}
	want := map[int32]bool{}
	for _, i := range idx {
		want[int32(i)] = true
	}
	best := t.bestLine(want, line)
	if best < 0 {
		return nil, fmt.Errorf("%s:%d: no code at or after this line", file, line)
	}
	var pcs []uint32
	for _, s := range t.lines.seqs {
		for _, r := range s.rows {
			if r.isStmt && int(r.line) == best && want[r.file] {
				pcs = append(pcs, r.addr)
			}
		}
	}
	sort.Slice(pcs, func(i, j int) bool { return pcs[i] < pcs[j] })
	return t.breakpointsFor(dedup(pcs), best), nil
}

// bestLine is line if it has statement rows in the files, else the
// smallest greater line that has; -1 if none.
func (t *Table) bestLine(files map[int32]bool, line int) int {
	best := -1
	for _, s := range t.lines.seqs {
		for _, r := range s.rows {
			if !r.isStmt || !files[r.file] || int(r.line) < line {
				continue
			}
			if best < 0 || int(r.line) < best {
				best = int(r.line)
			}
		}
	}
	return best
}

// breakpointsFor keeps one address per innermost scope and skips
// prologues at function entries.
func (t *Table) breakpointsFor(pcs []uint32, line int) []Breakpoint {
	var out []Breakpoint
	seen := map[dwarf.Offset]bool{}
	for _, pc := range pcs {
		fn := t.FunctionAt(pc)
		key := t.scopeKey(fn, pc)
		if key != 0 && seen[key] {
			continue
		}
		seen[key] = true
		addr := pc
		if fn != nil && pc == fn.Low {
			addr = t.BreakpointAddr(fn)
		}
		bp := Breakpoint{Addr: addr, Line: line, Function: fn}
		if loc, ok := t.PCToLine(addr); ok {
			bp.File = loc.File
			if addr != pc {
				bp.Line = loc.Line
			}
		}
		out = append(out, bp)
	}
	return out
}

// scopeKey is the DIE of the innermost block, inlined call or function
// holding pc (0 if unknown).
func (t *Table) scopeKey(fn *Function, pc uint32) dwarf.Offset {
	if fn == nil || !fn.HasDebugInfo() {
		return 0
	}
	tree, err := t.tree(fn.Offset)
	if err != nil {
		return fn.Offset
	}
	return innermostScope(tree, uint64(pc), 0).Offset
}

// innermostScope descends to the deepest block or inlined call at pc.
func innermostScope(n *godwarf.Tree, pc uint64, depth int) *godwarf.Tree {
	if depth > maxTypeDepth {
		return n
	}
	for _, c := range n.Children {
		switch c.Tag {
		case dwarf.TagLexDwarfBlock, dwarf.TagInlinedSubroutine:
			if c.ContainsPC(pc) {
				return innermostScope(c, pc, depth+1)
			}
		}
	}
	return n
}
