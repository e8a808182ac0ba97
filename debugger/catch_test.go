package debugger

import (
	"path/filepath"
	"strings"
	"testing"
)

// openARMFaults opens testdata/arm-faults/faults.elf (mps2-an385).
func openARMFaults(t testing.TB) *Session {
	t.Helper()
	s, err := Open(Program{ELFPath: filepath.Join("..", "testdata", "arm-faults", "faults.elf")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// trapSeen is one trap stop as a test expects it.
type trapSeen struct {
	name   string
	pc     uint32 // the faulting or interrupted instruction
	detail string // a substring of the fault report's first detail ("" for interrupts)
}

// The faults of faults.elf in order, with the fault status QEMU reports
// for each (golden/faults.out: CFSR 02000000, 01000000, 00008200 with BFAR
// 50000000, 00010000, 00020000, then HFSR 40000000 with CFSR 00010000).
var armFaults = []trapSeen{
	{"UsageFault", 0x174, "divide by zero"},
	{"UsageFault", 0x17a, "unaligned access"},
	{"BusFault", 0x17a, "precise data bus error at 0x50000000 (BFAR)"},
	{"UsageFault", 0x180, "undefined instruction"},
	{"UsageFault", 0x180, "invalid state (Thumb bit clear"},
	{"HardFault", 0x180, "undefined instruction"},
}

// collectForward continues until the firmware exits and returns the trap
// stops met.
func collectForward(t *testing.T, s *Session) []Stop {
	t.Helper()
	return collectTraps(t, s.Continue, func(st Stop) bool { return st.Reason == ReasonExiting || st.Exited() })
}

// collectBackward reverse-continues to the start of history and returns
// the trap stops met, newest first.
func collectBackward(t *testing.T, s *Session) []Stop {
	t.Helper()
	return collectTraps(t, s.ReverseContinue, func(st Stop) bool { return st.Reason == ReasonStartOfHistory })
}

// collectTraps runs until a stop that is not a trap, which must be one
// that ends.
func collectTraps(t *testing.T, run func() Stop, ends func(Stop) bool) []Stop {
	t.Helper()
	var out []Stop
	for range 100 {
		st := run()
		if st.Reason != ReasonException {
			if !ends(st) {
				t.Fatalf("run: %v", st)
			}
			return out
		}
		out = append(out, st)
	}
	t.Fatal("too many trap stops")
	return nil
}

func checkTraps(t *testing.T, dir string, got []Stop, want []trapSeen) {
	t.Helper()
	if len(got) != len(want) {
		for _, g := range got {
			t.Logf("got %s", g)
		}
		t.Fatalf("%s: %d trap stops, want %d", dir, len(got), len(want))
	}
	for i, w := range want {
		tr := got[i].Trap
		if tr == nil || tr.Name != w.name || tr.PC != w.pc {
			t.Errorf("%s stop %d: %+v, want %s at %#x", dir, i, tr, w.name, w.pc)
			continue
		}
		if w.detail == "" {
			continue
		}
		if tr.Fault == nil || len(tr.Fault.Details) == 0 || !strings.Contains(tr.Fault.Details[0], w.detail) {
			t.Errorf("%s stop %d: fault report %+v, want %q first", dir, i, tr.Fault, w.detail)
		}
	}
}

// TestCatchARMFaultsBothWays catches every exception of faults.elf going
// forward (at the handler's first instruction) and going backward (before
// the faulting instruction), with the same report both ways.
func TestCatchARMFaultsBothWays(t *testing.T) {
	s := openARMFaults(t)
	b, err := s.AddCatchpoint(EventException, "", Condition{})
	if err != nil {
		t.Fatal(err)
	}
	fwd := collectForward(t, s)
	checkTraps(t, "forward", fwd, armFaults)
	for _, st := range fwd {
		if st.PC == st.Trap.PC || s.syms.FunctionAt(st.PC) == nil || s.syms.FunctionAt(st.PC).Name != "fault_entry" {
			t.Errorf("forward stop at %#x, want the first instruction of fault_entry", st.PC)
		}
		if len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != b.ID {
			t.Errorf("stop names breakpoints %v, want [%d]", st.BreakpointIDs, b.ID)
		}
	}
	if hf := fwd[5].Trap.Fault; len(hf.Details) != 2 || !strings.HasPrefix(hf.Details[1], "forced (escalated)") {
		t.Errorf("HardFault details %q, want the escalation second", hf.Details)
	}
	back := collectBackward(t, s)
	for i, j := 0, len(back)-1; i < j; i, j = i+1, j-1 {
		back[i], back[j] = back[j], back[i]
	}
	checkTraps(t, "backward", back, armFaults)
	for i, st := range back {
		if st.PC != st.Trap.PC || st.Time != fwd[i].Trap.Fault.Time {
			t.Errorf("backward stop %d at %#x time %d, want before the faulting instruction %#x at %d",
				i, st.PC, st.Time, st.Trap.PC, fwd[i].Trap.Fault.Time)
		}
		if strings.Join(st.Trap.Fault.Details, "|") != strings.Join(fwd[i].Trap.Fault.Details, "|") {
			t.Errorf("backward report %q differs from forward %q", st.Trap.Fault.Details, fwd[i].Trap.Fault.Details)
		}
	}
}

// TestCatchARMInterrupts catches SysTick and IRQ 7 by number and by name,
// and checks that the "faults" filter does not stop on interrupts.
func TestCatchARMInterrupts(t *testing.T) {
	cases := []struct {
		causes string
		want   []trapSeen
	}{
		{"", []trapSeen{{"SysTick", 0x2ee, ""}, {"SysTick", 0x2ee, ""}, {"SysTick", 0x2ee, ""}, {"IRQ 7", 0x30c, ""}}},
		{"7", []trapSeen{{"IRQ 7", 0x30c, ""}}},
		{"IRQ 7", []trapSeen{{"IRQ 7", 0x30c, ""}}},
		{"systick", []trapSeen{{"SysTick", 0x2ee, ""}, {"SysTick", 0x2ee, ""}, {"SysTick", 0x2ee, ""}}},
		{"8", nil},
	}
	for _, c := range cases {
		t.Run(c.causes, func(t *testing.T) {
			s := openARMFaults(t)
			if _, err := s.AddCatchpoint(EventInterrupt, c.causes, Condition{}); err != nil {
				t.Fatal(err)
			}
			checkTraps(t, "forward", collectForward(t, s), c.want)
			back := collectBackward(t, s)
			if len(back) != len(c.want) {
				t.Fatalf("backward: %d stops, want %d", len(back), len(c.want))
			}
		})
	}
	s := openARMFaults(t)
	if err := s.SetExceptionFilters([]string{FilterAllFaults, FilterIllegal}); err != nil {
		t.Fatal(err)
	}
	checkTraps(t, "faults filter", collectForward(t, s), armFaults)
}

// TestCatchBadCauses refuses causes the architecture does not have.
func TestCatchBadCauses(t *testing.T) {
	s := openARMFaults(t)
	for _, c := range []struct {
		kind   EventKind
		causes string
	}{{EventInterrupt, "HardFault"}, {EventException, "bogus"}, {EventInterrupt, "900"}, {EventException, "load-access-fault"}} {
		if _, err := s.AddCatchpoint(c.kind, c.causes, Condition{}); err == nil {
			t.Errorf("catch %d %q accepted on Cortex-M", c.kind, c.causes)
		}
	}
	if err := s.SetExceptionFilterOptions([]ExceptionFilter{{ID: FilterInterrupts, Condition: "UsageFault"}}); err == nil {
		t.Error("an interrupts filter on UsageFault accepted")
	}
	if len(s.Breakpoints()) != 0 {
		t.Errorf("refused catchpoints left %d breakpoints", len(s.Breakpoints()))
	}
}

// TestCatchRISCV catches the timer interrupt and the load access fault of
// the RISC-V firmware, by name and by number, both ways.
func TestCatchRISCV(t *testing.T) {
	timer := trapSeen{"machine timer interrupt", 0, ""}
	cases := []struct {
		elf    string
		kind   EventKind
		causes string
		n      int
		want   trapSeen
	}{
		{"timer", EventInterrupt, "", 5, timer},
		{"timer", EventInterrupt, "7", 5, timer},
		{"timer", EventInterrupt, "timer", 5, timer},
		{"timer", EventException, "timer", 5, timer},
		{"timer", EventException, "", 0, timer},
		{"fault", EventException, "load-access-fault", 1, trapSeen{"load access fault", 0, "load from 0x50000"}},
		{"fault", EventException, "5", 1, trapSeen{"load access fault", 0, "load from 0x50000"}},
		{"fault", EventException, "illegal", 0, timer},
	}
	for _, c := range cases {
		t.Run(c.elf+"/"+c.causes, func(t *testing.T) {
			s := openFirmware(t, c.elf)
			if _, err := s.AddCatchpoint(c.kind, c.causes, Condition{}); err != nil {
				t.Fatal(err)
			}
			fwd := collectForward(t, s)
			back := collectBackward(t, s)
			if len(fwd) != c.n || len(back) != c.n {
				t.Fatalf("%d stops forward, %d backward, want %d", len(fwd), len(back), c.n)
			}
			for i, st := range fwd {
				tr := st.Trap
				if tr.Name != c.want.name {
					t.Errorf("stop %d: %s, want %s", i, tr.Name, c.want.name)
				}
				if c.want.detail != "" && (tr.Fault == nil || !strings.Contains(tr.Fault.Details[0], c.want.detail)) {
					t.Errorf("stop %d: report %+v, want %q", i, tr.Fault, c.want.detail)
				}
				if bk := back[len(back)-1-i]; bk.PC != tr.PC {
					t.Errorf("stop %d: backward at %#x, want the trapping pc %#x", i, bk.PC, tr.PC)
				}
			}
		})
	}
}

// TestReverseFromHandlerEntry: from the first instruction of a handler,
// reverse-continue with the trap caught lands before the trap just taken
// (a Cortex-M fault and an interrupt take no time), and so does GoToFault.
func TestReverseFromHandlerEntry(t *testing.T) {
	cases := []struct {
		open   func(testing.TB) *Session
		kind   EventKind
		causes string
		pc     uint32
	}{
		{openARMFaults, EventException, "BusFault", 0x17a},
		{openARMFaults, EventInterrupt, "7", 0x30c},
		{func(t testing.TB) *Session { return openFirmware(t, "timer") }, EventInterrupt, "timer", 0x800002d6},
		{func(t testing.TB) *Session { return openFirmware(t, "fault") }, EventException, "", 0x800001fa},
	}
	for _, c := range cases {
		s := c.open(t)
		if _, err := s.AddCatchpoint(c.kind, c.causes, Condition{}); err != nil {
			t.Fatal(err)
		}
		fwd := s.Continue()
		if fwd.Trap == nil || fwd.Trap.PC != c.pc {
			t.Fatalf("%s: continue: %v", c.causes, fwd)
		}
		back := s.ReverseContinue()
		if back.Reason != ReasonException || back.PC != c.pc || back.Time != fwd.Trap.Time {
			t.Errorf("%s: reverse-continue from the handler: %v, want before %#x at %d", c.causes, back, c.pc, fwd.Trap.Time)
		}
		if f := fwd.Trap.Fault; f != nil && (back.Trap.Fault == nil ||
			strings.Join(back.Trap.Fault.Lines(), "\n") != strings.Join(f.Lines(), "\n")) {
			t.Errorf("%s: report backward %+v, forward %+v", c.causes, back.Trap.Fault, f)
		}
		if again := s.Continue(); again.Time != fwd.Time || again.PC != fwd.PC {
			t.Errorf("%s: continue again: %v, want the handler stop %v", c.causes, again, fwd)
		}
		if fwd.Trap.Fault == nil {
			continue
		}
		if g := s.GoToFault(); g.PC != c.pc || g.Time != fwd.Trap.Time {
			t.Errorf("%s: go to fault from the handler: %v", c.causes, g)
		}
	}
}
