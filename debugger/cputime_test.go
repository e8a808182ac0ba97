package debugger

import "syscall"

// cpuTime is the process's user+system CPU seconds, so that benchmarks on
// a loaded machine can report the work they did, not only the wall time.
func cpuTime() float64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
