package debugger

import (
	"slices"
	"testing"
)

// inInterval reports whether time t lies in an interval of task tcb.
func inInterval(iv []TaskInterval, tcb uint32, t uint64) bool {
	for _, i := range iv {
		if i.TCB == tcb && t >= i.From && t < i.To {
			return true
		}
	}
	return false
}

// TestBreakpointOnlyInTask stops in xQueueReceive only in the monitor
// task, forward and backward, and compares with the entries a scan finds
// while the single-stepped trace says the monitor runs.
func TestBreakpointOnlyInTask(t *testing.T) { forEachRTOS(t, testBreakpointOnlyInTask) }

func testBreakpointOnlyInTask(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	mon := tcbOf(t, s, "monTCB")
	end := runToExit(t, s)
	trace := switchTrace(t, s, elf, end)
	bp, err := s.AddBreakpoint(BreakpointSpec{Kind: KindFunction, Function: "xQueueReceive", Condition: Condition{Func: s.InTask(mon)}})
	if err != nil {
		t.Fatal(err)
	}
	ms, err := s.scan(0, s.Span().Start, end, bp.Addrs)
	if err != nil {
		t.Fatal(err)
	}
	var want []uint64
	others := 0
	for _, m := range ms {
		if inInterval(trace, mon, m.time) {
			want = append(want, m.time)
		} else {
			others++
		}
	}
	if len(want) < 3 || others < 3 {
		t.Fatalf("%d hits in the monitor, %d in other tasks: the test exercises too little", len(want), others)
	}
	s.Seek(s.Span().Start)
	var got []uint64
	for st := s.Continue(); st.Reason != ReasonExited; st = s.Continue() {
		if !slices.Contains(st.BreakpointIDs, bp.ID) {
			t.Fatalf("forward: %v %s", st.Reason, st.Description)
		}
		got = append(got, s.Now())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("forward stops %v, want %v", got, want)
	}
	got = nil
	for st := s.ReverseContinue(); st.Reason != ReasonStartOfHistory; st = s.ReverseContinue() {
		if !slices.Contains(st.BreakpointIDs, bp.ID) {
			t.Fatalf("backward: %v %s", st.Reason, st.Description)
		}
		got = append(got, s.Now())
	}
	slices.Reverse(got)
	if !slices.Equal(got, want) {
		t.Fatalf("backward stops %v, want %v", got, want)
	}
}

// TestRunToTaskSwitch stops where the consumer is switched in and out,
// forward and backward, at the moments of the single-stepped trace.
func TestRunToTaskSwitch(t *testing.T) { forEachRTOS(t, testRunToTaskSwitch) }

func testRunToTaskSwitch(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	cons := tcbOf(t, s, "consTCB")
	end := runToExit(t, s)
	trace := switchTrace(t, s, elf, end)
	var ins, outs []uint64
	for _, iv := range trace {
		if iv.TCB == cons {
			ins = append(ins, iv.From)
			if iv.To < end {
				outs = append(outs, iv.To)
			}
		}
	}
	if len(ins) < 5 {
		t.Fatalf("the consumer was switched in %d times", len(ins))
	}
	for _, in := range []bool{true, false} {
		want := ins
		if !in {
			want = outs
		}
		s.Seek(s.Span().Start)
		var got []uint64
		for {
			st := s.RunToTaskSwitch(cons, in, false)
			if st.Reason != ReasonStep {
				break
			}
			got = append(got, s.Now())
		}
		if !slices.Equal(got, want) {
			t.Errorf("switched in=%v forward: %v, want %v", in, got, want)
		}
		s.Seek(end)
		got = nil
		for {
			st := s.RunToTaskSwitch(cons, in, true)
			if st.Reason != ReasonStep {
				break
			}
			got = append(got, s.Now()+1) // just before the write
		}
		slices.Reverse(got)
		if !slices.Equal(got, want) {
			t.Errorf("switched in=%v backward: %v, want %v", in, got, want)
		}
	}
	if len(s.Breakpoints()) != 0 {
		t.Errorf("the switch watch was left in the table: %v", s.Breakpoints())
	}
}
