module github.com/rewind-debugger/rewind

go 1.26.0

require (
	github.com/go-delve/delve v1.27.2
	github.com/google/go-dap v0.12.0
	github.com/sourcegraph/jsonrpc2 v0.2.3
	golang.org/x/arch v0.33.0
)
