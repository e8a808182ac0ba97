package main

import (
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/rewind-debugger/rewind/vm"
)

// boardsMain implements "rewind boards": the built-in boards, one a line
// (name, CPU, description), or with a board file's path, that file checked
// and summed up.
func boardsMain(args []string, s stdio) int {
	fs := flag.NewFlagSet("rewind boards", flag.ContinueOnError)
	fs.SetOutput(s.Err)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(s.Err, "usage: rewind boards [board.json]")
		return exitUsage
	}
	bs := vm.Boards()
	if fs.NArg() == 1 {
		b, err := vm.LoadBoardFile(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(s.Err, "rewind boards: %v\n", err)
			return exitUsage
		}
		bs = []vm.Board{b}
	}
	w := tabwriter.NewWriter(s.Out, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tCPU\tDESCRIPTION")
	for _, b := range bs {
		name := b.Name
		if len(b.Aliases) > 0 {
			name += " (" + strings.Join(b.Aliases, ", ") + ")"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", name, b.CPU, b.Description)
	}
	w.Flush()
	if fs.NArg() == 0 {
		fmt.Fprintln(s.Out, "\n--board takes one of these names or the path of a board file (see vm/boards/README.md).")
	}
	return 0
}
