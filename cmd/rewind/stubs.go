package main

import "fmt"

func runMain(args []string, s stdio) int {
	fmt.Fprintln(s.Err, "rewind run: not built yet")
	return 1
}

func recordMain(args []string, s stdio) int {
	fmt.Fprintln(s.Err, "rewind record: not built yet")
	return 1
}

func replayMain(args []string, s stdio) int {
	fmt.Fprintln(s.Err, "rewind replay: not built yet")
	return 1
}
