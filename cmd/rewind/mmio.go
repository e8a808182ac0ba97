package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/rewind-debugger/rewind/vm"
)

// reportMMIO prints each first access to unknown MMIO on stderr, after
// the firmware output so far.
func reportMMIO(m *vm.Machine, out *bufio.Writer, stderr io.Writer) {
	m.SetMMIOReport(func(a vm.MMIOAccess) {
		out.Flush()
		fmt.Fprintf(stderr, "rewind: %v\n", a)
	})
}
