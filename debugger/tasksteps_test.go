package debugger

import (
	"slices"
	"testing"
)

// tcbOf is the address of one of the test kernel's TCB variables.
func tcbOf(t *testing.T, s *Session, name string) uint32 {
	t.Helper()
	v, err := s.EvaluateUint(0, 0, "(unsigned)&"+name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// toProducerYield runs the test kernel to the producer's yield in
// xQueueSend (kernel.c:339, after waking the higher-priority consumer)
// through a breakpoint that holds only in the producer, and steps into
// taskYIELD. It returns the time of the breakpoint's stop.
func toProducerYield(t *testing.T, s *Session, prod uint32) uint64 {
	t.Helper()
	bp, err := s.AddBreakpoint(BreakpointSpec{Kind: KindLine, File: "kernel.c", Line: 339, Condition: Condition{Func: s.InTask(prod)}})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); len(st.BreakpointIDs) == 0 || !s.isCurrent(prod) {
		t.Fatalf("did not reach kernel.c:339 in the producer: %v %s", st.Reason, st.Description)
	}
	if err := s.RemoveBreakpoint(bp.ID); err != nil {
		t.Fatal(err)
	}
	at := s.Now()
	if st := s.StepIn(0, Statement); st.Reason != ReasonStep || funcNow(s) != "taskYIELD" {
		t.Fatalf("step into taskYIELD: %v in %s", st.Reason, funcNow(s))
	}
	return at
}

// TestStepOverStaysInTask steps over the producer's yield, which lets the
// consumer run, forward and back: the plain step ends in the consumer (on
// RISC-V), the task step in the producer where its own statements say.
func TestStepOverStaysInTask(t *testing.T) { forEachRTOS(t, testStepOverStaysInTask) }

func testStepOverStaysInTask(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	s.Threads() // before the scheduler: detection must not depend on it
	prod := tcbOf(t, s, "prodTCB")
	atCall := toProducerYield(t, s, prod)
	t0 := s.Now()
	start := s.where(0)
	s.Next(0, Statement)
	crossed, err := s.TaskTimeline(t0, s.Now(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// On RISC-V the plain step ends in the consumer. On Cortex-M the yield
	// is an exception (PendSV), which a plain step runs through to the
	// producer's return; either way the consumer must have run.
	if s.m.IsCortexM() && len(crossed.Intervals) < 2 || !s.m.IsCortexM() && s.inTask(0, prod) {
		t.Fatal("a plain step over the yield did not let the consumer run: the test exercises nothing")
	}
	s.Seek(t0)
	st := s.ThreadStep(0, StepOver, false, Statement)
	if st.Reason != ReasonStep || !s.inTask(0, prod) {
		t.Fatalf("task step: %v, in %s, producer running: %v", st.Reason, funcNow(s), s.isCurrent(prod))
	}
	want := producerNext(t, s, start, t0)
	if s.Now() != want {
		t.Fatalf("task step ended at %d (%s:%d), the producer's next statement is at %d", s.Now(), funcNow(s), lineNow(s), want)
	}
	// Back over the same lines: the producer's previous statement, before
	// the consumer ran (as the plain reverse step finds it in this frame).
	end := s.Now()
	s.StepBack(0, Statement)
	back := s.Now()
	s.Seek(end)
	st = s.ThreadStep(0, StepOver, true, Statement)
	if st.Reason != ReasonStep || s.Now() != back || back > atCall || !s.inTask(0, prod) {
		t.Fatalf("task step back: %v at %d (%s:%d), want %d before %d", st.Reason, s.Now(), funcNow(s), lineNow(s), back, atCall)
	}
}

// producerNext finds by a scan where a step over from start (at time
// from) ends for the producer: its next statement in start's frame, or
// the return to its caller.
func producerNext(t *testing.T, s *Session, start position, from uint64) uint64 {
	t.Helper()
	now := s.Now()
	defer s.tl.Seek(now)
	addrs := append(s.syms.StatementsIn(start.fn.Low, start.fn.High), start.callerPC)
	end := s.Span().End
	ms, err := s.scan(0, from+1, end, addrs)
	if err != nil {
		t.Fatal(err)
	}
	if pc := s.PC(0); s.Now() == end && slices.Contains(addrs, pc) {
		ms = append(ms, mark{time: end, pc: pc, cfa: s.cfa(0)}) // scan stops short of its end
	}
	for _, m := range ms {
		if m.cfa == start.cfa && m.pc != start.callerPC && s.lineOf(m.pc) != start.line {
			return m.time
		}
		if m.pc == start.callerPC && m.cfa == start.callCFA {
			return m.time
		}
	}
	t.Fatalf("no next statement after %d (now %d %s:%d, end %d, start %+v, marks %+v)", from, now, funcNow(s), lineNow(s), s.Span().End, start, ms)
	return 0
}

// TestStepsInTaskAcrossTicks steps over the busy task's loop, which the
// tick preempts and the other tasks interrupt: every step ends in the
// busy task, some cross other tasks' runs, and stepping back retraces the
// same moments.
func TestStepsInTaskAcrossTicks(t *testing.T) { forEachRTOS(t, testStepsInTaskAcrossTicks) }

func testStepsInTaskAcrossTicks(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	bp, err := s.AddBreakpoint(BreakpointSpec{Kind: KindFunction, Function: "vBusy"})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); len(st.BreakpointIDs) == 0 {
		t.Fatalf("did not reach vBusy: %v", st.Reason)
	}
	s.RemoveBreakpoint(bp.ID)
	busy := tcbOf(t, s, "busyTCB")
	// Start a little before the busy task is first switched out.
	if st := s.RunToTaskSwitch(busy, false, false); st.Reason != ReasonStep {
		t.Fatalf("the busy task was never switched out: %v", st.Reason)
	}
	s.Seek(s.Now() - 400)
	if !s.inTask(0, busy) {
		t.Fatalf("the busy task does not run 400 steps before it is switched out (%s)", funcNow(s))
	}
	s.ThreadStep(0, StepOver, false, Statement)
	type pos struct{ pc, sp uint32 }
	here := func() pos { return pos{s.PC(0), s.m.Hart(0).Reg(s.syms.Arch().SP())} }
	times := []uint64{s.Now()}
	where := []pos{here()}
	crossed := 0
	for i := 0; i < 2000 && crossed < 1; i++ {
		before := s.Now()
		st := s.ThreadStep(0, StepOver, false, Statement)
		if st.Reason != ReasonStep || !s.inTask(0, busy) || funcNow(s) != "vBusy" {
			t.Fatalf("step %d: %v in %s (busy running: %v)", i, st.Reason, funcNow(s), s.isCurrent(busy))
		}
		if s.Now()-before > 50 { // a trap ran in between: did another task?
			tl, err := s.TaskTimeline(before, s.Now(), 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(tl.Intervals) > 1 {
				crossed++
			}
		}
		times = append(times, s.Now())
		where = append(where, here())
	}
	if crossed < 1 {
		t.Fatalf("only %d of %d steps crossed another task's run", crossed, len(times)-1)
	}
	// Going back, each step reaches the same place of the task, at the
	// moment going forward stopped there or, when the task was switched
	// out there, at the moment it resumed.
	for i := len(times) - 2; i >= 0; i-- {
		st := s.ThreadStep(0, StepOver, true, Statement)
		if st.Reason != ReasonStep || here() != where[i] || s.Now() < times[i] || s.Now() >= times[i+1] || !s.inTask(0, busy) {
			t.Fatalf("step back to %d (%+v): %v at %d (%s:%d, %+v)", times[i], where[i], st.Reason, s.Now(), funcNow(s), lineNow(s), here())
		}
	}
}

// TestStepOutStaysInTask steps out of taskYIELD in the producer (the
// consumer runs before it returns), then back out of xQueueSend to the
// producer's call of it.
func TestStepOutStaysInTask(t *testing.T) { forEachRTOS(t, testStepOutStaysInTask) }

func testStepOutStaysInTask(t *testing.T, elf string) {
	s := openRTOS(t, elf)
	prod := tcbOf(t, s, "prodTCB")
	atCall := toProducerYield(t, s, prod)
	t0 := s.Now()
	start := s.where(0)
	st := s.ThreadStep(0, StepOutOf, false, Statement)
	if st.Reason != ReasonStep || !s.inTask(0, prod) || funcNow(s) != "xQueueSend" || s.PC(0) != start.callerPC {
		t.Fatalf("step out: %v in %s at %#x, want xQueueSend at %#x in the producer", st.Reason, funcNow(s), s.PC(0), start.callerPC)
	}
	if want := producerNext(t, s, start, t0); s.Now() != want {
		t.Errorf("step out ended at %d, the producer returned at %d", s.Now(), want)
	}
	// Back out of xQueueSend, over the consumer's run: to the producer's
	// call of it.
	st = s.ThreadStep(0, StepOutOf, true, Statement)
	if st.Reason != ReasonStep || !s.inTask(0, prod) || funcNow(s) != "vProducer" || lineNow(s) != 41 || s.Now() >= atCall {
		t.Fatalf("reverse step out: %v in %s:%d at %d, want the producer's call at rtos.c:41 before %d", st.Reason, funcNow(s), lineNow(s), s.Now(), atCall)
	}
}
