package debugger

import (
	"slices"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// TestQueryEventsAgainstSteps compares trap queries with the traps a
// single-stepped replay takes.
func TestQueryEventsAgainstSteps(t *testing.T) {
	for _, tc := range []struct {
		elf string
		f   EventFilter
	}{
		{"timer.elf", EventFilter{Kind: EventInterrupt, Code: 7}},
		{"timer.elf", EventFilter{Kind: EventAnyTrap, Code: -1}},
		{"fault.elf", EventFilter{Kind: EventException, Code: -1}},
	} {
		t.Run(tc.elf, func(t *testing.T) {
			s := queryFirmware(t, tc.elf, "", nil)
			got, err := s.QueryEvents(tc.f, QueryPage{})
			if err != nil {
				t.Fatal(err)
			}
			var want []TrapEvent
			stepAll(t, s, checkpoint.Conditions{Traps: true}, func(now uint64, st *vm.Stop) {
				if st == nil || st.Reason != vm.StopTrap || !tc.f.matches(traps{riscvRegs{}}, st.Cause) {
					return
				}
				e := TrapEvent{Time: st.Time, Hart: st.Hart, PC: st.PC, Cause: st.Cause, Tval: st.Tval, Name: (traps{riscvRegs{}}).name(st.Cause),
					Interrupt: st.Cause&interruptBit != 0, Code: st.Cause &^ interruptBit}
				e.Function, e.File, e.Line = s.placeOf(st.PC)
				want = append(want, e)
			})
			if len(want) == 0 {
				t.Fatal("the replay took no trap: a useless case")
			}
			if got.Total != len(want) || !slices.Equal(got.Events, want) {
				i := firstDiff(got.Events, want, func(a, b TrapEvent) bool { return a == b })
				t.Fatalf("query: %d, steps: %d; first difference at %d:\n%+v\n%+v", got.Total, len(want), i, at(got.Events, i), at(want, i))
			}
		})
	}
}

// TestQueryCallsAgainstSteps compares a calls query with the calls a
// single-stepped replay makes: entered at the function's first
// instruction, arguments where its body begins, the return at the return
// address with the entry's sp.
func TestQueryCallsAgainstSteps(t *testing.T) {
	for _, tc := range []struct{ elf, fn string }{
		{"demo.elf", "read_sensor"}, {"demo.elf", "average"}, {"demo.elf", "put_char"}, {"timer.elf", "uart_puts"},
	} {
		t.Run(tc.elf+"/"+tc.fn, func(t *testing.T) {
			s := queryFirmware(t, tc.elf, "", nil)
			got, err := s.QueryCalls(tc.fn, QueryPage{Limit: MaxQueryLimit})
			if err != nil {
				t.Fatal(err)
			}
			want := stepCalls(t, s, tc.fn)
			if len(want) == 0 {
				t.Fatal("no call: a useless case")
			}
			if got.Total != len(want) || !slices.Equal(got.Calls, want) {
				i := firstDiff(got.Calls, want, func(a, b Call) bool { return a == b })
				t.Fatalf("query: %d, steps: %d; first difference at %d:\n%+v\n%+v", got.Total, len(want), i, at(got.Calls, i), at(want, i))
			}
			if strings.Contains(want[0].Args, "unavailable") {
				t.Errorf("arguments %q", want[0].Args)
			}
		})
	}
}

// stepCalls finds the calls of fn by single-stepping the whole history.
func stepCalls(t *testing.T, s *Session, name string) []Call {
	fn, _ := s.syms.FunctionByName(name)
	body := s.syms.BreakpointAddr(fn)
	type open struct {
		i       int
		ra, sp  uint32
		hasArgs bool
	}
	var calls []Call
	var stack []open
	stepAll(t, s, checkpoint.Conditions{}, func(now uint64, st *vm.Stop) {
		if st != nil {
			return
		}
		h := s.m.Hart(0)
		pc, sp := h.PC(), h.Reg(2)
		for k := len(stack) - 1; k >= 0; k-- {
			o := &stack[k]
			if !o.hasArgs && pc == body && sp <= o.sp {
				o.hasArgs = true
				calls[o.i].Args = s.argsNow(0)
			}
			if pc == o.ra && sp == o.sp {
				c := &calls[o.i]
				c.Returned, c.ReturnTime, c.Return = true, now, s.returnedNow(0, fn)
				stack = append(stack[:k], stack[k+1:]...)
			}
		}
		if pc == fn.Low {
			c := Call{Time: now, Hart: 0}
			c.Caller, c.CallerFile, c.CallerLine = s.placeOf(h.Reg(1) - 4)
			stack = append(stack, open{i: len(calls), ra: h.Reg(1), sp: sp, hasArgs: body == pc})
			if body == pc {
				c.Args = s.argsNow(0)
			}
			calls = append(calls, c)
		}
	})
	return calls
}

// TestQueryLogPointEqualsLivePoint checks that a retroactive log point
// lists what the same log point set before the run printed.
func TestQueryLogPointEqualsLivePoint(t *testing.T) {
	for _, tc := range []struct {
		elf, file string
		line      int
		msg       string
	}{
		{"demo.elf", "demo.c", 70, "raw={raw} head={s->head} cal={s->calibration}"},
		{"timer.elf", "timer.c", 46, "ticks={ticks} cause={cause:x}"},
	} {
		t.Run(tc.elf, func(t *testing.T) {
			var live []LogLine
			s := queryFirmwareWith(t, tc.elf, func(s *Session) {
				b := s.SetLineBreakpoints(tc.file, []LineSpec{{Line: tc.line, Condition: Condition{LogMessage: tc.msg}}})
				if !b[0].Verified {
					t.Fatal(b[0].Message)
				}
			}, func(text string, time uint64) {
				live = append(live, LogLine{Time: time, Text: strings.TrimSuffix(text, "\n")})
			})
			if len(live) == 0 {
				t.Fatal("the live log point printed nothing")
			}
			s.RemoveAllBreakpoints()
			got, err := s.QueryLogPoint(tc.file, tc.line, tc.msg, QueryPage{Limit: MaxQueryLimit})
			if err != nil {
				t.Fatal(err)
			}
			eq := func(a, b LogLine) bool { return a.Time == b.Time && a.Text == b.Text }
			if got.Total != len(live) || !slices.EqualFunc(got.Lines, live, eq) {
				i := firstDiff(got.Lines, live, eq)
				t.Fatalf("query: %d, live: %d; first difference at %d:\n%+v\n%+v", got.Total, len(live), i, at(got.Lines, i), at(live, i))
			}
		})
	}
}

// TestQueryLeavesSessionAndPauses: a query leaves time and breakpoints as
// they were, and a Pause asked before it stops it with an error.
func TestQueryLeavesSessionAndPauses(t *testing.T) {
	s, _ := newDemo(t)
	toCheckFailed(t, s)
	now := s.Now()
	s.Pause()
	if _, err := s.QueryCalls("put_char", QueryPage{}); err == nil {
		t.Fatal("a paused query succeeded")
	}
	if s.Now() != now {
		t.Fatalf("paused query moved the session from %d to %d", now, s.Now())
	}
	r, err := s.QueryCalls("put_char", QueryPage{Limit: 3, Last: true})
	if err != nil || len(r.Calls) != 3 || r.Total < 100 {
		t.Fatalf("query after the pause: %+v, %v", r.QueryInfo, err)
	}
	if s.Now() != now {
		t.Fatalf("query moved the session from %d to %d", now, s.Now())
	}
	bs := s.SetFunctionBreakpoints([]FunctionSpec{{Name: "put_tenths"}})
	if !bs[0].Verified {
		t.Fatal(bs[0].Message)
	}
	if _, err := s.QueryWrites(s.m.Hart(0).Reg(2)-64, 64, QueryPage{}); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason != ReasonFunction || funcNow(s) != "put_tenths" {
		t.Fatalf("continue after a query: %v in %s", st, funcNow(s))
	}
}
