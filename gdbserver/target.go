package gdbserver

// Target is the machine the stub debugs: a board whose harts can be
// inspected, stopped on breakpoints and watchpoints, and run in either
// direction. The stub translates packets into calls on a Target and holds no
// debugging logic itself. Methods other than Interrupt are called from one
// goroutine at a time; Interrupt may be called from another goroutine while
// Resume runs.
type Target interface {
	// Harts returns the number of harts (gdb threads 1..Harts()).
	Harts() int
	// ReadRegister returns one register of one hart.
	ReadRegister(hart int, r Reg) (uint32, error)
	// WriteRegister sets one register of one hart (forking the timeline if
	// the target is stopped in the past).
	WriteRegister(hart int, r Reg, v uint32) error
	// ReadMemory fills buf from the debugger's view of the bus.
	ReadMemory(addr uint32, buf []byte) error
	// WriteMemory stores data on the bus.
	WriteMemory(addr uint32, data []byte) error

	// SetBreakpoint inserts a breakpoint, or replaces the condition of the
	// one already at the same address and kind.
	SetBreakpoint(b Breakpoint) error
	// ClearBreakpoint removes the breakpoint at addr of the given kind.
	ClearBreakpoint(addr uint32, hardware bool) error
	// SetWatchpoint inserts a watchpoint.
	SetWatchpoint(w Watchpoint) error
	// ClearWatchpoint removes a watchpoint inserted with the same values.
	ClearWatchpoint(w Watchpoint) error

	// Resume runs the machine forwards or backwards, by one step of a hart
	// or until a stop, and reports why it stopped.
	Resume(a Action) (Event, error)
	// Interrupt asks a running Resume to stop soon with EventInterrupted.
	// It is safe to call from another goroutine, and does nothing when no
	// Resume runs.
	Interrupt()

	// Now returns the current time (machine steps since reset).
	Now() uint64
	// Seek moves the machine to time t, within the recorded history.
	Seek(t uint64) error
	// History describes the recorded history and what it costs.
	History() History
	// SendUART queues bytes into the board's UART receiver now.
	SendUART(data []byte) error
}

// Notices is implemented by targets with messages for the user that no
// packet reply can carry, such as that a change to the past discarded the
// recorded future (the reply to M, P or G must stay OK). The session
// sends them to gdb's console in O packets where the protocol allows
// them: before the next stop reply and after monitor output.
type Notices interface {
	// TakeNotices returns the pending messages (each ending in a newline)
	// and forgets them.
	TakeNotices() []string
}

// Console is implemented by targets whose output (the board's UART) can
// be shown in gdb's console. The session sets a sink when gdb connects and
// clears it (nil) when gdb leaves; the target calls the sink only from
// inside Resume, with text the firmware printed.
type Console interface {
	SetConsole(sink func(text []byte))
}

// RegKind says which register file a Reg names.
type RegKind uint8

// Register files.
const (
	RegGPR   RegKind = iota // x0..x31
	RegPC                   // the program counter
	RegCSR                  // a control and status register
	RegNamed                // a register named as the target's CPU names it (Name)
)

// Reg names one register of a hart.
type Reg struct {
	Kind RegKind
	Num  uint16 // GPR index or CSR number; 0 for the pc
	Name string // RegNamed: "r0", "xpsr", "msp", "s3"
}

// Architecture is implemented by targets that can say which CPU they
// have. Without it, or for another answer than ArchCortexM, the stub
// describes a RISC-V RV32 target.
type Architecture interface {
	// Arch names the CPU's architecture ("riscv32", ArchCortexM).
	Arch() string
	// HasRegister reports whether the CPU has a register of this name
	// (ReadRegister takes it as a RegNamed Reg).
	HasRegister(name string) bool
}

// Breakpoint is a code breakpoint. Cond, when not nil, is evaluated by the
// target each time a hart is about to execute Addr (in either direction of
// execution, while the machine state is that of the hit); the breakpoint
// stops the machine only when Cond returns true.
type Breakpoint struct {
	Addr     uint32
	Hardware bool // inserted with Z1 rather than Z0 (same behaviour here)
	Cond     func(hart int) bool
}

// WatchKind is the access a watchpoint catches.
type WatchKind uint8

// Watchpoint kinds, as in Z2, Z3 and Z4.
const (
	WatchWrite  WatchKind = 2
	WatchRead   WatchKind = 3
	WatchAccess WatchKind = 4
)

// Watchpoint watches Len bytes at Addr.
type Watchpoint struct {
	Addr uint32
	Len  uint32
	Kind WatchKind
}

// Action is one resumption: continue or single-step, forwards or backwards.
type Action struct {
	Reverse bool
	Step    bool
	// Hart is the hart to step, or the hart gdb resumed for a continue; -1
	// when gdb named none. Continuing always runs every hart.
	Hart int
}

// EventKind says why a Resume returned.
type EventKind uint8

// Kinds of stop events.
const (
	EventStep         EventKind = iota // the single step completed
	EventBreakpoint                    // a hart is about to execute a breakpoint address
	EventWatchpoint                    // a watched access (see Event.Addr, Event.Access)
	EventInterrupted                   // Interrupt was called
	EventHistoryBegin                  // reverse execution reached the start of history
	EventHistoryEnd                    // forward execution reached the end of a replayed recording
	EventExited                        // the firmware exited with Event.ExitCode
	EventExiting                       // stopped just before the firmware's exit (Event.ExitCode)
	EventFault                         // the firmware stopped on an unrecoverable fault (Event.Signal)
	EventIdle                          // every hart waits for input that will never come by itself
)

// Event is where and why the target stopped.
type Event struct {
	Kind     EventKind
	Hart     int       // the hart that stopped
	Hardware bool      // breakpoint: it was inserted as a hardware breakpoint
	Addr     uint32    // watchpoint: the watched address that was accessed
	Access   WatchKind // watchpoint: WatchWrite, WatchRead or WatchAccess
	ExitCode int       // exit: the guest's exit code
	Signal   int       // fault: the POSIX signal number to report (4 SIGILL, 11 SIGSEGV...)
}

// History describes the time span a target can revisit and the
// checkpoints that make it fast.
type History struct {
	Start, End  uint64 // the span of history
	Checkpoints int    // snapshots kept
	Bytes       int64  // memory held by them
	Cached      int    // snapshots in the seek cache
	CachedBytes int64
	Events      int // outside inputs logged
}
