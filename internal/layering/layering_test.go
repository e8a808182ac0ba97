// Package layering holds a repository-wide test of the dependency rules in
// ARCHITECTURE.md: which project packages each layer may reach.
package layering

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/rewind-debugger/rewind"

// rule says which project packages a layer's files may import. Rules are
// checked on direct imports (of test files too); since every layer has a
// rule, no layer reaches upwards transitively either.
type rule struct {
	layer   string   // package path relative to the module, subpackages included
	allowed []string // layers it may reach (its own subpackages always)
}

// rules is the dependency direction of ARCHITECTURE.md. A front-end reaches
// neither the board nor the history except through debugger, and no
// front-end reaches another. Packages under internal/ are leaves (they
// import only each other) that any layer may use.
func rules() []rule {
	frontEnd := []string{"debugger", "symbols", "svd", "internal"}
	return []rule{
		{"internal", []string{"internal"}}, // leaf helpers any layer may use
		{"vm", []string{"internal"}},
		{"symbols", []string{"internal"}},
		{"svd", []string{"internal"}},
		{"checkpoint", []string{"vm", "internal"}},
		{"debugger", []string{"vm", "checkpoint", "symbols", "svd", "internal"}},
		{"debugger/rtos", []string{"symbols", "vm"}}, // reads tasks through symbols and a memory interface; its tests run the kernel on vm
		{"adapter", frontEnd},
		{"gdbserver", frontEnd},
		{"rpc", frontEnd},
		{"console", frontEnd},
	}
}

// TestLayering fails when a file of a layer imports a project package the
// layer may not use, with the default build tags and with the integration
// tag.
func TestLayering(t *testing.T) {
	for _, tags := range [][]string{nil, {"integration"}} {
		graph := loadGraph(t, tags)
		for _, r := range rules() {
			for _, pkg := range sortedKeys(graph) {
				if !within(pkg, r.layer) {
					continue
				}
				for _, dep := range graph[pkg] {
					if !within(dep, r.layer) && !allowedDep(dep, r.allowed) {
						t.Errorf("tags %v: %s imports %s (%s may use only %v)",
							tags, pkg, dep, r.layer, r.allowed)
					}
				}
			}
		}
	}
}

// within reports whether pkg is layer or one of its subpackages.
func within(pkg, layer string) bool {
	return pkg == layer || strings.HasPrefix(pkg, layer+"/")
}

// allowedDep reports whether dep lies in one of the allowed layers.
func allowedDep(dep string, allowed []string) bool {
	for _, a := range allowed {
		if within(dep, a) {
			return true
		}
	}
	return false
}

// loadGraph maps each project package (relative path) to the project
// packages its files, tests included, import.
func loadGraph(t *testing.T, tags []string) map[string][]string {
	t.Helper()
	ctx := build.Default
	ctx.BuildTags = tags
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	graph := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || name == "node_modules" ||
			name == "vscode-extension" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		p, err := ctx.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		deps := map[string]bool{}
		imports := append(append(p.Imports, p.TestImports...), p.XTestImports...)
		for _, imp := range imports {
			if strings.HasPrefix(imp, module+"/") {
				deps[strings.TrimPrefix(imp, module+"/")] = true
			}
		}
		graph[rel] = sortedKeys(deps)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(graph) < 8 {
		t.Fatalf("found only %d packages under %s: the walk is broken", len(graph), root)
	}
	return graph
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
