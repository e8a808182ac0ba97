//go:build !unix

package hostfile

// openFlags: no special flags where O_NONBLOCK does not exist.
const openFlags = 0
