package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// releaseVersion is the version of this release of Rewind.
const releaseVersion = "0.1.0"

// version is the release, with the source revision when the binary was
// built from a version-controlled tree.
func version() string {
	v := releaseVersion
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	for _, st := range info.Settings {
		if st.Key == "vcs.revision" && len(st.Value) >= 12 {
			v += " (" + st.Value[:12] + ")"
		}
	}
	return v + " " + info.GoVersion
}

// wantsHelp reports whether a command's arguments ask for its help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// commandHelp prints a command's usage line, summary and flags on w. The
// flags come from the command's own flag set, which prints them when
// asked for -h (its own heading line is dropped).
func commandHelp(w io.Writer, name string, c command) {
	fmt.Fprintf(w, "usage: rewind %s %s\n\n%s\n", name, c.args, c.summary)
	var flags bytes.Buffer
	c.run([]string{"-h"}, stdio{In: strings.NewReader(""), Out: io.Discard, Err: &flags})
	text := flags.String()
	if first, rest, ok := strings.Cut(text, "\n"); ok && (strings.HasPrefix(first, "Usage of") || strings.HasPrefix(first, "usage:")) {
		text = rest
	}
	if strings.TrimSpace(text) != "" {
		fmt.Fprintf(w, "\nFlags:\n%s", text)
	}
}
