package checkpoint

import (
	"cmp"
	"slices"

	"github.com/rewind-debugger/rewind/vm"
)

// lineSet is a set of 64-byte RAM lines: pages ascending, each with the
// mask of its lines (vm.PageLines).
type lineSet []vm.PageLines

// addRange adds the lines holding bytes [lo, hi) (hi > lo, 64-bit bounds
// so a range may end at 2^32).
func (s lineSet) addRange(lo, hi uint64) lineSet {
	for a := lo &^ (1<<vm.LineShift - 1); a < hi; a += 1 << vm.LineShift {
		p := uint32(a >> pageShift)
		bit := uint64(1) << (a >> vm.LineShift & 63)
		i, found := slices.BinarySearchFunc(s, p, func(e vm.PageLines, p uint32) int { return cmp.Compare(e.Page, p) })
		if found {
			s[i].Lines |= bit
		} else {
			s = slices.Insert(s, i, vm.PageLines{Page: p, Lines: bit})
		}
	}
	return s
}

// union returns the lines in s or t.
func (s lineSet) union(t lineSet) lineSet {
	out := make(lineSet, 0, len(s)+len(t))
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		switch {
		case s[i].Page < t[j].Page:
			out = append(out, s[i])
			i++
		case s[i].Page > t[j].Page:
			out = append(out, t[j])
			j++
		default:
			out = append(out, vm.PageLines{Page: s[i].Page, Lines: s[i].Lines | t[j].Lines})
			i++
			j++
		}
	}
	out = append(out, s[i:]...)
	return append(out, t[j:]...)
}

// intersects reports whether s and t share a line.
func (s lineSet) intersects(t lineSet) bool {
	i, j := 0, 0
	for i < len(s) && j < len(t) {
		switch {
		case s[i].Page < t[j].Page:
			i++
		case s[i].Page > t[j].Page:
			j++
		default:
			if s[i].Lines&t[j].Lines != 0 {
				return true
			}
			i++
			j++
		}
	}
	return false
}
