package debugger

import (
	"fmt"

	"github.com/rewind-debugger/rewind/vm"
)

// Reason says why the session stopped. It is protocol-neutral: each
// front-end maps it to its own words (DAP's stopped reasons, gdb's stop
// replies, the console's sentences); String gives plain English words.
type Reason int

// Stop reasons (the zero Reason is none).
const (
	ReasonStep           Reason = iota + 1 // a step, seek or run-to ended normally
	ReasonBreakpoint                       // a line breakpoint
	ReasonFunction                         // a function breakpoint
	ReasonInstruction                      // an instruction breakpoint
	ReasonData                             // a data breakpoint (watchpoint)
	ReasonException                        // a trap the exception filters select
	ReasonPause                            // Pause, or a step that ran too long
	ReasonEntry                            // the start of the session
	ReasonGoto                             // a seek to a time
	ReasonRestart                          // RestartFrame
	ReasonStartOfHistory                   // a backward operation reached the start of history
	ReasonExited                           // the firmware exited
	ReasonHalted                           // fatal trap, or idle with no input
	ReasonEndOfHistory                     // a replay reached the end of its recording
	ReasonError                            // the operation failed (see Stop.Err)
	ReasonExiting                          // stopped just before the firmware's exit (ExitCode)
)

// reasonWords are the reasons' English names (index = Reason).
var reasonWords = [...]string{"", "step", "breakpoint", "function breakpoint", "instruction breakpoint",
	"data breakpoint", "exception", "pause", "entry", "goto", "restart", "start of history",
	"exited", "halted", "end of history", "error", "exiting"}

// String names the reason in plain words ("data breakpoint", "start of
// history"); "" for the zero Reason.
func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonWords) {
		return reasonWords[r]
	}
	return "unknown"
}

// Stop describes where an operation left the session.
type Stop struct {
	Reason      Reason
	Description string
	Hart        int
	Time        uint64
	PC          uint32
	// BreakpointIDs lists the breakpoints that caused the stop.
	BreakpointIDs []int
	// Breakpoints are those breakpoints as they were at the stop (a
	// temporary one is already gone from the table).
	Breakpoints []*Breakpoint
	// Watch gives the watched memory around the access of a data stop.
	Watch *WatchValues
	// ExitCode is the guest's exit code (ReasonExited, ReasonExiting).
	ExitCode int
	// Trap describes a trap stop (ReasonException, ReasonHalted).
	Trap *Trap
	// Err is set with ReasonError.
	Err error
}

// Trap describes a trap taken by a hart.
type Trap struct {
	Cause, Tval, PC uint32
	Function        string
	// Name spells the cause in the session's architecture ("UsageFault",
	// "machine timer interrupt").
	Name string
	// Interrupt is set for an asynchronous trap.
	Interrupt bool
	// Fault is the fault report when the trap is a fault.
	Fault *FaultReport
	// Time is the moment before the trap was taken.
	Time uint64
	// Kind classifies the cause (ClassifyTrap).
	Kind TrapKind
}

// Exited reports whether the guest has finished.
func (st Stop) Exited() bool { return st.Reason == ReasonExited }

// String renders a stop for logs and consoles.
func (st Stop) String() string {
	s := fmt.Sprintf("%s at %#x (time %d)", st.Reason, st.PC, st.Time)
	if st.Description != "" {
		s += ": " + st.Description
	}
	return s
}

// stopHere makes a Stop at the current position for hart.
func (s *Session) stopHere(r Reason, hart int, desc string) Stop {
	if hart < 0 || hart >= s.m.Harts() {
		hart = 0
	}
	s.hart = hart
	st := Stop{Reason: r, Description: desc, Hart: hart, Time: s.tl.Now(), PC: s.m.Hart(hart).PC()}
	s.noteStop(st)
	return st
}

// errorStop reports a failed operation at the current position.
func (s *Session) errorStop(err error) Stop {
	st := s.stopHere(ReasonError, s.hart, err.Error())
	st.Err = err
	return st
}

// noteStop remembers a stop for the timeline view.
func (s *Session) noteStop(st Stop) {
	s.cache = frameCache{}
	s.stops = append(s.stops, st)
	if len(s.stops) > maxStops {
		s.stops = s.stops[len(s.stops)-maxStops:]
	}
}

// maxStops bounds the recent stops kept for the timeline view.
const maxStops = 64

// machineStop translates a final machine stop (exit, fatal, idle) or
// returns ok=false for the others.
func (s *Session) machineStop(st vm.Stop) (Stop, bool) {
	switch st.Reason {
	case vm.StopExit:
		return s.exitStop(st), true
	case stopRecordingEnd:
		return s.endStop(st), true
	case vm.StopFatal:
		return s.fatalStop(st), true
	case vm.StopIdle:
		return s.stopHere(ReasonHalted, st.Hart, "every hart waits for input that never comes (type into the UART to go on)"), true
	case vm.StopPause:
		return s.stopHere(ReasonPause, st.Hart, "paused"), true
	}
	return Stop{}, false
}

// trapOf describes a trap stop.
func (s *Session) trapOf(st vm.Stop) *Trap {
	ta := s.traps()
	t := &Trap{Cause: st.Cause, Tval: st.Tval, PC: st.PC, Name: ta.name(st.Cause), Interrupt: ta.interrupt(st.Cause), Time: st.Time,
		Kind: s.ClassifyTrap(st.Hart, st.Cause).Kind}
	if f := s.syms.FunctionAt(st.PC); f != nil {
		t.Function = f.Name
	}
	t.Fault = s.trapFault(st)
	return t
}
