// Package adapter serves the Debug Adapter Protocol (DAP) over a
// debugger.Session, so VS Code and any DAP client get Rewind's debugging
// in both directions of time: Step Back and Reverse buttons
// (supportsStepBack), reverse data breakpoints, and custom requests for
// the Rewind extension (rewind/reverseStepOut, rewind/reverseStepIn,
// rewind/seek, rewind/timeline, rewind/goToFault; dispatch.go lists them,
// custom.go holds their arguments and bodies). Exception breakpoint
// filters (exceptions.go) cover both architectures, take conditions
// (interrupt numbers, cause names) and answer exceptionInfo with the
// fault report.
//
// The adapter only translates: every debugging behaviour lives in the
// debugger package. Messages are read with a framing reader of its own
// that survives malformed headers and bodies; each request is decoded
// into github.com/google/go-dap argument types, and anything a client
// sends that cannot be decoded gets an error response while the session
// goes on.
//
// Execution requests (continue, the steps, reverseContinue, seek, ...)
// are answered at once and run on the session's debugger.Runner, so pause
// and cancel can interrupt them; their end is reported by a stopped,
// exited or terminated event. A breakpoint request that comes while
// continue or reverseContinue runs suspends it, applies, and resumes it.
// The session's stop reasons are mapped to DAP's (dapReasons); next with
// instruction granularity steps over calls as gdb's nexti does, stepIn
// with it enters them; stepOut of the outermost frame is refused.
package adapter
