package debugger

import (
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// The learned CFA rules give the CFA a full unwind gives, at every
// statement boundary of whole runs (recursion in prog-Og, frames of every
// shape in demo, bench's kernels).
func TestLearnedCFAMatchesUnwind(t *testing.T) {
	for _, s := range []*Session{newProg(t), newFirmware(t, "demo"), newFirmware(t, "bench")} {
		var c checkpoint.Conditions
		for _, a := range s.allStatements() {
			c.Breakpoints = append(c.Breakpoints, checkpoint.Breakpoint{Addr: a, Hart: -1})
		}
		s.tl.SetConditions(c)
		fast := 0
		for n := 0; n < 30_000; n++ {
			st := s.tl.Run(checkpoint.Forever)
			if st.Reason != vm.StopBreakpoint {
				break
			}
			r := s.cfaRules[st.PC]
			learned := r != nil && r.n >= cfaSamples
			if got, want := s.fastCFA(0), s.cfa(0); got != want {
				t.Fatalf("%s at %#x (time %d): learned CFA %#x, unwound %#x", s.opt.Path, st.PC, st.Time, got, want)
			}
			if learned {
				fast++
			}
		}
		if fast == 0 {
			t.Fatalf("%s: no rule was ever used", s.opt.Path)
		}
	}
}
