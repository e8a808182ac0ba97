package debugger

import "fmt"

// Place resolves a code breakpoint spec as AddBreakpoint would, without
// adding it (it has no id): for "until", "advance", "clear" and "jump",
// which need a location's addresses and line.
func (s *Session) Place(sp BreakpointSpec) (*Breakpoint, error) {
	if sp.Kind == KindData {
		return nil, fmt.Errorf("a data location has no code address")
	}
	b := &Breakpoint{Kind: sp.Kind}
	s.resolve(b, sp)
	if !b.Verified {
		return nil, fmt.Errorf("cannot resolve the location: %s", b.Message)
	}
	return b, nil
}
