package main

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/console"
)

// fileList is a repeatable flag naming command files (-x FILE).
type fileList []string

func (f *fileList) String() string { return strings.Join(*f, ",") }

// Set adds a file.
func (f *fileList) Set(v string) error { *f = append(*f, v); return nil }

// scriptOptions are rewind debug's gdb-style script flags.
type scriptOptions struct {
	init  string   // --init FILE, or REWIND_INIT
	files fileList // -x FILE...
	batch bool     // --batch: exit after the files
}

// runScripts sources the init file then the -x files, as gdb does (an
// error ends that file, not the session). It reports whether the last
// command failed, and whether a quit command ran.
func runScripts(c *console.Console, o scriptOptions, s stdio) (failed, quit bool) {
	files := o.files
	if o.init != "" {
		files = append([]string{o.init}, files...)
	}
	w := s.Out
	if o.batch {
		w = s.Err
	}
	for _, f := range files {
		if err := c.SourceFile(f); err != nil {
			fmt.Fprintln(w, err)
		}
		if c.Quit() {
			return c.Failed(), true
		}
	}
	return c.Failed(), false
}
