package checkpoint

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/vm"
)

// Defaults of Options.
const (
	DefaultInterval = 1 << 19   // steps between checkpoints near the present
	DefaultDense    = 64        // checkpoints kept at full density
	DefaultBudget   = 256 << 20 // bytes held by checkpoints
)

// Options configure a Timeline. Zero values select the defaults.
type Options struct {
	// Interval is the number of steps between checkpoints near the present.
	Interval uint64
	// Dense is, without a budget, how many of the newest checkpoints keep
	// full density before the spacing starts doubling with age.
	Dense int
	// Budget bounds the memory held by checkpoints, in bytes; checkpoints
	// are kept at full density until it is reached, then the least useful
	// go. Negative: no bound, and O(log L) checkpoints (see Dense).
	Budget int64
	// Output receives every UART byte the first time the guest produces it,
	// never during re-execution of history.
	Output func(b byte)
	// Progress, when set, is called during reverse searches with the number
	// of steps of history searched so far and the number to search at most.
	Progress func(done, total uint64)
}

// ErrPaused is returned by operations interrupted with Pause.
var ErrPaused = errors.New("checkpoint: paused")

// ForkError reports that an operation changed the past: the history after
// Time was discarded.
type ForkError struct{ Time, OldEnd uint64 }

// Error says when history changed and how much of the future was lost.
func (e *ForkError) Error() string {
	return fmt.Sprintf("checkpoint: history changed at time %d; the future up to %d was discarded", e.Time, e.OldEnd)
}

// Output is one UART byte and the time of the step that produced it (the
// time before the store to the transmit register).
type Output struct {
	Time uint64
	Byte byte
}

// Timeline is the reversible history of one machine. It is not safe for
// concurrent use, except Pause, which may be called from any goroutine.
type Timeline struct {
	m     *vm.Machine
	opt   Options
	store store
	cache seekCache
	cond  Conditions
	armed bool

	events []Event // input log, ordered by time
	cursor int     // first event not yet applied to the machine
	heard  int     // events applied once already: their output is in the log
	output []Output

	start uint64   // time of the first checkpoint
	end   uint64   // furthest time reached
	final *vm.Stop // how history ended (exit or fatal), nil if it goes on
	live  bool     // the current Run call produces new history

	actFrom uint64 // time of the machine's last ResetActivity
	forks   []ForkError

	pause atomic.Bool
	twins []*twin // machines of the same board, for parallel scans
	scanN int     // tests: segments scanned at once (0: one per core)
	// twinScans counts the segments scanned on twins (Stats).
	twinScans int
	ramLo     uint32
	ramSz     uint32
}

// New starts a timeline at the machine's current state (usually right after
// LoadELF). It takes over the machine's UART output hook.
func New(m *vm.Machine, opt Options) *Timeline {
	if opt.Interval == 0 {
		opt.Interval = DefaultInterval
	}
	if opt.Dense <= 0 {
		opt.Dense = DefaultDense
	}
	if opt.Budget == 0 {
		opt.Budget = DefaultBudget
	}
	t := &Timeline{m: m, opt: opt, start: m.Time(), end: m.Time()}
	t.store = store{interval: opt.Interval, dense: uint64(opt.Dense), budget: opt.Budget}
	b := m.Board()
	t.ramLo, t.ramSz = b.RAMBase, b.RAMSize
	m.SetUARTOutput(t.onOutput)
	t.resetActivity(t.start)
	t.store.add(&snap{s: m.Snapshot(), time: t.start})
	return t
}

// Machine is the machine the timeline drives. Read it freely; change it only
// through the timeline (WriteMemory, SetRegister), or history breaks.
func (t *Timeline) Machine() *vm.Machine { return t.m }

// Now is the current position in history.
func (t *Timeline) Now() uint64 { return t.m.Time() }

// Start is the earliest time Seek accepts.
func (t *Timeline) Start() uint64 { return t.start }

// End is the furthest time reached.
func (t *Timeline) End() uint64 { return t.end }

// Final reports how history ended (guest exit or fatal stop), if it did.
func (t *Timeline) Final() (vm.Stop, bool) {
	if t.final == nil {
		return vm.Stop{}, false
	}
	return *t.final, true
}

// SetConditions replaces the stop conditions.
func (t *Timeline) SetConditions(c Conditions) {
	t.disarm()
	t.cond = c
}

// Pause asks a running operation to stop soon. Safe from any goroutine.
func (t *Timeline) Pause() {
	t.pause.Store(true)
	t.m.Pause()
}

func (t *Timeline) arm() {
	if !t.armed {
		t.cond.arm(t.m)
		t.armed = true
	}
}

func (t *Timeline) disarm() {
	if t.armed {
		t.cond.disarm(t.m)
		t.armed = false
	}
}

func (t *Timeline) onOutput(b byte) {
	if !t.live {
		return
	}
	t.output = append(t.output, Output{Time: t.m.Time(), Byte: b})
	if t.opt.Output != nil {
		t.opt.Output(b)
	}
}

// Stats describes the checkpoints held.
type Stats struct {
	Checkpoints int   // regular checkpoints
	Bytes       int64 // memory held only by them
	Cached      int   // seek-cache checkpoints
	CachedBytes int64
	Events      int // input log length
	Outputs     int // output log length
	// TwinScans counts the segments searches scanned on twin machines,
	// alongside the timeline's own.
	TwinScans int
}

// Stats reports the memory held by history.
func (t *Timeline) Stats() Stats {
	return Stats{
		Checkpoints: len(t.store.snaps), Bytes: t.store.bytes(),
		Cached: len(t.cache.snaps), CachedBytes: t.cache.bytes(&t.store),
		Events: len(t.events), Outputs: len(t.output), TwinScans: t.twinScans,
	}
}
