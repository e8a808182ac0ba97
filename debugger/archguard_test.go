package debugger

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOnlyArchFilesAskTheArchitecture: outside the arch*.go files no code
// of the package asks the machine which CPU it has (vm.Machine's
// IsCortexM and HasFPU); the algorithms ask Session.cpu for behaviour
// instead, so a third architecture is new arch files, not edits there.
func TestOnlyArchFilesAskTheArchitecture(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	asked, checked := 0, 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "IsCortexM" && sel.Sel.Name != "HasFPU") {
				return true
			}
			asked++
			if !strings.HasPrefix(f, "arch") {
				t.Errorf("%s asks the machine %s: put the behaviour behind the cpu interface (archcpu.go)", f, sel.Sel.Name)
			}
			return true
		})
	}
	if checked < 50 || asked == 0 {
		t.Fatalf("checked %d files and found %d questions: the guard looks at the wrong files", checked, asked)
	}
}
