package adapter

// handler answers one request.
type handler func(*Server, *envelope)

// handlerTable maps each DAP command to its handler; each Server builds
// its own (no package-level mutable state).
func handlerTable() map[string]handler {
	return map[string]handler{
		"initialize":                (*Server).onInitialize,
		"launch":                    (*Server).onLaunch,
		"attach":                    (*Server).onAttach,
		"configurationDone":         (*Server).onConfigurationDone,
		"setBreakpoints":            (*Server).onSetBreakpoints,
		"setFunctionBreakpoints":    (*Server).onSetFunctionBreakpoints,
		"setInstructionBreakpoints": (*Server).onSetInstructionBreakpoints,
		"dataBreakpointInfo":        (*Server).onDataBreakpointInfo,
		"setDataBreakpoints":        (*Server).onSetDataBreakpoints,
		"setExceptionBreakpoints":   (*Server).onSetExceptionBreakpoints,
		"breakpointLocations":       (*Server).onBreakpointLocations,
		"threads":                   (*Server).onThreads,
		"stackTrace":                (*Server).onStackTrace,
		"scopes":                    (*Server).onScopes,
		"variables":                 (*Server).onVariables,
		"evaluate":                  (*Server).onEvaluate,
		"setVariable":               (*Server).onSetVariable,
		"setExpression":             (*Server).onSetExpression,
		"continue":                  (*Server).onContinue,
		"next":                      (*Server).onNext,
		"stepIn":                    (*Server).onStepIn,
		"stepOut":                   (*Server).onStepOut,
		"stepBack":                  (*Server).onStepBack,
		"reverseContinue":           (*Server).onReverseContinue,
		"restartFrame":              (*Server).onRestartFrame,
		"pause":                     (*Server).onPause,
		"cancel":                    (*Server).onCancel,
		"disassemble":               (*Server).onDisassemble,
		"readMemory":                (*Server).onReadMemory,
		"writeMemory":               (*Server).onWriteMemory,
		"exceptionInfo":             (*Server).onExceptionInfo,
		"loadedSources":             (*Server).onLoadedSources,
		"source":                    (*Server).onSource,
		"restart":                   (*Server).onRestart,
		"terminate":                 (*Server).onTerminate,
		"disconnect":                (*Server).onDisconnect,
		"rewind/reverseStepOut":     (*Server).onReverseStepOut,
		"rewind/reverseStepIn":      (*Server).onReverseStepIn,
		"rewind/seek":               (*Server).onSeek,
		"rewind/timeline":           (*Server).onTimeline,
		"rewind/goToFault":          (*Server).onGoToFault,
		"rewind/origin":             (*Server).onOrigin,
		"rewind/query":              (*Server).onQuery,
	}
}
