package debugger

import "github.com/rewind-debugger/rewind/symbols"

// replace makes the breakpoints mine selects match wants, in time linear
// in their number: a verified breakpoint whose key equals a wanted one's
// is kept (same id, hits kept, condition amended), the unmatched ones are
// removed and the rest added under new ids. The result follows wants.
func (s *Session) replace(mine func(*Breakpoint) bool, wants []BreakpointSpec, key func(BreakpointSpec) string) []*Breakpoint {
	old := map[string][]*Breakpoint{}
	s.bps.each(func(b *Breakpoint) {
		if mine(b) && b.Verified {
			k := key(b.Spec)
			old[k] = append(old[k], b)
		}
	})
	out := make([]*Breakpoint, len(wants))
	kept := map[*Breakpoint]bool{}
	var fresh []int // indexes of wants that need a new breakpoint
	for i, sp := range wants {
		k := key(sp)
		if l := old[k]; len(l) > 0 {
			b := l[0]
			old[k] = l[1:]
			b.fill(sp.Condition)
			out[i], kept[b] = b, true
			continue
		}
		fresh = append(fresh, i)
	}
	s.bps.removeIf(func(b *Breakpoint) bool { return mine(b) && !kept[b] })
	s.placeAll(wants, fresh, out)
	for _, i := range fresh {
		out[i].ID = s.bps.nextID + 1
		s.bps.nextID++
		s.bps.insert(out[i])
	}
	s.bps.dirty = true
	s.arm(false)
	return out
}

// placeAll resolves the wanted breakpoints at indexes fresh into out,
// resolving line breakpoints of one file in one batch.
func (s *Session) placeAll(wants []BreakpointSpec, fresh []int, out []*Breakpoint) {
	byFile := map[string][]int{}
	for _, i := range fresh {
		sp := wants[i]
		out[i] = &Breakpoint{Kind: sp.Kind}
		if sp.Kind != KindLine {
			s.resolve(out[i], sp)
			continue
		}
		byFile[sp.File] = append(byFile[sp.File], i)
	}
	for file, idx := range byFile {
		lines := make([]int, len(idx))
		for j, i := range idx {
			lines[j] = wants[i].Line
		}
		locs, errs := s.syms.LinesToPCs(file, lines)
		for j, i := range idx {
			b := out[i]
			s.placeLine(b, wants[i], locs[j], errs[j])
			b.fill(wants[i].Condition)
		}
	}
}

// placeLine fills a line breakpoint from its resolution.
func (s *Session) placeLine(b *Breakpoint, sp BreakpointSpec, locs []symbols.Breakpoint, err error) {
	b.Spec = sp
	b.File, b.Line = sp.File, sp.Line
	switch {
	case err != nil:
		b.Message = err.Error()
	case len(locs) > 0:
		b.Verified, b.Line = true, locs[0].Line
		b.File = locs[0].File.Path
		for _, l := range locs {
			b.Addrs = append(b.Addrs, l.Addr)
		}
	}
}
