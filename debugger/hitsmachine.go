package debugger

import "github.com/rewind-debugger/rewind/vm"

// onMachine runs f with the session reading machine m: a twin machine
// that scans another stretch of history during a parallel reverse search
// (checkpoint.Conditions.Concurrent), or the timeline's own. Everything
// the session evaluates at a hit (conditions, task filters, CondFuncs,
// CFAs) reads s.m, so for f's duration s.m is m; calls are serialized
// by predMu, which also guards what they write (seekRes, cfaRules, the
// symbol table's caches). The machines run at once; only the
// evaluations at hits take turns.
func (s *Session) onMachine(m *vm.Machine, f func()) {
	s.predMu.Lock()
	defer s.predMu.Unlock()
	saved := s.m
	s.m = m
	defer func() { s.m = saved }()
	f()
}

// acceptOn is the timeline's predicate for the session's own stop
// conditions (accept), safe to call from several scanning goroutines.
func (s *Session) acceptOn(m *vm.Machine, st vm.Stop) bool {
	var ok bool
	s.onMachine(m, func() { ok = s.accept(m, st) })
	return ok
}

// cfaOn is a search's Note: the CFA of hart's innermost frame at the hit
// (fastCFA), safe to call from several scanning goroutines.
func (s *Session) cfaOn(m *vm.Machine, hart int) uint64 {
	var cfa uint32
	s.onMachine(m, func() { cfa = s.fastCFA(hart) })
	return uint64(cfa)
}
