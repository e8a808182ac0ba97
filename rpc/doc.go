// Package rpc serves Rewind's JSON-RPC 2.0 automation API: the operations
// of a reversible debugging session (launch, breakpoints and watchpoints,
// run and step in both directions, seek, evaluate, the stack, the timeline,
// the history of a value, the UART) for scripts, CI jobs and automated
// agents. Messages are framed with Content-Length headers (the LSP wire
// format); see README.md for the methods and an example session.
//
//	srv := rpc.NewServer(rpc.Options{})
//	err := srv.ServeConn(ctx, conn) // until the client disconnects
package rpc
