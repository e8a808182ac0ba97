package debugger

// HistoryStats is the span of history and what keeping it costs.
type HistoryStats struct {
	Start, End  uint64 // the span of history
	Checkpoints int    // snapshots kept
	Bytes       int64  // memory held by them
	Cached      int    // snapshots in the seek cache
	CachedBytes int64  // memory held by the seek cache
	Events      int    // outside inputs logged (UART input, edits)
}

// HistoryStats reports the span of history and its checkpoints; unlike
// History it does not collect the output, so it is cheap.
func (s *Session) HistoryStats() HistoryStats {
	st := s.tl.Stats()
	return HistoryStats{Start: s.tl.Start(), End: s.tl.End(),
		Checkpoints: st.Checkpoints, Bytes: st.Bytes,
		Cached: st.Cached, CachedBytes: st.CachedBytes, Events: st.Events}
}
