// Package adapter serves the Debug Adapter Protocol (DAP) over a
// debugger.Session, so VS Code and any DAP client get Rewind's debugging
// in both directions of time: Step Back and Reverse buttons
// (supportsStepBack), reverse data breakpoints, and custom requests for
// the Rewind extension (dispatch.go lists them; custom.go, origin.go,
// query.go and lanes.go hold their arguments and bodies):
//
//   - rewind/reverseStepOut, rewind/reverseStepIn {threadId}: the reverse
//     steps DAP lacks; a stopped event follows.
//
//   - rewind/seek {time}: go to a moment of the history (clamped to it);
//     answers {time}, then a stopped event (reason "goto").
//
//   - rewind/timeline {lanes?}: {start, end, now, checkpoints, stops,
//     output, lanes?}. With lanes = {interrupts?, exceptions?, calls?:
//     [function], writes?: [{expression | address, size, label?}],
//     tasks?}, it adds rows of events: [{id, label, kind, events: [{time,
//     label}], intervals?: [{from, to, label}], total, truncated?,
//     error?}], kind "interrupt" or "exception" (a lane per cause),
//     "call", "write", or "task" (a lane per RTOS task with the intervals
//     it ran, from Session.TaskTimeline; none without an RTOS). A lane
//     lists the latest 1000 events of the whole history; lanes are
//     searched once per extent of history and then cached.
//
//   - rewind/origin {expression, frameId?} | {register} | {value, depth?}:
//     where a value came from (dataflow): {id, name, value, kind,
//     isSource, instruction, pc, function, source, line, time, hart,
//     note, label, inputs: [{id, name}], address?, children?}. kind is
//     computed, loaded, stored, or a true source (isSource): constant,
//     initial data, device read, CSR read, reset state, exception entry
//     (Cortex-M: lr's EXC_RETURN; frame words stacked at an entry and
//     registers an exception return restores are stored/loaded nodes
//     whose note says so). Each input's id
//     is passed back as value to follow it (the id holds the value and
//     its moment, so it stays valid as the session moves); depth > 1
//     adds the inputs' origins as children. time is the moment before
//     the producing instruction: rewind/seek there shows it.
//
//   - rewind/query {query, ..., limit?, last?}: a search of the whole
//     history; query "writes" {expression, frameId?} | {address, size},
//     "calls" {function}, "events" {kind?: irq|exception|trap, code?},
//     "logpoint" {path, line, message} (a retroactive log point: what a
//     log point with that message would have printed at every hit).
//     Answers {query, total, truncated, last, start, end, items: [{time,
//     hart, label, pc, function, source, line, ...}]}: the first limit
//     items (default 100, at most 10000) or the latest, oldest first, and
//     the count over the whole history.
//
//   - rewind/goToFault: go to the moment before the last fault's faulting
//     instruction (the fault report's time); a stopped event follows.
//
// Exception breakpoint filters (exceptions.go) cover both architectures,
// take conditions (interrupt numbers, cause names) and answer
// exceptionInfo with the fault report.
//
// rewind/origin and rewind/query run on the session's runner like an
// execution request, so pause and cancel interrupt them (the answer is
// then an error) and other requests are refused meanwhile as "running";
// they leave the session where it was and send no stopped event.
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
