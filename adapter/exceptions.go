package adapter

import (
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// exceptionFilters are the exception breakpoint filters the adapter
// offers in its capabilities: before launch the firmware is unknown, so
// only those of every architecture; after launch a capabilities event
// (announceFilters) lists the firmware's, so that the Breakpoints view
// shows the filters that apply and no others.
func exceptionFilters(fs []debugger.ExceptionFilterInfo) []dap.ExceptionBreakpointsFilter {
	out := make([]dap.ExceptionBreakpointsFilter, 0, len(fs))
	for _, f := range fs {
		out = append(out, dap.ExceptionBreakpointsFilter{Filter: f.ID, Label: f.Label, Description: f.Description,
			SupportsCondition: f.ConditionDescription != "", ConditionDescription: f.ConditionDescription})
	}
	return out
}

// announceFilters tells the client the exception filters of the launched
// firmware's architecture.
func (s *Server) announceFilters(sess *debugger.Session) {
	s.emit("capabilities", dap.CapabilitiesEventBody{Capabilities: dap.Capabilities{
		ExceptionBreakpointFilters: exceptionFilters(sess.ExceptionFilters())}})
}

// onSetExceptionBreakpoints chooses the exception filters, with the
// conditions of filterOptions (interrupt numbers or cause names).
func (s *Server) onSetExceptionBreakpoints(req *envelope) {
	var a dap.SetExceptionBreakpointsArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquireConfig(req)
	if sess == nil {
		return
	}
	defer s.releaseConfig()
	var opts []debugger.ExceptionFilter
	for _, f := range a.Filters {
		opts = append(opts, debugger.ExceptionFilter{ID: f})
	}
	for _, o := range a.FilterOptions {
		opts = append(opts, debugger.ExceptionFilter{ID: o.FilterId, Condition: o.Condition})
	}
	if err := sess.SetExceptionFilterOptions(opts); err != nil {
		s.fail(req, err.Error())
		return
	}
	bps := make([]dap.Breakpoint, len(opts))
	for i := range bps {
		bps[i].Verified = true
	}
	s.reply(req, dap.SetExceptionBreakpointsResponseBody{Breakpoints: bps})
}

// onExceptionInfo describes the trap of the last stop: for a fault, the
// whole fault report (status bits in words, the faulting instruction, its
// time) in the details.
func (s *Server) onExceptionInfo(req *envelope) {
	var a dap.ExceptionInfoArguments
	if !s.decode(req, &a) {
		return
	}
	if s.acquire(req) == nil {
		return
	}
	defer s.mu.Unlock()
	t := s.last.Trap
	if t == nil {
		s.fail(req, "the last stop was not a trap")
		return
	}
	s.reply(req, exceptionInfo(t))
}

// exceptionInfo is the exceptionInfo answer for a trap.
func exceptionInfo(t *debugger.Trap) dap.ExceptionInfoResponseBody {
	if r := t.Fault; r != nil {
		details := strings.Join(r.Lines(), "\n")
		return dap.ExceptionInfoResponseBody{ExceptionId: r.Name, Description: r.Summary(), BreakMode: "always",
			Details: &dap.ExceptionDetails{Message: details, TypeName: "fault", StackTrace: details}}
	}
	kind := "exception"
	if t.Interrupt {
		kind = "interrupt"
	}
	where := t.Function
	if where == "" {
		where = "an unknown function"
	}
	desc := kind + ": " + t.Name + " taken in " + where
	return dap.ExceptionInfoResponseBody{ExceptionId: t.Name, Description: desc, BreakMode: "always",
		Details: &dap.ExceptionDetails{Message: desc, TypeName: kind}}
}

// onGoToFault (rewind/goToFault) goes to the moment before the faulting
// instruction of the last fault at or before now.
func (s *Server) onGoToFault(req *envelope) {
	var err error
	if !s.withSession(req, func(sess *debugger.Session) { _, err = sess.Fault() }) {
		return
	}
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.continuedForCustom(req)
	s.reply(req, nil)
	s.run(func(d *debugger.Session) debugger.Stop { return d.GoToFault() })
}

// trapLabel is the stopped event's description of a trap stop: "Paused
// on UsageFault", "Paused on interrupt SysTick".
func trapLabel(t *debugger.Trap) string {
	if t.Interrupt {
		return "Paused on interrupt " + t.Name
	}
	return "Paused on " + t.Name
}
