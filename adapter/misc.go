package adapter

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

func (s *Server) onExceptionInfo(req *envelope) {
	var a dap.ExceptionInfoArguments
	if !s.decode(req, &a) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.session(req) == nil {
		return
	}
	t := s.last.Trap
	if t == nil {
		s.fail(req, "the last stop was not a trap")
		return
	}
	fn := t.Function
	if fn == "" {
		fn = "an unknown function"
	}
	desc := fmt.Sprintf("%s: mcause=0x%08x mtval=0x%08x pc=0x%08x in %s", debugger.CauseName(t.Cause), t.Cause, t.Tval, t.PC, fn)
	s.reply(req, dap.ExceptionInfoResponseBody{ExceptionId: debugger.CauseName(t.Cause), Description: desc,
		BreakMode: "always", Details: &dap.ExceptionDetails{Message: desc, TypeName: "RISC-V trap"}})
}

func (s *Server) onLoadedSources(req *envelope) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.session(req)
	if sess == nil {
		return
	}
	var out []dap.Source
	for _, f := range sess.Symbols().Files() {
		out = append(out, dap.Source{Name: filepath.Base(f.Path), Path: f.Path})
	}
	s.reply(req, dap.LoadedSourcesResponseBody{Sources: out})
}

func (s *Server) onSource(req *envelope) {
	var a dap.SourceArguments
	if !s.decode(req, &a) {
		return
	}
	if a.Source == nil || a.Source.Path == "" {
		s.fail(req, "no source available (only files on disk are shown)")
		return
	}
	data, err := os.ReadFile(a.Source.Path)
	if err != nil {
		s.fail(req, "cannot read the source: "+err.Error())
		return
	}
	s.reply(req, dap.SourceResponseBody{Content: string(data)})
}

func (s *Server) onRestart(req *envelope) {
	s.mu.Lock()
	sess := s.session(req)
	if sess == nil {
		s.mu.Unlock()
		return
	}
	err := sess.Restart()
	s.handles.reset()
	entry := s.launch.StopOnEntry
	s.mu.Unlock()
	if err != nil {
		s.fail(req, "restart: "+err.Error())
		return
	}
	s.reply(req, nil)
	s.start(entry)
}

func (s *Server) onTerminate(req *envelope) {
	if p := s.pauser.Load(); p != nil && s.running.Load() {
		p.Pause()
	}
	s.worker.Wait()
	s.reply(req, nil)
	s.emit("terminated", dap.TerminatedEventBody{})
}

func (s *Server) onDisconnect(req *envelope) {
	if p := s.pauser.Load(); p != nil && s.running.Load() {
		p.Pause()
	}
	s.worker.Wait()
	s.mu.Lock()
	s.done = true
	s.mu.Unlock()
	s.reply(req, nil)
}
