package debugger

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/debugger/rtos"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/vm"
)

// Options configure a Session. Zero values select the defaults.
type Options struct {
	// Path is the ELF's path, used to resolve relative source paths.
	Path string
	// Harts is the number of harts (default 1).
	Harts int
	// Board is the board to boot: a built-in board's name or alias
	// ("virt", "mps2-an385", "hifive1-revb", ...) or a board file's path
	// ("": the one the ELF is for). A recording uses its own.
	Board string
	// MemorySize is the RAM size in bytes (default 128 MiB).
	MemorySize uint32
	// CheckpointBudget bounds checkpoint memory in bytes (default 256 MiB).
	CheckpointBudget int64
	// CheckpointInterval is the spacing of checkpoints near the present,
	// in machine steps (default: the timeline's). Denser checkpoints make
	// each one-instruction step back cheaper.
	CheckpointInterval uint64
	// Recording, when set, replays this recorded input log.
	Recording *Recording
	// Output receives UART output the first time the guest produces it,
	// with the time of the byte.
	Output func(b byte, time uint64)
	// Log receives log point messages.
	Log func(text string, time uint64)
	// Progress reports long reverse searches (steps done, steps at most).
	Progress func(done, total uint64)
	// NoSemihosting turns semihosting off (a recording keeps its own setting).
	NoSemihosting bool
	// StopAtExit (nil: true) makes a forward run that reaches the
	// firmware's exit stop just before it (ReasonExiting), so the history
	// can still be explored; a further run performs the exit
	// (ReasonExited). False ends the run at the exit at once, as scripted
	// runs want.
	StopAtExit *bool
	// NoRTOS turns off RTOS awareness (tasks as threads).
	NoRTOS bool
	// RTOSPort says where a switched-out task's registers lie (default
	// rtos.RISCV{}: the FreeRTOS V11 frame; rtos.RISCV{Words: 30} for V10).
	RTOSPort rtos.Port
}

// Session is one debugging session over one board and its history.
type Session struct {
	opt   Options
	elf   []byte
	syms  *symbols.Table
	m     *vm.Machine
	tl    *checkpoint.Timeline
	bps   breakpoints
	hart  int    // hart of the last stop
	stops []Stop // recent stops, newest last
	cache frameCache

	paused   atomic.Bool
	predMu   sync.Mutex           // serializes evaluations at hits (hitsmachine.go)
	seekRes  map[hitKey]hitResult // and why
	lastHit  hitResult            // the predicate's latest decision
	condErr  string               // the latest condition that failed to evaluate
	reverse  bool                 // the armed conditions serve a reverse search
	forked   bool                 // an edit changed the past
	liveFrom uint64               // the end of history when the forward run began (log points print after it)
	noWrite  string               // while set, where side effects are refused ("condition", "hover")
	stmts    []uint32             // every statement boundary (reverse step in)
	cfaRules map[uint32]*cfaRule  // CFA rules learned per pc (reverse searches)
	opStart  uint64               // the time the current operation began at
	gdb      gdbState             // value history, convenience variables, bookmarks
	tasks    taskState            // RTOS awareness (tasks.go)
	periph   periphState          // the SVD file (periphsvd.go)
	events   eventsCache          // events query answers (queryeventscache.go)
	taskKept taskTimelineKept     // the last whole-history task timeline (tasktimelinekept.go)
}

// ErrNoProgram is returned by New when there is no ELF.
var ErrNoProgram = errors.New("no firmware ELF given")

// New creates a session running elf on its board (Options.Board).
func New(elf []byte, opt Options) (*Session, error) {
	if len(elf) == 0 {
		return nil, badProgram(ErrNoProgram)
	}
	if !bytes.HasPrefix(elf, []byte("\x7fELF")) {
		return nil, badProgram(fmt.Errorf("%s is not an ELF file", nameOr(opt.Path)))
	}
	syms, err := loadSymbols(elf, opt.Path)
	if err != nil {
		return nil, badProgram(err)
	}
	s := &Session{opt: opt, elf: elf, syms: syms}
	if err := s.boot(); err != nil {
		return nil, err
	}
	return s, nil
}

func nameOr(p string) string {
	if p == "" {
		return "the program"
	}
	return p
}

// loadSymbols reads the ELF's symbols and debug information.
func loadSymbols(elf []byte, path string) (*symbols.Table, error) {
	t, err := symbols.Load(bytes.NewReader(elf))
	if err != nil {
		return nil, fmt.Errorf("reading symbols of %s: %w", nameOr(path), err)
	}
	if path != "" {
		t.SetBaseDir(filepath.Dir(path))
	}
	return t, nil
}

