package adapter

// maxDataIDs bounds how many data breakpoint descriptions are remembered
// between dataBreakpointInfo and setDataBreakpoints: every hover or
// "break on value change" menu asks for one.
const maxDataIDs = 256

// rememberDataID keeps the description of a data breakpoint id. When the
// table is full, only the ids of the data breakpoints set now are kept.
func (s *Server) rememberDataID(id, description string) {
	if _, ok := s.dataIDs[id]; !ok && len(s.dataIDs) >= maxDataIDs {
		s.keepDataIDs(s.dataUse)
	}
	s.dataIDs[id] = description
}

// keepDataIDs rebuilds the table with only the ids in use.
func (s *Server) keepDataIDs(used []string) {
	kept := make(map[string]string, len(used))
	for _, id := range used {
		if d, ok := s.dataIDs[id]; ok {
			kept[id] = d
		}
	}
	s.dataIDs, s.dataUse = kept, used
}
