package debugger

// scan lists, oldest first, the moments in [from, to) at which hart is
// about to execute one of addrs (tests compare them with stops). It
// leaves the timeline at to.
func (s *Session) scan(hart int, from, to uint64, addrs []uint32) ([]mark, error) {
	if err := s.tl.Seek(to); err != nil {
		return nil, err
	}
	var out []mark
	_, _, err := s.searchMarks(hart, addrs, from, func(m mark) bool {
		out = append(out, m)
		return false
	})
	if err != nil {
		return nil, err
	}
	if err := s.tl.Seek(to); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}
