// Package doccheck holds a repository-wide test: every exported name of
// every package has a doc comment.
package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedNamesDocumented fails on an exported function, method, type,
// constant or variable without a doc comment, in any package of the module.
func TestExportedNamesDocumented(t *testing.T) {
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && skipDir(d.Name()) {
			return filepath.SkipDir
		}
		if d.IsDir() {
			checkDir(t, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// skipDir reports directories that hold no Go packages of ours.
func skipDir(name string) bool {
	return name == "testdata" || name == "node_modules" || name == "vscode-extension" ||
		strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// checkDir reports the undocumented exported names of the package in dir
// (its non-test Go files; a command's exported names are not an API).
func checkDir(t *testing.T, dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Errorf("reading %s: %v", dir, err)
		return
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Errorf("parsing %s: %v", filepath.Join(dir, name), err)
			continue
		}
		if f.Name.Name == "main" {
			continue
		}
		for _, d := range f.Decls {
			for _, id := range undocumented(d) {
				t.Errorf("%s: %s has no doc comment", fset.Position(id.Pos()), id.Name)
			}
		}
	}
}

// receiverExported reports whether a function is a plain function or a
// method of an exported type (methods of unexported types are not API).
func receiverExported(d *ast.FuncDecl) bool {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return true
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return true
		}
	}
}

// undocumented lists the exported names a declaration leaves undocumented.
func undocumented(d ast.Decl) []*ast.Ident {
	var out []*ast.Ident
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Name.IsExported() && d.Doc == nil && receiverExported(d) {
			out = append(out, d.Name)
		}
	case *ast.GenDecl:
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				if sp.Name.IsExported() && d.Doc == nil && sp.Doc == nil {
					out = append(out, sp.Name)
				}
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					if n.IsExported() && d.Doc == nil && sp.Doc == nil && sp.Comment == nil {
						out = append(out, n)
					}
				}
			}
		}
	}
	return out
}
