package main

import "fmt"

func recordMain(args []string, s stdio) int {
	fmt.Fprintln(s.Err, "rewind record: not built yet")
	return 1
}

func replayMain(args []string, s stdio) int {
	fmt.Fprintln(s.Err, "rewind replay: not built yet")
	return 1
}
