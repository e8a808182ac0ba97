package console

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// substitutePath maps sources under the build folder from to the local
// folder to, as gdb's "set substitute-path FROM TO" does.
func (c *Console) substitutePath(arg string) error {
	f := strings.Fields(arg)
	if len(f) != 2 {
		return fmt.Errorf("set substitute-path: want FROM TO (the build folder, then where its sources are here)")
	}
	c.src.paths = c.src.paths.With(f[0], f[1])
	c.src.cache = map[string][]string{}
	fmt.Fprintf(c.out, "Sources under %s are read from %s.\n", f[0], f[1])
	return nil
}

// sources reads and caches source files.
type sources struct {
	given map[string][]byte
	cache map[string][]string
	// paths maps build paths to local ones (set substitute-path).
	paths *debugger.PathMap
}

func newSources(given map[string][]byte) *sources {
	return &sources{given: given, cache: map[string][]string{}}
}

// lines returns a file's lines (index 0 is line 1).
func (s *sources) lines(f symbols.SourceFile) ([]string, error) {
	key := f.Path
	if l, ok := s.cache[key]; ok {
		return l, nil
	}
	data, ok := s.given[filepath.Base(f.Name)]
	if !ok {
		var err error
		data, err = os.ReadFile(s.paths.ToLocal(f.Path))
		if err != nil {
			return nil, fmt.Errorf("source %s is not available (set substitute-path BUILD LOCAL tells where it is)", f.Name)
		}
	}
	l := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i := range l {
		l[i] = strings.ReplaceAll(strings.TrimRight(l[i], "\r"), "\t", "    ")
	}
	s.cache[key] = l
	return l, nil
}

// listState remembers where the next "list" goes on.
type listState struct {
	file symbols.SourceFile
	next int // the next line to show; 0: none yet
}

// printLines prints lines [from, to] of a file, marking line mark.
func (c *Console) printLines(f symbols.SourceFile, from, to, mark int) error {
	l, err := c.src.lines(f)
	if err != nil {
		return err
	}
	from = max(from, 1)
	to = min(to, len(l))
	if from > to {
		return fmt.Errorf("line %d is out of range: %s has %d lines", from, f.Name, len(l))
	}
	for n := from; n <= to; n++ {
		m := "  "
		if n == mark {
			m = "=>"
		}
		fmt.Fprintf(c.out, "%s %4d  %s\n", m, n, l[n-1])
	}
	c.list = listState{file: f, next: to + 1}
	return nil
}

// context prints the current line with a few lines around it.
func (c *Console) context(loc symbols.Location) {
	if err := c.printLines(loc.File, loc.Line-2, loc.Line+2, loc.Line); err != nil {
		fmt.Fprintf(c.out, "   (%v)\n", err)
	}
	c.list.next = 0 // "list" then centres on this line
}
