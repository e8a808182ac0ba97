package dbgext

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// Location is a parsed breakpoint location.
type Location struct {
	Kind     debugger.Kind // KindLine, KindFunction or KindInstruction
	File     string        // KindLine ("" = the current file)
	Line     int           // KindLine
	Function string        // KindFunction
	AddrExpr string        // KindInstruction: a number or an expression
}

// ParseLocation reads "file:line", "line", "function" or "*addr".
func ParseLocation(spec string) (Location, error) {
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "":
		return Location{}, errors.New("no location given")
	case strings.HasPrefix(spec, "*"):
		e := strings.TrimSpace(spec[1:])
		if e == "" {
			return Location{}, errors.New("no address after '*'")
		}
		return Location{Kind: debugger.KindInstruction, AddrExpr: e}, nil
	}
	if i := strings.LastIndexByte(spec, ':'); i >= 0 {
		n, err := strconv.Atoi(spec[i+1:])
		file := strings.TrimSpace(spec[:i])
		if err != nil || n <= 0 || file == "" {
			return Location{}, fmt.Errorf("bad location %q (want file:line)", spec)
		}
		return Location{Kind: debugger.KindLine, File: file, Line: n}, nil
	}
	if n, err := strconv.Atoi(spec); err == nil {
		if n <= 0 {
			return Location{}, fmt.Errorf("bad line number %d", n)
		}
		return Location{Kind: debugger.KindLine, Line: n}, nil
	}
	if !isIdent(spec) {
		return Location{}, fmt.Errorf("bad location %q (want file:line, function or *address)", spec)
	}
	return Location{Kind: debugger.KindFunction, Function: spec}, nil
}

// isIdent reports whether s is a C identifier.
func isIdent(s string) bool {
	for i, r := range s {
		ok := r == '_' || r == '.' || r == '$' || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') || (i > 0 && '0' <= r && r <= '9')
		if !ok {
			return false
		}
	}
	return s != ""
}

// ParseUint reads a number in C notation (0x.., 0.., decimal).
func ParseUint(s string) (uint64, error) {
	return strconv.ParseUint(strings.TrimSpace(s), 0, 64)
}
