package adapter

import (
	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// capabilities are what Rewind's adapter supports.
func capabilities(arch string) dap.Capabilities {
	return dap.Capabilities{
		SupportsConfigurationDoneRequest:   true,
		SupportsStepBack:                   true,
		SupportsConditionalBreakpoints:     true,
		SupportsHitConditionalBreakpoints:  true,
		SupportsLogPoints:                  true,
		SupportsFunctionBreakpoints:        true,
		SupportsInstructionBreakpoints:     true,
		SupportsDataBreakpoints:            true,
		SupportsSteppingGranularity:        true,
		SupportsDisassembleRequest:         true,
		SupportsReadMemoryRequest:          true,
		SupportsWriteMemoryRequest:         true,
		SupportsEvaluateForHovers:          true,
		SupportsSetVariable:                true,
		SupportsSetExpression:              true,
		SupportsRestartFrame:               true,
		SupportsRestartRequest:             true,
		SupportsExceptionInfoRequest:       true,
		SupportsTerminateRequest:           true,
		SupportsCancelRequest:              true,
		SupportsBreakpointLocationsRequest: true,
		SupportsLoadedSourcesRequest:       true,
		SupportsValueFormattingOptions:     true,
		SupportTerminateDebuggee:           true,
		ExceptionBreakpointFilters:         exceptionFilters(debugger.ArchExceptionFilters(arch)),
		SupportsExceptionFilterOptions:     true,
	}
}

func (s *Server) onInitialize(req *envelope) {
	var args dap.InitializeRequestArguments
	if !s.decode(req, &args) || s.busy(req) {
		return
	}
	s.withLock(func() { s.client = args })
	s.reply(req, capabilities(s.arch))
}