// boot builds a fresh machine and timeline (also used by Restart).
func (s *Session) boot() error {
	// FatalTraps: a trap the firmware cannot handle halts the board (a
	// stop the user can step back from) instead of trapping forever.
	cfg := vm.Config{Harts: s.opt.Harts, RAMSize: s.opt.MemorySize, FatalTraps: true, NoSemihosting: s.opt.NoSemihosting}
	board := s.opt.Board
	if s.opt.Recording != nil {
		r := s.opt.Recording.r
		if err := r.CheckFirmware(s.elf); err != nil {
			return badProgram(fmt.Errorf("recording: %w", err))
		}
		cfg.Harts, cfg.RAMBase, cfg.RAMSize = r.Harts, r.RAMBase, r.RAMSize
		cfg.NoSemihosting = r.NoSemihosting
		board = r.Board
	}
	m, err := newMachine(s.elf, board, cfg)
	if err != nil {
		return badProgram(fmt.Errorf("creating the board: %w", err))
	}
	if _, err := m.LoadELF(s.elf); err != nil {
		return badProgram(fmt.Errorf("loading %s: %w", nameOr(s.opt.Path), err))
	}
	if s.opt.Log != nil { // unknown MMIO accesses reach the user like log points
		m.SetMMIOReport(func(a vm.MMIOAccess) { s.opt.Log(a.String()+"\n", a.Time) })
	}
	tl := checkpoint.New(m, checkpoint.Options{Budget: s.opt.CheckpointBudget,
		Interval: s.opt.CheckpointInterval, Output: s.output, Progress: s.opt.Progress})
	if s.opt.Recording != nil {
		if err := tl.LoadEvents(s.opt.Recording.r.Events); err != nil {
			return fmt.Errorf("recording: %w", err)
		}
	}
	s.m, s.tl, s.hart, s.stops = m, tl, 0, nil
	s.cache = frameCache{}
	s.cfaRules = nil
	s.events, s.taskKept = eventsCache{}, taskTimelineKept{} // they hold the old timeline
	s.bps.resetHits()
	s.arm(false)
	return nil
}

// output forwards a UART byte produced for the first time.
func (s *Session) output(b byte) {
	if s.opt.Output != nil {
		s.opt.Output(b, s.m.Time())
	}
}

// Restart goes back to a fresh board with the same breakpoints (the
// history is discarded).
func (s *Session) Restart() error {
	return s.boot()
}

// Symbols returns the firmware's symbol table.
func (s *Session) Symbols() *symbols.Table { return s.syms }

// PC is hart's program counter now.
func (s *Session) PC(hart int) uint32 {
	if hart < 0 || hart >= s.m.Harts() {
		return 0
	}
	return s.m.Hart(hart).PC()
}

// Span is the extent of the recorded history and the current time.
type Span struct{ Start, End, Now uint64 }

// Span returns the extent of the history and where the session is in it.
func (s *Session) Span() Span {
	return Span{Start: s.tl.Start(), End: s.tl.End(), Now: s.tl.Now()}
}

// Harts is the number of harts.
func (s *Session) Harts() int { return s.m.Harts() }

// Board is the name of the board the session runs on.
func (s *Session) Board() string { return s.m.Board().Name }

// Hart is the hart of the last stop.
func (s *Session) Hart() int { return s.hart }

// Now is the current time.
func (s *Session) Now() uint64 { return s.tl.Now() }

// Pause stops a running operation soon. Safe from any goroutine.
func (s *Session) Pause() {
	s.paused.Store(true)
	s.tl.Pause()
}

// begin starts an operation. A pause asked before it still applies (a
// front-end may ask while the operation is being started); ClearPause
// forgets one.
func (s *Session) begin() { s.opStart = s.tl.Now() }

// ClearPause forgets a pause request that no operation consumed (also
// the timeline's copy, which reverse searches keep until cleared).
func (s *Session) ClearPause() {
	s.paused.Store(false)
	s.tl.ClearPause()
}

// runChunk is the most a forward run goes between looks at Pause.
const runChunk = 1 << 22

// runFor runs forward with the armed conditions until a stop or limit,
// in chunks so that Pause is honoured even when asked just before the run.
func (s *Session) runFor(limit uint64) vm.Stop {
	for {
		if s.pausing() {
			s.ClearPause()
			return vm.Stop{Reason: vm.StopPause, Time: s.tl.Now(), PC: s.m.Hart(s.hart).PC(), Hart: s.hart}
		}
		end, recorded := s.recordingEnd()
		if recorded && s.tl.Now() >= end {
			return vm.Stop{Reason: stopRecordingEnd, Time: s.tl.Now(), PC: s.m.Hart(s.hart).PC(), Hart: s.hart}
		}
		to := limit
		if now := s.tl.Now(); limit-now > runChunk {
			to = now + runChunk
		}
		if recorded {
			to = min(to, end)
		}
		st := s.tl.Run(to)
		if st.Reason == vm.StopLimit && recorded && st.Time >= end && to < limit {
			continue // reports the end of the recording
		}
		if st.Reason != vm.StopLimit || to == limit {
			if st.Reason == vm.StopPause {
				s.ClearPause()
			}
			return st
		}
	}
}

// pausing reports whether Pause was called during the operation.
func (s *Session) pausing() bool { return s.paused.Load() }
