package vm

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
)

// builtinFS holds the built-in boards, written in the board file format.
//
//go:embed boards/*.json
var builtinFS embed.FS

// Boards returns every built-in board, parsed from its embedded file,
// sorted by name (conformance tests iterate over them).
func Boards() []Board {
	entries, err := builtinFS.ReadDir("boards")
	if err != nil {
		return nil
	}
	var out []Board
	for _, e := range entries {
		if b, err := builtin(e.Name()); err == nil {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// builtin parses one embedded board file.
func builtin(file string) (Board, error) {
	data, err := builtinFS.ReadFile(path.Join("boards", file))
	if err != nil {
		return Board{}, err
	}
	return ParseBoardFile("boards/"+file, data)
}

// BoardByName returns the built-in board with that name or alias.
func BoardByName(name string) (Board, error) {
	var names []string
	for _, b := range Boards() {
		if b.Name == name || slices.Contains(b.Aliases, name) {
			return b, nil
		}
		names = append(names, b.Name)
	}
	return Board{}, fmt.Errorf("no built-in board %q (have %s; or give a board file's path)", name, strings.Join(names, ", "))
}

// ResolveBoard returns the board a user named: a built-in board's name or
// alias, or the path of a board file (anything with a slash or ending in
// .json, or an existing file); a description from BoardSpec is taken too.
func ResolveBoard(nameOrPath string) (Board, error) {
	if strings.HasPrefix(nameOrPath, "{") { // a recording's BoardSpec
		return BoardFromSpec(nameOrPath)
	}
	if b, err := BoardByName(nameOrPath); err == nil {
		return b, nil
	} else if !looksLikePath(nameOrPath) {
		return Board{}, err
	}
	return LoadBoardFile(nameOrPath)
}

// looksLikePath reports whether a --board value names a file.
func looksLikePath(s string) bool {
	if strings.ContainsAny(s, `/\`) || strings.HasSuffix(s, ".json") {
		return true
	}
	_, err := os.Stat(s)
	return err == nil
}

// BoardSpec returns what a recording keeps to rebuild the board anywhere:
// the name of an unchanged built-in board, else the whole description as
// JSON (BoardFromSpec reads both).
func BoardSpec(b Board) string {
	if bi, err := BoardByName(b.Name); err == nil && boardsEqual(bi, b) {
		return b.Name
	}
	data, err := json.Marshal(b)
	if err != nil {
		return b.Name
	}
	return string(data)
}

// BoardFromSpec rebuilds a board from BoardSpec's result.
func BoardFromSpec(spec string) (Board, error) {
	if strings.HasPrefix(spec, "{") {
		return ParseBoard([]byte(spec))
	}
	return BoardByName(spec)
}

// boardsEqual compares two boards field by field.
func boardsEqual(a, b Board) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}
