package checkpoint

import (
	"cmp"
	"slices"

	"github.com/rewind-debugger/rewind/vm"
)

const pageShift = 12

// maxSummaryDevices bounds the distinct device accesses a (merged) summary
// lists; beyond it the summary says any device access may have happened.
const maxSummaryDevices = 256

// summary is what a segment of history did (see vm.ActivitySets): the RAM
// lines it executed code from and stored to, the RAM pages it loaded from,
// its device accesses and the traps its harts took. A reverse search skips
// a segment whose summary cannot contain a hit.
type summary struct {
	known      bool // false while the segment is open or its activity unknown
	exec       lineSet
	write      lineSet
	read       []uint32 // page numbers, ascending
	devices    []vm.DeviceAccess
	devicesAll bool
	traps      []vm.TrapNote
}

// summaryOf makes a segment's summary from the machine's activity.
func summaryOf(a vm.ActivitySets) summary {
	return summary{known: true, exec: lineSet(a.Exec), write: lineSet(a.Written),
		read: a.Read, devices: a.Devices, devicesAll: a.DevicesAll, traps: a.Traps}
}

// merge folds the following segment's summary into s.
func (s *summary) merge(next summary) {
	if !s.known || !next.known {
		*s = summary{}
		return
	}
	s.exec = s.exec.union(next.exec)
	s.write = s.write.union(next.write)
	s.read = unionPages(s.read, next.read)
	s.devicesAll = s.devicesAll || next.devicesAll
	for _, d := range next.devices {
		if s.devicesAll {
			break
		}
		if !slices.Contains(s.devices, d) {
			if len(s.devices) == maxSummaryDevices {
				s.devicesAll, s.devices = true, nil
				break
			}
			s.devices = append(s.devices, d)
		}
	}
	if s.devicesAll {
		s.devices = nil
	}
	s.traps = mergeTraps(s.traps, next.traps)
}

// mergeTraps adds the counts of b to a (both ascending by hart and cause).
func mergeTraps(a, b []vm.TrapNote) []vm.TrapNote {
	out := slices.Clone(a)
	for _, n := range b {
		i := slices.IndexFunc(out, func(o vm.TrapNote) bool { return o.Hart == n.Hart && o.Cause == n.Cause })
		if i >= 0 {
			out[i].Count += n.Count
		} else {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(x, y vm.TrapNote) int {
		if x.Hart != y.Hart {
			return x.Hart - y.Hart
		}
		return cmp.Compare(x.Cause, y.Cause)
	})
	return out
}

// unionPages merges two ascending page sets.
func unionPages(a, b []uint32) []uint32 {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// intersectsPages reports whether two ascending page sets share a page.
func intersectsPages(a, b []uint32) bool {
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

// mayHit reports whether a segment with this summary can hold a hit of
// conditions whose needs are n.
func (s *summary) mayHit(n *needs) bool {
	if !s.known || n.always {
		return true
	}
	if s.exec.intersects(n.exec) || s.write.intersects(n.write) || intersectsPages(s.read, n.read) {
		return true
	}
	for _, r := range n.devices {
		if s.devicesAll {
			return true
		}
		for _, d := range s.devices {
			if d.Access&r.access != 0 && uint64(d.Addr) < r.hi && r.lo < uint64(d.Addr)+uint64(d.Size) {
				return true
			}
		}
	}
	if n.traps {
		for _, t := range s.traps {
			if n.trapMatch == nil || n.trapMatch(t.Hart, t.Cause) {
				return true
			}
		}
	}
	return false
}
