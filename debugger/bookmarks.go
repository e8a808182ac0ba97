package debugger

import (
	"fmt"
	"sort"
)

// Bookmark is a named position in the history.
type Bookmark struct {
	Name string
	Time uint64
}

// SetBookmark names the current time (replacing a bookmark of that name).
func (s *Session) SetBookmark(name string) (Bookmark, error) {
	if name == "" {
		return Bookmark{}, fmt.Errorf("a bookmark needs a name")
	}
	if s.gdb.bookmarks == nil {
		s.gdb.bookmarks = map[string]uint64{}
	}
	s.gdb.bookmarks[name] = s.tl.Now()
	return Bookmark{name, s.tl.Now()}, nil
}

// BookmarkTime is the time a bookmark names.
func (s *Session) BookmarkTime(name string) (uint64, error) {
	t, ok := s.gdb.bookmarks[name]
	if !ok {
		return 0, fmt.Errorf("no bookmark named %q", name)
	}
	if t > s.tl.End() {
		return 0, fmt.Errorf("bookmark %q (time %d) is in a discarded future: history now ends at %d", name, t, s.tl.End())
	}
	return t, nil
}

// DeleteBookmark removes a bookmark.
func (s *Session) DeleteBookmark(name string) error {
	if _, ok := s.gdb.bookmarks[name]; !ok {
		return fmt.Errorf("no bookmark named %q", name)
	}
	delete(s.gdb.bookmarks, name)
	return nil
}

// Bookmarks lists the bookmarks in time order (then by name).
func (s *Session) Bookmarks() []Bookmark {
	out := make([]Bookmark, 0, len(s.gdb.bookmarks))
	for n, t := range s.gdb.bookmarks {
		out = append(out, Bookmark{n, t})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Time != out[j].Time {
			return out[i].Time < out[j].Time
		}
		return out[i].Name < out[j].Name
	})
	return out
}
