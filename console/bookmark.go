package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// cmdBookmark names the current position in time ("delete NAME" removes
// one).
func (c *Console) cmdBookmark(arg string) error {
	arg = strings.TrimSpace(arg)
	if name, ok := strings.CutPrefix(arg, "delete "); ok {
		return c.s.DeleteBookmark(strings.TrimSpace(name))
	}
	if arg == "" || strings.ContainsAny(arg, " \t") {
		return fmt.Errorf("bookmark: want one NAME (a word)")
	}
	b, err := c.s.SetBookmark(arg)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "Bookmark %s at time %d.\n", b.Name, b.Time)
	return nil
}

// cmdGoto goes to a bookmark.
func (c *Console) cmdGoto(arg string) error {
	t, err := c.s.BookmarkTime(strings.TrimSpace(arg))
	if err != nil {
		return err
	}
	st, err := c.run.Run(func(s *debugger.Session) debugger.Stop { return s.Seek(t) })
	if err != nil {
		return err
	}
	c.showStop(st)
	return nil
}

// infoBookmarks lists the bookmarks.
func (c *Console) infoBookmarks() {
	l := c.s.Bookmarks()
	if len(l) == 0 {
		fmt.Fprintln(c.out, "No bookmarks.")
		return
	}
	fmt.Fprintln(c.out, "Name                 Time")
	for _, b := range l {
		mark := ""
		if b.Time == c.s.Now() {
			mark = "  (now)"
		}
		fmt.Fprintf(c.out, "%-20s %d%s\n", b.Name, b.Time, mark)
	}
}
