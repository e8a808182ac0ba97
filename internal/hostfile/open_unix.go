//go:build unix

package hostfile

import "syscall"

// openFlags opens a FIFO without waiting for a writer.
const openFlags = syscall.O_NONBLOCK
