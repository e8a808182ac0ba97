package adapter

import (
	"fmt"
	"path/filepath"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/internal/hostfile"
)

func (s *Server) onExceptionInfo(req *envelope) {
	var a dap.ExceptionInfoArguments
	if !s.decode(req, &a) {
		return
	}
	if s.acquire(req) == nil {
		return
	}
	defer s.mu.Unlock()
	t := s.last.Trap
	if t == nil {
		s.fail(req, "the last stop was not a trap")
		return
	}
	fn := t.Function
	if fn == "" {
		fn = "an unknown function"
	}
	desc := fmt.Sprintf("%s: mcause=0x%08x mtval=0x%08x pc=0x%08x in %s", t.Name, t.Cause, t.Tval, t.PC, fn)
	s.reply(req, dap.ExceptionInfoResponseBody{ExceptionId: t.Name, Description: desc,
		BreakMode: "always", Details: &dap.ExceptionDetails{Message: desc, TypeName: "RISC-V trap"}})
}

func (s *Server) onLoadedSources(req *envelope) {
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	var out []dap.Source
	for _, f := range sess.Symbols().Files() {
		out = append(out, *s.sourceOf(f.Path))
	}
	s.reply(req, dap.LoadedSourcesResponseBody{Sources: out})
}

// onSource shows a source file, but only one that the firmware's DWARF
// names, and only after launch: a client must not read arbitrary files
// through the adapter.
func (s *Server) onSource(req *envelope) {
	var a dap.SourceArguments
	if !s.decode(req, &a) {
		return
	}
	if a.Source == nil || a.Source.Path == "" {
		s.fail(req, "no source available (only files on disk are shown)")
		return
	}
	build := s.buildPath(a.Source.Path) // the client names the local copy
	var known bool
	if !s.withSession(req, func(sess *debugger.Session) {
		known = firmwareSource(sess, build) || firmwareSource(sess, a.Source.Path)
	}) {
		return
	}
	if !known {
		s.fail(req, "not a source file of the firmware: only the files its debug information names are shown")
		return
	}
	data, err := hostfile.ReadRegular(s.localPath(build), hostfile.MaxSource)
	if err != nil {
		s.fail(req, "cannot read the source: "+err.Error())
		return
	}
	s.reply(req, dap.SourceResponseBody{Content: string(data)})
}

// firmwareSource reports whether the firmware's DWARF names path.
func firmwareSource(sess *debugger.Session, path string) bool {
	path = filepath.Clean(path)
	for _, f := range sess.Symbols().Files() {
		if filepath.Clean(f.Path) == path {
			return true
		}
	}
	return false
}

func (s *Server) onRestart(req *envelope) {
	sess := s.acquireConfig(req) // a running operation is stopped first
	if sess == nil {
		return
	}
	var err error
	var entry bool
	func() {
		defer s.mu.Unlock()
		s.runner.Load().Drop() // the suspended operation is abandoned
		err = sess.Restart()
		s.handles.reset()
		entry = s.launch.StopOnEntry
	}()
	if err != nil {
		s.fail(req, "restart: "+err.Error())
		return
	}
	s.reply(req, nil)
	s.timelineChanged()
	s.start(entry)
}

func (s *Server) onTerminate(req *envelope) {
	s.stopRun()
	s.reply(req, nil)
	s.emit("terminated", dap.TerminatedEventBody{})
}

func (s *Server) onDisconnect(req *envelope) {
	s.stopRun()
	s.done.Store(true)
	s.reply(req, nil)
}
