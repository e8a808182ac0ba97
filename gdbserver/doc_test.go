package gdbserver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
)

// TestExportedNamesDocumented fails on an exported function, method, type,
// constant or variable of this package without a doc comment.
func TestExportedNamesDocumented(t *testing.T) {
	fset := token.NewFileSet()
	notTest := func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }
	pkgs, err := parser.ParseDir(fset, ".", notTest, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				for _, name := range undocumented(d) {
					t.Errorf("%s: %s has no doc comment", fset.Position(name.Pos()), name.Name)
				}
			}
		}
	}
}

// undocumented lists the exported names a declaration leaves undocumented.
func undocumented(d ast.Decl) []*ast.Ident {
	var out []*ast.Ident
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Name.IsExported() && d.Doc == nil {
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
