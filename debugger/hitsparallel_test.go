package debugger

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// backStop is what a test compares of one stop of a run.
type backStop struct {
	time uint64
	ids  string
	desc string
}

// stopsBack reverse-continues from time from to the start of history and
// lists the stops (at most max).
func stopsBack(t *testing.T, s *Session, from uint64, max int) []backStop {
	t.Helper()
	s.Seek(from)
	var out []backStop
	for st := s.ReverseContinue(); st.Reason != ReasonStartOfHistory && len(out) < max; st = s.ReverseContinue() {
		if st.Reason == ReasonError {
			t.Fatalf("reverse continue: %s", st.Description)
		}
		out = append(out, backStop{time: s.Now(), ids: fmt.Sprint(st.BreakpointIDs), desc: st.Description})
	}
	return out
}

// stopsForward continues from the start of history to the exit and lists
// the stops' times (a data stop's as the time before the access, as a
// reverse search reports it).
func stopsForward(t *testing.T, s *Session, max int) []uint64 {
	t.Helper()
	s.Seek(s.Span().Start)
	var out []uint64
	for st := s.Continue(); st.Reason != ReasonExited && len(out) < max; st = s.Continue() {
		switch st.Reason {
		case ReasonData:
			out = append(out, s.Now()-1)
		case ReasonBreakpoint, ReasonFunction:
			out = append(out, s.Now())
		default:
			t.Fatalf("forward: %v %s", st.Reason, st.Description)
		}
	}
	return out
}

// parallelPick is one random set of breakpoints for
// TestParallelReverseContinueOfSessionBreakpoints, and whether a forward
// replay must stop at the same moments (no hit counts: they count from
// the other end; no data watch on the same moment as a breakpoint).
type parallelPick struct {
	specs   []BreakpointSpec
	forward bool
}

// pickBreakpoints makes random breakpoints of the test kernel: functions
// with C conditions (one that cannot be evaluated), hit counts, log points
// and task filters, and conditional data watches.
func pickBreakpoints(rng *rand.Rand, s *Session, tcbs []uint32) parallelPick {
	funcs := []string{"xQueueReceive", "xQueueSend", "vTaskDelay", "copyBytes", "vTaskSwitchContext", "xTaskIncrementTick"}
	conds := []string{"", "", "xTickCount % 3 == 0", "xTickCount > 4", "uxTopReadyPriority != 0", "no_such_variable > 1"}
	hits := []string{"", "", "", "% 3 == 0", ">= 2"}
	p := parallelPick{forward: true}
	for range 1 + rng.IntN(3) {
		c := Condition{Condition: conds[rng.IntN(len(conds))], HitCondition: hits[rng.IntN(len(hits))]}
		switch rng.IntN(5) {
		case 0:
			c.LogMessage = "tick {xTickCount}"
		case 1:
			c.Func = s.InTask(tcbs[rng.IntN(len(tcbs))])
		}
		p.forward = p.forward && c.HitCondition == ""
		p.specs = append(p.specs, BreakpointSpec{Kind: KindFunction, Function: funcs[rng.IntN(len(funcs))], Condition: c})
	}
	if rng.IntN(2) == 0 {
		addr, _ := s.EvaluateUint(0, 0, "(unsigned)&xTickCount")
		c := Condition{Condition: conds[rng.IntN(len(conds)-1)]}
		if rng.IntN(2) == 0 {
			c.Func = s.InTask(tcbs[rng.IntN(len(tcbs))])
		}
		p.specs = append(p.specs, BreakpointSpec{Kind: KindData, Addr: addr, Size: 4, Access: AccessWrite, Expr: "xTickCount", Condition: c})
	}
	return p
}

// TestParallelReverseContinueOfSessionBreakpoints: the session's own
// breakpoints (conditions, hit counts, log points, task filters, data
// watches) are searched on twin machines too, evaluated against the twin's
// state, and reverse-continue stops at the same moments with the same
// breakpoints and descriptions as a search on the session's machine alone,
// and at the moments a forward replay stops at.
func TestParallelReverseContinueOfSessionBreakpoints(t *testing.T) {
	for _, b := range rtosBuilds[:2] {
		t.Run(b.elf, func(t *testing.T) {
			off := false
			s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "rtos", b.elf)},
				Options{StopAtExit: &off, Board: b.board, CheckpointInterval: 4096})
			if err != nil {
				t.Fatal(err)
			}
			var tcbs []uint32
			for _, n := range []string{"prodTCB", "consTCB", "monTCB"} {
				tcbs = append(tcbs, tcbOf(t, s, n))
			}
			end := runToExit(t, s)
			rng := rand.New(rand.NewPCG(14, uint64(len(b.elf))))
			for k := range 12 {
				p := pickBreakpoints(rng, s, tcbs)
				for _, bp := range s.Breakpoints() {
					_ = s.RemoveBreakpoint(bp.ID)
				}
				for _, spec := range p.specs {
					if _, err := s.AddBreakpoint(spec); err != nil {
						t.Fatal(err)
					}
				}
				s.tl.SetScanners(1)
				seq := stopsBack(t, s, end, 400)
				s.tl.SetScanners(2)
				par := stopsBack(t, s, end, 400)
				if !slices.Equal(seq, par) {
					t.Fatalf("set %d %s: on two machines %d stops, on one %d\n%v\n%v", k, describeSpecs(p.specs), len(par), len(seq), par, seq)
				}
				if p.forward && len(seq) < 400 {
					want := stopsForward(t, s, 400)
					slices.Reverse(want)
					got := make([]uint64, len(seq))
					for i, st := range seq {
						got[i] = st.time
					}
					if !slices.Equal(got, want) {
						t.Fatalf("set %d %s: reverse stops %v, forward %v", k, describeSpecs(p.specs), got, want)
					}
				}
			}
			t.Logf("%d segments scanned on twins", s.tl.Stats().TwinScans)
			if n := s.tl.Stats().TwinScans; n == 0 {
				t.Fatal("no segment was scanned on a twin machine")
			}
		})
	}
}

// describeSpecs names breakpoints for a failure message.
func describeSpecs(specs []BreakpointSpec) string {
	var parts []string
	for _, b := range specs {
		w := b.Function
		if b.Kind == KindData {
			w = b.Expr
		}
		parts = append(parts, fmt.Sprintf("%s if %q hits %q log %q task %v", w, b.Condition.Condition, b.HitCondition, b.LogMessage, b.Func != nil))
	}
	return strings.Join(parts, "; ")
}
