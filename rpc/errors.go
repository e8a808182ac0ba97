package rpc

import (
	"fmt"

	"github.com/sourcegraph/jsonrpc2"
)

// Error codes beyond the JSON-RPC 2.0 standard ones.
const (
	// CodeNoSession: the method needs a launched program.
	CodeNoSession = -32000
	// CodeLaunchFailed: the program or recording could not be loaded.
	CodeLaunchFailed = -32001
	// CodeFailed: the operation was refused (bad location, an expression
	// that does not evaluate, ...).
	CodeFailed = -32002
)

// rpcError makes a JSON-RPC error.
func rpcError(code int64, format string, args ...any) *jsonrpc2.Error {
	return &jsonrpc2.Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// failed wraps an operation's error.
func failed(err error) *jsonrpc2.Error {
	return &jsonrpc2.Error{Code: CodeFailed, Message: err.Error()}
}
