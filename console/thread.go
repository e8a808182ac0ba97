package console

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// cmdThread selects the thread commands apply to: an RTOS task once a
// scheduler runs (cmdTaskThread), else a hart (gdb's threads are then
// Rewind's harts, numbered from 0 as "info threads" shows them).
func (c *Console) cmdThread(arg string) error {
	arg = strings.TrimSpace(arg)
	if threads := c.s.Threads(); debugger.TasksActive(threads) {
		return c.cmdTaskThread(threads, arg)
	}
	c.thread = 0
	if arg == "" {
		fmt.Fprintf(c.out, "[Current thread is hart %d]\n", c.hart)
		return nil
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 0 || n >= c.s.Harts() {
		return fmt.Errorf("invalid thread %q: the harts are 0 to %d", arg, c.s.Harts()-1)
	}
	c.hart, c.frame = n, 0
	fmt.Fprintf(c.out, "[Switching to hart %d]\n", n)
	c.showFrame(true)
	return nil
}
