package debugger

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/vm"
)

// FaultReport is what a developer would otherwise decode by hand when the
// firmware faults: which fault, its status bits in words, the faulting
// instruction with its function and line, and the time to go back to it.
type FaultReport struct {
	// Time is the moment before the faulting instruction: seeking there
	// (GoToFault) shows the state it faulted on, and a reverse-continue with
	// the fault caught lands there too.
	Time  uint64
	Hart  int
	Cause uint32
	// Name is the fault's name ("UsageFault", "load access fault").
	Name string
	// Kind classifies it (a Cortex-M fault by its status bits, a forced
	// HardFault by the fault it escalated); see Signal.
	Kind TrapKind
	// PC is the faulting instruction (the stacked pc on Cortex-M, mepc on
	// RISC-V), with its disassembly and source position.
	PC          uint32
	Instruction string
	Function    string
	File        string
	Line        int
	// Details are the status bits in words, most specific first ("divide
	// by zero (CCR.DIV_0_TRP)", "precise data bus error at 0x50000000").
	Details []string
	// Registers are the raw registers the details come from, in order
	// (CFSR, HFSR, MMFAR, BFAR on Cortex-M; mcause, mepc, mtval on RISC-V).
	Registers []FaultRegister
	// Halted is set when no handler could take the fault and the board
	// stopped on the faulting instruction.
	Halted bool
}

// FaultRegister is one register of a fault report.
type FaultRegister struct {
	Name  string
	Value uint32
}

// Summary is the report in one line: "UsageFault: divide by zero
// (CCR.DIV_0_TRP) at 0x174 in divide (faults.c:104)".
func (r *FaultReport) Summary() string {
	what := r.Name
	if len(r.Details) > 0 {
		what += ": " + r.Details[0]
	}
	return fmt.Sprintf("%s at %s", what, r.Where())
}

// Where names the faulting instruction's place: "0x174 in divide
// (faults.c:104)".
func (r *FaultReport) Where() string {
	s := fmt.Sprintf("%#x", r.PC)
	if r.Function != "" {
		s += " in " + r.Function
	}
	if r.File != "" && r.Line > 0 {
		s += fmt.Sprintf(" (%s:%d)", path.Base(r.File), r.Line)
	}
	return s
}

// Lines is the whole report as text lines, the same in every front-end.
func (r *FaultReport) Lines() []string {
	out := []string{r.Name + " at " + r.Where()}
	for _, d := range r.Details {
		out = append(out, "  "+d)
	}
	if r.Instruction != "" {
		out = append(out, fmt.Sprintf("  faulting instruction: %#x: %s", r.PC, r.Instruction))
	}
	var regs []string
	for _, g := range r.Registers {
		regs = append(regs, fmt.Sprintf("%s=0x%08x", g.Name, g.Value))
	}
	if len(regs) > 0 {
		out = append(out, "  "+strings.Join(regs, " "))
	}
	if r.Halted {
		out = append(out, "  no handler could take it: the board halted on the faulting instruction")
	}
	out = append(out, fmt.Sprintf("  time %d is just before the faulting instruction: go to the fault, or reverse-continue with the fault caught, to see the state it faulted on", r.Time))
	return out
}

// faultReport builds the report of trap st, with the fault status
// registers regs as they were just after the trap was taken (ok false when
// the CPU has none, or they could not be read). It returns nil for a trap that is not a fault.
func (s *Session) faultReport(st vm.Stop, regs vm.FaultRegisters, ok bool) *FaultReport {
	ta := s.traps()
	if !ta.fault(st.Cause) {
		return nil
	}
	r := &FaultReport{Time: st.Time, Hart: st.Hart, Cause: st.Cause, Name: ta.name(st.Cause), PC: st.PC,
		Halted: st.Reason == vm.StopFatal}
	r.Function, r.File, r.Line = s.placeOf(st.PC)
	if d := s.Disassemble(st.PC, 0, 1); len(d) == 1 && !d[0].Invalid {
		r.Instruction = d[0].Text
	}
	r.Kind, r.Details, r.Registers = s.cpu().faultDetails(st, regs, ok)
	return r
}

// ErrNoFault is returned by Fault when no fault was taken up to now.
var ErrNoFault = errors.New("no fault was taken up to now")

// Fault reports the latest fault taken at or before now: the halt the
// board stopped on, or the last trap into a fault handler (found by a
// reverse search of the history; the session stays where it is).
func (s *Session) Fault() (*FaultReport, error) {
	now := s.tl.Now()
	if n := len(s.stops); n > 0 {
		if st := s.stops[n-1]; st.Time == now && st.Trap != nil && st.Trap.Fault != nil {
			return st.Trap.Fault, nil
		}
	}
	var rep *FaultReport
	pc := s.m.Hart(s.hart).PC()
	err := s.query(func() error {
		var err error
		rep, err = s.latestFault(now)
		return err
	})
	if err == nil && s.m.Hart(s.hart).PC() != pc {
		err = s.reenterTrap(now)
	}
	if err != nil {
		return nil, err
	}
	if rep == nil {
		return nil, ErrNoFault
	}
	return rep, nil
}

// faultCauses is the trap filter of every fault of the architecture.
func (s *Session) faultCauses() *checkpoint.TrapFilter {
	return &checkpoint.TrapFilter{Ranges: s.traps().faults()}
}

// GoToFault moves to the moment before the faulting instruction of the
// latest fault at or before now (see Fault).
func (s *Session) GoToFault() Stop {
	rep, err := s.Fault()
	if err != nil {
		return s.errorStop(err)
	}
	s.begin()
	if err := s.seekBefore(rep.Time); err != nil {
		return s.errorStop(err)
	}
	st := s.stopHere(ReasonGoto, rep.Hart,
		fmt.Sprintf("before the faulting instruction of the %s at %s", rep.Name, rep.Where()))
	return st
}
