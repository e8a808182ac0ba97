package vm

// snapshotOverhead approximates a snapshot's memory besides its RAM pages
// (the same estimate Bytes makes).
func (s *Snapshot) snapshotOverhead() int {
	n := 256 + len(s.harts)*1400 + len(s.pages)*16
	for _, d := range s.devs {
		n += len(d)
	}
	return n
}

// HeldBytes approximates all the memory s keeps alive: its fixed overhead
// and every RAM page it holds, shared or not.
func (s *Snapshot) HeldBytes() int {
	return s.snapshotOverhead() + len(s.pages)*pageSize
}

// SharedBytes is the size of the RAM pages s and o hold in common: the same
// versions of the same pages, shared copy-on-write. A page version lives in
// consecutive snapshots of one machine, so the memory a snapshot adds to
// the one before it is HeldBytes minus SharedBytes with that one.
func (s *Snapshot) SharedBytes(o *Snapshot) int {
	if o == nil {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(s.pageIdx) && j < len(o.pageIdx) {
		switch a, b := s.pageIdx[i], o.pageIdx[j]; {
		case a < b:
			i++
		case a > b:
			j++
		default:
			if s.pages[i] == o.pages[j] {
				n += pageSize
			}
			i++
			j++
		}
	}
	return n
}
