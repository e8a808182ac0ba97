package symbols

import (
	"path/filepath"
	"strings"
)

// MatchFiles returns the source files that name refers to. An absolute
// path (as an IDE sends) matches a file whose resolved path is the same,
// also after resolving symlinks on either side; a relative path matches
// files whose path ends with it, component by component ("main.c",
// "src/main.c").
func (t *Table) MatchFiles(name string) []SourceFile {
	var out []SourceFile
	for _, i := range t.matchFileIdx(name) {
		out = append(out, t.lines.files[i])
	}
	return out
}

// matchFileIdx is MatchFiles returning indexes.
func (t *Table) matchFileIdx(name string) []int {
	if name == "" {
		return nil
	}
	var out []int
	if filepath.IsAbs(name) {
		q := filepath.Clean(name)
		qr := realPath(q)
		for i, f := range t.lines.files {
			p := filepath.Clean(f.Path)
			if p == q || (filepath.IsAbs(p) && realPath(p) == qr) {
				out = append(out, i)
			}
		}
		if len(out) > 0 {
			return out
		}
		// Not found by full path: fall back to the base name, so an IDE
		// opening a copy of the sources elsewhere still matches.
		name = filepath.Base(q)
	}
	q := "/" + strings.TrimPrefix(filepath.ToSlash(filepath.Clean(name)), "./")
	for i, f := range t.lines.files {
		p := "/" + filepath.ToSlash(f.Path)
		n := "/" + f.Name
		if strings.HasSuffix(p, q) || strings.HasSuffix(n, q) {
			out = append(out, i)
		}
	}
	return out
}

// realPath resolves symlinks, returning the path unchanged when it cannot.
func realPath(p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		return p
	}
	return r
}
