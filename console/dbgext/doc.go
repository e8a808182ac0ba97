// Package dbgext holds what the console and the JSON-RPC server both need
// on top of debugger.Session and that the session does not offer yet: a
// breakpoint table with stable numbers (the session replaces breakpoints
// kind by kind), location strings ("file:line", "function", "*addr"), the
// history of an expression's value over the whole recorded run, and a
// step over one instruction. It belongs in debugger/ and should move there.
package dbgext

import "github.com/rewind-debugger/rewind/debugger"

// StopOnFaults are the exception filters both front-ends set: a fault
// stops the run (as a signal stops gdb), so that firmware that faults
// with no usable trap handler does not trap forever.
var StopOnFaults = []string{debugger.FilterAllFaults}
