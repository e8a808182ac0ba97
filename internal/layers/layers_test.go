// Package layers holds a repository-wide test of the dependency rules:
// a front-end (adapter, console, rpc, gdbserver) imports debugger and
// symbols, never checkpoint or vm, and never another front-end.
package layers

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/rewind-debugger/rewind/"

// frontEnds are the front-end packages; pending ones still reach around
// the session (the GDB stub until it sits on debugger.Session) and are
// only checked for sideways imports.
var frontEnds = map[string]bool{"adapter": false, "console": false, "rpc": false, "gdbserver": true}

// TestFrontEndImports parses every Go file (tests included) of each
// front-end and its subpackages and checks what they import.
func TestFrontEndImports(t *testing.T) {
	for fe, pending := range frontEnds {
		forbidden := map[string]bool{}
		if !pending {
			forbidden[module+"checkpoint"], forbidden[module+"vm"] = true, true
		}
		for other := range frontEnds {
			if other != fe {
				forbidden[module+other] = true
			}
		}
		for _, imp := range importsUnder(t, filepath.Join("..", "..", fe)) {
			for f := range forbidden {
				if imp.path == f || strings.HasPrefix(imp.path, f+"/") {
					t.Errorf("%s imports %s: front-ends reach the board and its history only through debugger", imp.file, imp.path)
				}
			}
		}
	}
}

// anImport is one import of one file.
type anImport struct{ file, path string }

// importsUnder lists the imports of every Go file under dir.
func importsUnder(t *testing.T, dir string) []anImport {
	t.Helper()
	var out []anImport
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			path, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				return err
			}
			out = append(out, anImport{p, path})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no imports found under %s", dir)
	}
	return out
}
