package adapter

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// launchArgs are Rewind's launch arguments (see dap-custom.md).
type launchArgs struct {
	Program          string `json:"program"`
	StopOnEntry      bool   `json:"stopOnEntry"`
	Board            string `json:"board"`
	Harts            int    `json:"harts"`
	MemorySize       int    `json:"memorySize"` // MiB
	Cwd              string `json:"cwd"`
	Recording        string `json:"recording"`
	CheckpointBudget int    `json:"checkpointBudget"` // MiB
	SvdPath          string `json:"svdPath"`
	UARTInput        string `json:"uartInput"`
	NoDebug          bool   `json:"noDebug"`
	// StopAtExit (default true) stops just before the firmware's exit;
	// false ends the session at the exit.
	StopAtExit *bool `json:"stopAtExit"`
	// SourceFileMap maps build directories (as in the DWARF) to local ones.
	SourceFileMap map[string]string `json:"sourceFileMap"`
	// WorkspaceFolder is where sources are looked for when the DWARF's
	// paths do not exist here (the VS Code extension sets it).
	WorkspaceFolder string `json:"workspaceFolder"`
}

// check validates the arguments that need no file access.
func (a *launchArgs) check() error {
	if a.Harts < 0 || a.Harts > 8 {
		return fmt.Errorf("harts must be between 1 and 8, not %d", a.Harts)
	}
	if a.MemorySize < 0 || a.MemorySize > 2048 {
		return fmt.Errorf("memorySize must be between 1 and 2048 MiB, not %d", a.MemorySize)
	}
	if a.CheckpointBudget < 0 {
		return fmt.Errorf("checkpointBudget must not be negative")
	}
	if a.Program == "" && a.Recording == "" {
		return errors.New("launch needs \"program\": the path of the firmware ELF to debug")
	}
	return nil
}

// board returns the board to boot: a built-in board's name as given, or a
// board file's path made absolute against cwd.
func (a *launchArgs) board() string {
	if a.Board == "" || !strings.ContainsAny(a.Board, `/\`) && !strings.HasSuffix(a.Board, ".json") {
		return a.Board
	}
	return a.resolve(a.Board)
}

// resolve makes p absolute against cwd.
func (a *launchArgs) resolve(p string) string {
	if p == "" || filepath.IsAbs(p) || a.Cwd == "" {
		return p
	}
	return filepath.Join(a.Cwd, p)
}

// open reads the firmware (and the recording) and creates the session.
func (s *Server) open(a launchArgs) (*debugger.Session, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	if a.Board == "" {
		a.Board = s.board // rewind dap --board
	}
	opt := debugger.Options{Harts: a.Harts, Board: a.board(),
		MemorySize:       uint32(a.MemorySize) << 20,
		CheckpointBudget: int64(a.CheckpointBudget) << 20,
		Output:           s.uartOutput, Log: s.logOutput, Progress: s.reportProgress,
		NoSemihosting: s.noSemi, StopAtExit: a.StopAtExit}
	sess, err := debugger.Open(debugger.Program{ELFPath: a.resolve(a.Program), RecordingPath: a.resolve(a.Recording)}, opt)
	if err != nil {
		return nil, err
	}
	if a.UARTInput != "" {
		if err := sess.UARTInput([]byte(a.UARTInput)); err != nil {
			return nil, err
		}
	}
	return sess, nil
}

func (s *Server) onLaunch(req *envelope) {
	var a launchArgs
	if !s.decode(req, &a) {
		return
	}
	if s.busy(req) {
		return
	}
	var launched bool
	s.withLock(func() { launched = s.sess != nil })
	if launched {
		s.fail(req, "a program is already being debugged: use restart, or disconnect and launch again")
		return
	}
	sess, err := s.open(a)
	if err != nil {
		s.fail(req, "launch failed: "+err.Error())
		return
	}
	s.withLock(func() { s.sess, s.launch = sess, a })
	s.runner.Store(debugger.NewRunner(sess, s.reportStop))
	pm := newPathMap(a, sess)
	s.paths.Store(pm)
	s.syms.Store(sess.Symbols())
	s.harts.Store(int32(sess.Harts()))
	s.reply(req, nil)
	s.announceFilters(sess)
	s.loadSVD(sess, a)
	s.announcePaths(pm)
	s.emit("initialized", nil)
}

func (s *Server) onAttach(req *envelope) {
	s.fail(req, "attach is not supported: use a launch configuration (the board is emulated)")
}

// acquire locks the server and returns the session; when there is none
// yet or an operation is running it answers req with an error and returns
// nil (unlocked). Execution starts only from the reader goroutine, which
// is the one calling this, so the running check cannot go stale.
func (s *Server) acquire(req *envelope) *debugger.Session {
	if s.busy(req) {
		return nil
	}
	s.mu.Lock()
	if s.sess == nil {
		s.mu.Unlock()
		s.fail(req, "no program is being debugged yet (launch first)")
		return nil
	}
	return s.sess
}

// busy answers req with an error and returns true when an operation is
// running: the run goroutine holds s.mu until it stops, so the reader must
// not wait for the lock (a following pause would never be read).
func (s *Server) busy(req *envelope) bool {
	if s.isRunning() {
		s.fail(req, "the target is running: pause it first")
		return true
	}
	return false
}

// withSession runs fn on the session while holding s.mu, released even
// if fn panics. Like acquire, it answers req with an error and returns
// false when there is no session or an operation is running.
func (s *Server) withSession(req *envelope, fn func(sess *debugger.Session)) bool {
	sess := s.acquire(req)
	if sess == nil {
		return false
	}
	defer s.mu.Unlock()
	fn(sess)
	return true
}

// withLock runs fn while holding s.mu, released even if fn panics.
func (s *Server) withLock(fn func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn()
}

func (s *Server) onConfigurationDone(req *envelope) {
	if s.busy(req) {
		return
	}
	var problem string
	var entry bool
	s.withLock(func() {
		switch {
		case s.sess == nil:
			problem = "no program is being debugged yet (launch first)"
		case s.configured:
			problem = "configurationDone was already received: the program is already started"
		default:
			s.configured = true
			entry = s.launch.StopOnEntry
		}
	})
	if problem != "" {
		s.fail(req, problem)
		return
	}
	s.reply(req, nil)
	s.start(entry)
}

// start begins the run after configuration or restart.
func (s *Server) start(stopOnEntry bool) {
	if stopOnEntry {
		var st debugger.Stop
		s.withLock(func() { st = s.sess.Entry() })
		s.reportStop(st)
		return
	}
	s.runResumable(func(d *debugger.Session) debugger.Stop { return d.Continue() })
}
