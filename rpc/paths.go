package rpc

import (
	"fmt"

	"github.com/rewind-debugger/rewind/debugger"
)

// newPathMap builds a session's source path map from launch's
// sourceFileMap (build prefix -> local prefix), knowing the DWARF's
// source files so that mapping back chooses a file the firmware has.
func newPathMap(s *debugger.Session, sourceFileMap map[string]string) *debugger.PathMap {
	return debugger.NewPathMap(sourceFileMap, "", s.SourcePaths(), nil)
}

// buildLocation rewrites the file of a "file:line" location from this
// machine's path to the DWARF's; other locations are returned unchanged
// (a bad one is left for ResolveLocation to refuse).
func (sess *session) buildLocation(spec string) string {
	l, err := debugger.ParseLocation(spec)
	if err != nil || l.Kind != debugger.KindLine || l.File == "" {
		return spec
	}
	if b := sess.paths.ToBuild(l.File); b != l.File {
		return fmt.Sprintf("%s:%d", b, l.Line)
	}
	return spec
}

// localPathAt is the source file of the instruction at pc on this
// machine, or "" when the DWARF has no line for it.
func (sess *session) localPathAt(pc uint32) string {
	loc, ok := sess.s.Symbols().PCToLine(pc)
	if !ok || loc.File.Path == "" {
		return ""
	}
	return sess.paths.ToLocal(loc.File.Path)
}
