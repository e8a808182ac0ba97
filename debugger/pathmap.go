package debugger

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// PathRule maps the source files under one build directory (as the DWARF
// records them) to a directory on this machine, like gdb's
// substitute-path and cpptools' sourceFileMap.
type PathRule struct {
	// Build is the prefix of the paths in the DWARF, Local its replacement.
	Build, Local string
	// Auto marks a rule found by looking under the workspace folder.
	Auto bool
	// Example is a local file that made an automatic rule (for messages).
	Example string
}

// String says what a rule does, for consoles.
func (r PathRule) String() string {
	s := fmt.Sprintf("%s -> %s", r.Build, r.Local)
	if r.Auto {
		s += fmt.Sprintf(" (found automatically: the build path does not exist here, %s does)", r.Example)
	}
	return s
}

// PathMap translates source paths both ways between the build (the paths
// in the DWARF) and this machine. It is immutable, so front-ends may use it
// from any goroutine; With returns an extended copy.
type PathMap struct {
	rules []PathRule
	// known holds the build paths of the DWARF's source files, to choose
	// between rules that map to the same local folder.
	known map[string]bool
}

// maxAutoFiles bounds how many DWARF files the automatic lookup examines.
const maxAutoFiles = 4096

// NewPathMap makes a map from explicit rules (build prefix -> local
// prefix) and, for each absolute build path in files that no rule covers
// and that does not exist here, an automatic rule when a file with the same
// trailing path components exists under workspace (the longest such tail
// wins). exists tests a file (os.Stat when nil); workspace may be empty.
func NewPathMap(explicit map[string]string, workspace string, files []string, exists func(string) bool) *PathMap {
	if exists == nil {
		exists = func(p string) bool { st, err := os.Stat(p); return err == nil && !st.IsDir() }
	}
	m := &PathMap{known: map[string]bool{}}
	for b, l := range explicit {
		if b = cleanPrefix(b); b != "" && l != "" {
			m.rules = append(m.rules, PathRule{Build: slash(b), Local: cleanPrefix(l)})
		}
	}
	m.sortRules()
	for i, f := range files {
		m.known[slash(f)] = true
		if i >= maxAutoFiles || workspace == "" || !isAbs(f) {
			continue
		}
		if _, ok := m.rule(f); ok || exists(f) {
			continue
		}
		if r, ok := autoRule(f, workspace, exists); ok {
			m.rules = append(m.rules, r)
			m.sortRules()
		}
	}
	return m
}

// autoRule finds the longest tail of build path f that exists under ws.
func autoRule(f, ws string, exists func(string) bool) (PathRule, bool) {
	parts := strings.Split(strings.TrimLeft(slash(f), "/"), "/")
	for i := 1; i < len(parts); i++ {
		local := filepath.Join(ws, filepath.FromSlash(path.Join(parts[i:]...)))
		if exists(local) {
			build := strings.TrimSuffix(slash(f), "/"+path.Join(parts[i:]...))
			return PathRule{Build: build, Local: cleanPrefix(ws), Auto: true, Example: local}, true
		}
	}
	return PathRule{}, false
}

// With returns a copy of m with one more explicit rule, which wins over
// the rules before it for the same prefix.
func (m *PathMap) With(build, local string) *PathMap {
	n := &PathMap{known: map[string]bool{}}
	if m != nil {
		n.known = m.known
		for _, r := range m.rules {
			if r.Build != slash(cleanPrefix(build)) {
				n.rules = append(n.rules, r)
			}
		}
	}
	n.rules = append(n.rules, PathRule{Build: slash(cleanPrefix(build)), Local: cleanPrefix(local)})
	n.sortRules()
	return n
}

// Rules lists the rules, longest build prefix first.
func (m *PathMap) Rules() []PathRule {
	if m == nil {
		return nil
	}
	return append([]PathRule(nil), m.rules...)
}

// ToLocal maps a path from the DWARF to this machine (unchanged when no
// rule applies).
func (m *PathMap) ToLocal(p string) string {
	if r, ok := m.rule(p); ok {
		return join(r.Local, rest(slash(p), r.Build))
	}
	return p
}

// ToBuild maps a path on this machine to the DWARF's. When several rules
// map to the same local folder, the one giving a known source file wins.
func (m *PathMap) ToBuild(p string) string {
	if m == nil {
		return p
	}
	first := ""
	for _, r := range m.byLocal() {
		if !under(slash(p), slash(r.Local)) {
			continue
		}
		b := strings.TrimSuffix(r.Build, "/") + rest(slash(p), slash(r.Local))
		if m.known[b] {
			return b
		}
		if first == "" {
			first = b
		}
	}
	if first != "" {
		return first
	}
	return p
}

// rule finds the rule for build path p.
func (m *PathMap) rule(p string) (PathRule, bool) {
	if m == nil {
		return PathRule{}, false
	}
	for _, r := range m.rules {
		if under(slash(p), r.Build) {
			return r, true
		}
	}
	return PathRule{}, false
}

// byLocal is the rules, longest local prefix first.
func (m *PathMap) byLocal() []PathRule {
	rs := append([]PathRule(nil), m.rules...)
	sort.SliceStable(rs, func(i, j int) bool { return len(rs[i].Local) > len(rs[j].Local) })
	return rs
}

func (m *PathMap) sortRules() {
	sort.SliceStable(m.rules, func(i, j int) bool { return len(m.rules[i].Build) > len(m.rules[j].Build) })
}

// under reports whether p is prefix or lies below it, by whole components.
func under(p, prefix string) bool {
	if prefix == "" || !strings.HasPrefix(p, prefix) {
		return false
	}
	return len(p) == len(prefix) || p[len(prefix)] == '/' || strings.HasSuffix(prefix, "/")
}

// rest is what follows prefix in p, starting with "/" (or empty).
func rest(p, prefix string) string {
	r := strings.TrimPrefix(p, prefix)
	if r != "" && r[0] != '/' {
		r = "/" + r
	}
	return r
}

// join puts a remainder (starting with "/" or empty) under a local prefix,
// in the local prefix's separator style.
func join(local, rest string) string {
	if strings.HasSuffix(local, "/") || strings.HasSuffix(local, `\`) {
		rest = strings.TrimPrefix(rest, "/")
	}
	if strings.Contains(local, `\`) && !strings.Contains(local, "/") {
		return local + strings.ReplaceAll(rest, "/", `\`)
	}
	return local + rest
}

// slash writes p with forward slashes, so Windows build paths match too.
func slash(p string) string { return strings.ReplaceAll(p, `\`, "/") }

// cleanPrefix drops trailing separators (keeping a lone root).
func cleanPrefix(p string) string {
	t := strings.TrimRight(p, `/\`)
	if t == "" && p != "" {
		return p[:1]
	}
	return t
}

// isAbs reports whether p is absolute on Unix or Windows.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) ||
		(len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'))
}

// SourcePaths lists the source files the firmware's DWARF names, as
// compiled (the paths a PathMap maps).
func (s *Session) SourcePaths() []string {
	files := s.syms.Files()
	paths := make([]string, 0, len(files))
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	return paths
}
