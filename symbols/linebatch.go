package symbols

import (
	"fmt"
	"slices"
)

// LinesToPCs resolves many lines of one source file at once, each as
// LineToPCs would; the file is matched and its line table read once, so
// the cost grows with len(lines), not with len(lines) times the table.
// errs[i] is set where out[i] could not be resolved.
func (t *Table) LinesToPCs(file string, lines []int) (out [][]Breakpoint, errs []error) {
	out, errs = make([][]Breakpoint, len(lines)), make([]error, len(lines))
	fail := func(err error) ([][]Breakpoint, []error) {
		for i := range errs {
			errs[i] = err
		}
		return out, errs
	}
	if t.noLines != "" {
		return fail(fmt.Errorf("no source lines: %s", t.noLines))
	}
	idx := t.matchFileIdx(file)
	if len(idx) == 0 {
		return fail(fmt.Errorf("no source file matches %q", file))
	}
	want := map[int32]bool{}
	for _, i := range idx {
		want[int32(i)] = true
	}
	pcs := map[int][]uint32{} // statement rows by line
	for _, s := range t.lines.seqs {
		for _, r := range s.rows {
			if r.isStmt && want[r.file] {
				pcs[int(r.line)] = append(pcs[int(r.line)], r.addr)
			}
		}
	}
	withCode := make([]int, 0, len(pcs))
	for l := range pcs {
		withCode = append(withCode, l)
	}
	slices.Sort(withCode)
	done := map[int][]Breakpoint{} // by the line used
	for i, line := range lines {
		j, _ := slices.BinarySearch(withCode, line)
		if j == len(withCode) {
			errs[i] = fmt.Errorf("%s:%d: no code at or after this line", file, line)
			continue
		}
		best := withCode[j]
		bps, ok := done[best]
		if !ok {
			p := slices.Clone(pcs[best])
			slices.Sort(p)
			bps = t.breakpointsFor(slices.Compact(p), best)
			done[best] = bps
		}
		out[i] = bps
	}
	return out, errs
}
