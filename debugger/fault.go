package debugger

import (
	"errors"
	"fmt"
	"log/slog"
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

// faultReport builds the report of trap st, with the Cortex-M fault
// registers regs as they were just after the trap was taken (ok false on
// RISC-V). It returns nil for a trap that is not a fault.
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
	if ok {
		r.Details = cortexMFaultLines(regs)
		r.Registers = []FaultRegister{{"CFSR", regs.CFSR}, {"HFSR", regs.HFSR}, {"MMFAR", regs.MMFAR}, {"BFAR", regs.BFAR}}
		return r
	}
	r.Details = riscvFaultLines(st.Cause, st.Tval, st.PC)
	r.Registers = []FaultRegister{{"mcause", st.Cause}, {"mepc", st.PC}, {"mtval", st.Tval}}
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

// latestFault finds the newest trap into a fault handler at or before
// now: one taken at now itself (run into from the moment before it), else
// by a search back, reading the fault registers where it was taken. The
// session is left anywhere (see query).
func (s *Session) latestFault(now uint64) (*FaultReport, error) {
	if err := s.seekBefore(now); err != nil {
		return nil, err
	}
	faults := s.faultCauses()
	s.tl.SetConditions(checkpoint.Conditions{Traps: true, TrapCauses: faults})
	if st := s.tl.Run(now + 1); st.Reason == vm.StopTrap && st.Time == now {
		regs, ok := s.m.Hart(st.Hart).FaultRegisters()
		return s.faultReport(st, regs, ok), nil
	}
	if err := s.seekBefore(now); err != nil {
		return nil, err
	}
	ta := s.traps()
	type taken struct {
		regs vm.FaultRegisters
		ok   bool
	}
	seen := map[hitKey]taken{}
	c := checkpoint.Conditions{Traps: true, TrapCauses: faults,
		Predicate: func(m *vm.Machine, st vm.Stop) bool {
			if !ta.fault(st.Cause) {
				return false
			}
			regs, ok := m.Hart(st.Hart).FaultRegisters()
			seen[hitKey{st.Time, st.Hart}] = taken{regs, ok}
			return true
		}}
	h, found, err := s.tl.SearchBack(c, s.tl.Start(), func(checkpoint.Hit) bool { return true })
	if errors.Is(err, checkpoint.ErrPaused) {
		s.ClearPause()
		return nil, errors.New("the search for the last fault was paused")
	}
	if err != nil || !found {
		return nil, err
	}
	t := seen[hitKey{h.Time, h.Hart}]
	return s.faultReport(h.Stop, t.regs, t.ok), nil
}

// reenterTrap takes again the trap at time now that the session stood
// just after: the query that returned to now stopped before that trap
// (a Cortex-M fault or an interrupt takes no time, so both moments are
// now), and a report must not move the session.
func (s *Session) reenterTrap(now uint64) error {
	s.tl.SetConditions(checkpoint.Conditions{Traps: true})
	st := s.tl.Run(now + 1)
	s.arm(false)
	if st.Reason != vm.StopTrap || st.Time != now {
		if err := s.tl.Seek(now); err != nil {
			return err
		}
		return fmt.Errorf("returning to the trap entry at time %d: stopped by %v at %d", now, st.Reason, st.Time)
	}
	s.cache = frameCache{}
	return nil
}

// faultCauses is the trap filter of every fault of the architecture.
func (s *Session) faultCauses() *checkpoint.TrapFilter {
	return &checkpoint.TrapFilter{Ranges: s.traps().faults()}
}

// trapFault is the fault report of a trap or fatal stop st (nil when
// st is no fault). Forward, the machine is just after the trap entry and
// the fault registers are read there; at a reverse stop it is before the
// faulting instruction, so it runs forward into the trap, reads them and
// comes back.
func (s *Session) trapFault(st vm.Stop) *FaultReport {
	if !s.traps().fault(st.Cause) {
		return nil
	}
	if !s.reverse || st.Reason == vm.StopFatal {
		regs, ok := s.m.Hart(st.Hart).FaultRegisters()
		return s.faultReport(st, regs, ok)
	}
	regs, ok, err := s.regsAfterTrap(st)
	if err != nil {
		slog.Warn("reading the fault registers", "time", st.Time, "err", err)
	}
	return s.faultReport(st, regs, ok)
}

// regsAfterTrap reads the fault registers just after the trap st, which
// the session stands just before.
func (s *Session) regsAfterTrap(st vm.Stop) (vm.FaultRegisters, bool, error) {
	now := s.tl.Now()
	s.tl.SetConditions(checkpoint.Conditions{Traps: true,
		TrapCauses: &checkpoint.TrapFilter{Ranges: one(st.Cause)}})
	hit := s.tl.Run(now + 1)
	var regs vm.FaultRegisters
	ok := s.m.IsCortexM()
	found := hit.Reason == vm.StopTrap && hit.Time == st.Time
	if found {
		regs, ok = s.m.Hart(st.Hart).FaultRegisters()
	}
	s.arm(s.reverse)
	if err := s.seekBefore(now); err != nil {
		return regs, ok, err
	}
	if !found {
		return regs, ok, fmt.Errorf("no trap at time %d (%v)", st.Time, hit.Reason)
	}
	return regs, ok, nil
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
