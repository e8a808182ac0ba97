package adapter

import (
	"fmt"
	"path/filepath"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// newPathMap builds the session's source path map from the launch
// arguments: "sourceFileMap", and the automatic lookup under
// "workspaceFolder" (or "cwd") for DWARF paths that do not exist here.
func newPathMap(a launchArgs, sess *debugger.Session) *debugger.PathMap {
	ws := a.WorkspaceFolder
	if ws == "" {
		ws = a.Cwd
	}
	return debugger.NewPathMap(a.SourceFileMap, ws, sess.SourcePaths(), nil)
}

// announcePaths says in the Debug Console which source mapping is used.
func (s *Server) announcePaths(m *debugger.PathMap) {
	for _, r := range m.Rules() {
		if r.Auto {
			s.console(fmt.Sprintf("Rewind: sources compiled in %s are not on this machine; they are shown from %s, where the same files are (%s). "+
				"Set \"sourceFileMap\" in launch.json to choose another folder.", r.Build, r.Local, r.Example))
		} else {
			s.console(fmt.Sprintf("Rewind: sourceFileMap: sources compiled in %s are shown from %s.", r.Build, r.Local))
		}
	}
}

// localPath maps a DWARF path to this machine.
func (s *Server) localPath(p string) string { return s.paths.Load().ToLocal(p) }

// buildPath maps a path the client sends to the DWARF's.
func (s *Server) buildPath(p string) string { return s.paths.Load().ToBuild(p) }

// sourceOf is the DAP source of a DWARF path, as it is found here.
func (s *Server) sourceOf(p string) *dap.Source {
	l := s.localPath(p)
	return &dap.Source{Name: filepath.Base(l), Path: l}
}
