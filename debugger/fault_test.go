package debugger

import (
	"errors"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

// TestFaultReportARM stops in the BusFault handler, steps on, and asks for
// the report (found by a reverse search) and for the faulting instruction.
func TestFaultReportARM(t *testing.T) {
	s := openARMFaults(t)
	if _, err := s.Fault(); !errors.Is(err, ErrNoFault) {
		t.Fatalf("fault at the start: %v, want ErrNoFault", err)
	}
	if _, err := s.AddCatchpoint(EventException, "BusFault", Condition{}); err != nil {
		t.Fatal(err)
	}
	st := s.Continue()
	if st.Trap == nil || st.Trap.Fault == nil {
		t.Fatalf("continue: %v", st)
	}
	want := st.Trap.Fault
	if want.Function != "load_word" || want.File == "" || want.Line == 0 || want.Instruction != "ldr r0, [r0, #0]" {
		t.Errorf("report place: %+v", want)
	}
	if got := want.Summary(); !strings.HasPrefix(got, "BusFault: precise data bus error at 0x50000000 (BFAR) at 0x17a in load_word (") || !strings.Contains(got, "faults.c:") {
		t.Errorf("summary %q", got)
	}
	regs := map[string]uint32{}
	for _, r := range want.Registers {
		regs[r.Name] = r.Value
	}
	if regs["CFSR"] != 0x8200 || regs["BFAR"] != 0x50000000 || regs["HFSR"] != 0 {
		t.Errorf("registers %+v, want QEMU's CFSR 00008200 BFAR 50000000", want.Registers)
	}
	for range 40 { // into the handler, past its clearing of CFSR
		s.StepInstruction(0)
	}
	got, err := s.Fault()
	if err != nil {
		t.Fatal(err)
	}
	if got.Time != want.Time || strings.Join(got.Lines(), "\n") != strings.Join(want.Lines(), "\n") {
		t.Errorf("report after stepping:\n%s\nwant\n%s", strings.Join(got.Lines(), "\n"), strings.Join(want.Lines(), "\n"))
	}
	now := s.Now()
	if got.Time >= now {
		t.Fatalf("fault time %d not before now %d", got.Time, now)
	}
	g := s.GoToFault()
	if g.Reason != ReasonGoto || g.Time != want.Time || g.PC != 0x17a {
		t.Errorf("go to fault: %v, want time %d pc 0x17a", g, want.Time)
	}
	if st := s.StepInstruction(0); st.PC == 0x17c {
		t.Errorf("one step from the faulting instruction went on to %#x, want the handler", st.PC)
	}
}

// TestFaultReportRISCV reports a trapped load access fault and a halt.
func TestFaultReportRISCV(t *testing.T) {
	s := openFirmware(t, "fault")
	if err := s.SetExceptionFilters([]string{FilterAllFaults}); err != nil {
		t.Fatal(err)
	}
	st := s.Continue()
	r := st.Trap.Fault
	if r == nil || r.Name != "load access fault" || r.Function != "main" || r.Details[0] != "load from 0x50000" || r.Halted {
		t.Fatalf("report %+v", r)
	}
	if !strings.Contains(st.Description, "load access fault: load from 0x50000 at 0x") {
		t.Errorf("stop description %q", st.Description)
	}
	s = openFirmware(t, "crash")
	st = s.Continue()
	if st.Trap == nil || st.Trap.Fault == nil || !st.Trap.Fault.Halted || st.Trap.Fault.Function != "store_sample" {
		t.Fatalf("crash: %v %+v", st, st.Trap)
	}
	r, err := s.Fault()
	if err != nil || r.Details[0] != "store to 0x50000" {
		t.Errorf("Fault at the halt: %+v, %v", r, err)
	}
}

// TestCatchpointTable lists, disables, conditions and removes catchpoints
// like any breakpoint.
func TestCatchpointTable(t *testing.T) {
	s := openARMFaults(t)
	b, err := s.AddCatchpoint(EventException, "UsageFault", Condition{HitCondition: "3"})
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != "catchpoint 1 (trap UsageFault)" {
		t.Errorf("String %q", b.String())
	}
	st := s.Continue()
	if st.Trap == nil || st.Trap.PC != 0x180 || !strings.Contains(st.Trap.Fault.Details[0], "undefined") {
		t.Fatalf("third UsageFault: %v", st)
	}
	if err := s.EnableBreakpoint(b.ID, false); err != nil {
		t.Fatal(err)
	}
	if st := s.Continue(); st.Reason == ReasonException {
		t.Errorf("disabled catchpoint stopped: %v", st)
	}
	if err := s.RemoveBreakpoint(b.ID); err != nil {
		t.Fatal(err)
	}
	c, err := s.AddCatchpoint(EventInterrupt, "SysTick", Condition{Condition: "systicks == 2"})
	if err != nil {
		t.Fatal(err)
	}
	st = s.ReverseContinue()
	if st.Reason != ReasonException || st.Trap.Name != "SysTick" || len(st.BreakpointIDs) != 1 || st.BreakpointIDs[0] != c.ID {
		t.Fatalf("reverse to SysTick with systicks == 2: %v", st)
	}
	if st := s.ReverseContinue(); st.Reason != ReasonStartOfHistory {
		t.Errorf("a second SysTick with systicks == 2: %v", st)
	}
}

// TestFaultSignals classifies the faults of faults.elf as gdb users expect.
func TestFaultSignals(t *testing.T) {
	s := openARMFaults(t)
	if _, err := s.AddCatchpoint(EventException, "", Condition{}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range collectForward(t, s) {
		got = append(got, st.Trap.Fault.Signal())
	}
	want := "SIGFPE SIGBUS SIGBUS SIGILL SIGILL SIGILL"
	if strings.Join(got, " ") != want {
		t.Errorf("signals %v, want %s", got, want)
	}
	for cause, want := range map[uint32]string{5: "SIGSEGV", 2: "SIGILL", 6: "SIGBUS", 3: "SIGTRAP"} {
		k, _, _ := riscvRegs{}.faultDetails(vm.Stop{Cause: cause}, vm.FaultRegisters{}, false)
		if sig := (&FaultReport{Cause: cause, Kind: k}).Signal(); sig != want {
			t.Errorf("RISC-V cause %d: %s, want %s", cause, sig, want)
		}
	}
}

// TestFaultKeepsHandlerEntry: at the handler's first instruction, when
// the last stop recorded is not the trap's (an operation that stopped
// without moving), asking for the report leaves the session there, not at
// the moment before the fault with the same time.
func TestFaultKeepsHandlerEntry(t *testing.T) {
	s := openARMFaults(t)
	if err := s.SetExceptionFilters([]string{FilterBusFault}); err != nil {
		t.Fatal(err)
	}
	fwd := s.Continue()
	if fwd.Trap == nil || fwd.Trap.PC != 0x17a {
		t.Fatalf("continue: %v", fwd)
	}
	s.stopHere(ReasonPause, 0, "paused") // a stop that did not move
	r, err := s.Fault()
	if err != nil || r.Name != "BusFault" || r.Time != fwd.Time {
		t.Fatalf("fault: %+v, %v", r, err)
	}
	if pc := s.m.Hart(0).PC(); pc != fwd.PC || s.Now() != fwd.Time {
		t.Errorf("after the report at %#x, time %d; want the handler %#x at %d", pc, s.Now(), fwd.PC, fwd.Time)
	}
}
