// Package doccheck holds a repository-wide test: every exported name of
// every package has a doc comment.
package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
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

// checkDir reports the undocumented exported names of the package in dir.
func checkDir(t *testing.T, dir string) {
	fset := token.NewFileSet()
	notTest := func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }
	pkgs, err := parser.ParseDir(fset, dir, notTest, parser.ParseComments)
	if err != nil {
		t.Errorf("parsing %s: %v", dir, err)
		return
	}
	for _, p := range pkgs {
		if p.Name == "main" {
			continue // a command's exported names are not an API
		}
		for _, f := range p.Files {
			for _, d := range f.Decls {
				for _, name := range undocumented(d) {
					t.Errorf("%s: %s has no doc comment", fset.Position(name.Pos()), name.Name)
				}
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
