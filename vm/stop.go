package vm

// StopReason says why Run or Step returned.
type StopReason int

// Stop reasons.
const (
	StopLimit      StopReason = iota // reached the requested time
	StopBreakpoint                   // about to execute a breakpoint address (not executed)
	StopWatchpoint                   // the instruction at PC made a watched access (completed); Time is before it
	StopTrap                         // a trap was taken and trap stops are armed (after trap entry)
	StopExit                         // the guest wrote the test device (ExitCode); every later Run returns it again until Restore
	StopFatal                        // unusable trap handler or nested fault: see PC, Cause, Tval
	StopIdle                         // every hart waits in wfi and no timer is armed
	StopPause                        // Pause was called
)

var stopNames = [...]string{"limit", "breakpoint", "watchpoint", "trap", "exit", "fatal", "idle", "pause"}

// String names the reason.
func (r StopReason) String() string {
	if r >= 0 && int(r) < len(stopNames) {
		return stopNames[r]
	}
	return "unknown"
}

// Access is the kind of memory access a watchpoint watches.
type Access uint8

// Access kinds.
const (
	AccessRead  Access = 1
	AccessWrite Access = 2
	AccessRW    Access = 3
)

// Stop describes where and why the machine stopped.
type Stop struct {
	Reason   StopReason
	Hart     int
	PC       uint32
	Time     uint64
	Addr     uint32 // watchpoint: accessed address
	Size     int    // watchpoint: access size
	Access   Access // watchpoint: AccessRead or AccessWrite
	Cause    uint32 // trap/fatal: mcause value
	Tval     uint32 // trap/fatal: mtval value
	ExitCode int    // exit: the guest's exit code
}
