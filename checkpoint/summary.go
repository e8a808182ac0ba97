package checkpoint

import "slices"

const pageShift = 12

// summary is what a segment of history touched: the RAM pages it executed
// code from and the RAM pages it stored to (page numbers = address >> 12).
// A reverse search skips a segment whose summary cannot contain a hit.
type summary struct {
	known bool // false while the segment is open or its activity unknown
	exec  []uint32
	write []uint32
}

func sortPages(p []uint32) []uint32 {
	slices.Sort(p)
	return slices.Compact(p)
}

// union merges two sorted page sets.
func union(a, b []uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// intersects reports whether two sorted page sets share a page.
func intersects(a, b []uint32) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			return true
		}
	}
	return false
}

// merge folds the following segment's summary into s.
func (s *summary) merge(next summary) {
	if !s.known || !next.known {
		*s = summary{}
		return
	}
	s.exec = union(s.exec, next.exec)
	s.write = union(s.write, next.write)
}

// mayHit reports whether a segment with this summary can hold a hit of
// conditions needing the given exec and write pages.
func (s *summary) mayHit(exec, write []uint32) bool {
	if !s.known {
		return true
	}
	return intersects(s.exec, exec) || intersects(s.write, write)
}
