package rpc

// Stop is where an operation left the session.
type Stop struct {
	Reason   string `json:"reason"`
	Time     uint64 `json:"time"`
	PC       uint32 `json:"pc"`
	Function string `json:"function"`
	File     string `json:"file"`
	// Path is the source file on this machine (sourceFileMap applied).
	Path        string `json:"path,omitempty"`
	Line        int    `json:"line"`
	Hart        int    `json:"hart"`
	Description string `json:"description,omitempty"`
	// ExitCode is set when the firmware exited.
	ExitCode *int `json:"exitCode,omitempty"`
	// Breakpoints lists the ids of the breakpoints that stopped the run.
	Breakpoints []int `json:"breakpoints,omitempty"`
	// OldValue and NewValue are a watchpoint stop's watched value just
	// before and just after the access.
	OldValue string `json:"oldValue,omitempty"`
	NewValue string `json:"newValue,omitempty"`
	// Trap names the trap of an exception or halt stop; Fault is its
	// report when it is a fault.
	Trap  string       `json:"trap,omitempty"`
	Fault *FaultReport `json:"fault,omitempty"`
}

// LaunchParams start a session: a firmware ELF, or a recording (its
// embedded ELF, or program when given).
type LaunchParams struct {
	Program   string `json:"program"`
	Recording string `json:"recording"`
	Harts     int    `json:"harts"`
	// Board is a built-in board's name or alias, or a board file's path
	// (empty: the board the ELF is for).
	Board string `json:"board"`
	// StopAtExit (default true) stops just before the firmware's exit
	// (reason "exiting"); false ends the run at the exit.
	StopAtExit *bool `json:"stopAtExit"`
	// SourceFileMap maps build directories (prefixes of the source paths
	// in the DWARF) to directories on this machine, as DAP's
	// sourceFileMap does: results carry the local path, and breakpoint
	// locations may name the local file.
	SourceFileMap map[string]string `json:"sourceFileMap"`
	// SVD is the CMSIS-SVD file of the peripheral methods ("": the one
	// given with --svd, else the board's built-in one).
	SVD string `json:"svd,omitempty"`
}

// BreakpointParams set a breakpoint at "file:line", "line", "function",
// "*addr" or "+N"/"-N" (lines from the current one).
type BreakpointParams struct {
	Location     string `json:"location"`
	Condition    string `json:"condition"`
	HitCondition string `json:"hitCondition"`
	LogMessage   string `json:"logMessage"`
	// Temporary breakpoints are deleted when they stop the run.
	Temporary bool `json:"temporary"`
	// Thread, when set, limits the breakpoint to that RTOS task (an id
	// from threads), forwards and backwards.
	Thread int `json:"thread,omitempty"`
}

// Breakpoint is a breakpoint or watchpoint as set.
type Breakpoint struct {
	ID   int    `json:"id"`
	File string `json:"file,omitempty"`
	// Path is the breakpoint's source file on this machine
	// (sourceFileMap applied).
	Path         string `json:"path,omitempty"`
	Line         int    `json:"line,omitempty"`
	Address      uint32 `json:"address"`
	Size         uint32 `json:"size,omitempty"`
	Expression   string `json:"expression,omitempty"`
	Access       string `json:"access,omitempty"`
	Condition    string `json:"condition,omitempty"`
	HitCondition string `json:"hitCondition,omitempty"`
	LogMessage   string `json:"logMessage,omitempty"`
	Enabled      bool   `json:"enabled"`
	// Hits counts the stops the breakpoint caused.
	Hits int `json:"hits"`
	// Catch says what a catchpoint catches ("interrupt SysTick").
	Catch string `json:"catch,omitempty"`
}

// AmendParams change breakpoint id in place; absent fields keep their
// value.
type AmendParams struct {
	ID           int     `json:"id"`
	Condition    *string `json:"condition"`
	HitCondition *string `json:"hitCondition"`
	LogMessage   *string `json:"logMessage"`
	Enabled      *bool   `json:"enabled"`
}

// IDParams name a breakpoint.
type IDParams struct {
	ID int `json:"id"`
}

// WatchParams set a watchpoint on the memory an expression names; access
// is "write" (default), "read" or "readWrite".
type WatchParams struct {
	Expression string `json:"expression"`
	Access     string `json:"access"`
	Condition  string `json:"condition"`
}

// RunParams: direction "forward" (default) or "backward".
type RunParams struct {
	Direction string `json:"direction"`
}

// StepParams: granularity "line" (default, steps over calls), "in",
// "instruction" (steps over calls, as gdb's nexti), "instruction-in" (as
// stepi) or "out" (refused in the outermost frame).
type StepParams struct {
	Direction   string `json:"direction"`
	Granularity string `json:"granularity"`
	// Count repeats the step (default 1) as one operation: it stops
	// early at a breakpoint, the end of history or a pause.
	Count uint64 `json:"count,omitempty"`
}

// SeekParams go to a time.
type SeekParams struct {
	Time uint64 `json:"time"`
}

// EvaluateParams evaluate a C expression in a frame (0: innermost).
type EvaluateParams struct {
	Expression string `json:"expression"`
	Frame      int    `json:"frame"`
	Hex        bool   `json:"hex"`
}

// Value is an evaluated expression.
type Value struct {
	Value string `json:"value"`
	Type  string `json:"type"`
	// Forked is set when an assignment changed the past (the future was
	// discarded).
	Forked bool `json:"forked,omitempty"`
}

// Frame is one frame of the call stack.
type Frame struct {
	Index    int    `json:"index"`
	Function string `json:"function"`
	File     string `json:"file"`
	// Path is the source file on this machine (sourceFileMap applied).
	Path string `json:"path,omitempty"`
	Line int    `json:"line"`
	PC   uint32 `json:"pc"`
}

// Frames is the call stack of the current hart.
type Frames struct {
	Hart   int     `json:"hart"`
	Frames []Frame `json:"frames"`
}

// Timeline is the extent of history and the current time.
type Timeline struct {
	Start uint64 `json:"start"`
	End   uint64 `json:"end"`
	Now   uint64 `json:"now"`
}

// HistoryParams name the expression whose changes are wanted; limit
// bounds the changes listed (default 10000), last lists the latest ones.
type HistoryParams struct {
	Expression string `json:"expression"`
	Frame      int    `json:"frame"`
	Limit      int    `json:"limit"`
	Last       bool   `json:"last"`
}

// Change is one change of a value.
type Change struct {
	Time     uint64 `json:"time"`
	PC       uint32 `json:"pc"`
	Function string `json:"function"`
	File     string `json:"file"`
	// Path is the source file on this machine (sourceFileMap applied).
	Path string `json:"path,omitempty"`
	Line int    `json:"line"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

// History lists the changes in the recorded history: count is all of
// them (never capped); changes may list only the first (or, with last,
// the latest) of them, and then truncated is set.
type History struct {
	Count     int      `json:"count"`
	Changes   []Change `json:"changes"`
	Truncated bool     `json:"truncated,omitempty"`
	Last      bool     `json:"last,omitempty"`
}

// UARTParams type text into the UART (sent as is).
type UARTParams struct {
	Text string `json:"text"`
}

// Output is the UART output so far.
type Output struct {
	Text string `json:"text"`
}

// Forked says whether an input changed the past.
type Forked struct {
	Forked bool `json:"forked"`
}
