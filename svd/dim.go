package svd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// maxDim bounds one dim element's count; maxElements bounds the registers
// and fields a whole file expands to.
const (
	maxDim      = 1 << 16
	maxElements = 1 << 18
)

// instance is one element of a dim array or list.
type instance struct {
	name  string // the element's name with %s replaced
	index string // the dimIndex entry ("" without dim)
	step  uint64 // dimIncrement times the position
}

// expandDim lists the instances of an element that may carry dim,
// dimIncrement and dimIndex. Without dim it is the element itself.
func expandDim(n *node, name string) ([]instance, error) {
	dn := n.child("dim")
	if dn == nil {
		if strings.Contains(name, "%s") {
			return nil, errors.New("name has %s but no dim")
		}
		return []instance{{name: name}}, nil
	}
	count, err := parseUint(dn.text)
	if err != nil {
		return nil, fmt.Errorf("dim: %w", err)
	}
	if count == 0 || count > maxDim {
		return nil, fmt.Errorf("dim %d: must be 1 to %d", count, maxDim)
	}
	inc := uint64(0)
	if s := n.value("dimIncrement"); s != "" {
		if inc, err = parseUint(s); err != nil {
			return nil, fmt.Errorf("dimIncrement: %w", err)
		}
	} else {
		return nil, errors.New("dim without dimIncrement")
	}
	indices, err := dimIndices(n.value("dimIndex"), int(count))
	if err != nil {
		return nil, err
	}
	array := strings.Contains(name, "[%s]")
	if !strings.Contains(name, "%s") {
		return nil, fmt.Errorf("dim %d but the name %q has no %%s", count, name)
	}
	out := make([]instance, count)
	for i := range out {
		repl := indices[i]
		if array {
			repl = strconv.Itoa(i)
		}
		out[i] = instance{name: strings.ReplaceAll(name, "%s", repl), index: indices[i], step: uint64(i) * inc}
	}
	return out, nil
}

// dimIndices reads dimIndex: "0-3", "A-D", or a comma list; empty means
// 0..count-1. The number of entries must equal count.
func dimIndices(s string, count int) ([]string, error) {
	var out []string
	switch {
	case s == "":
		for i := 0; i < count; i++ {
			out = append(out, strconv.Itoa(i))
		}
		return out, nil
	case strings.Contains(s, ","):
		for _, p := range strings.Split(s, ",") {
			out = append(out, strings.TrimSpace(p))
			if len(out) > count {
				break
			}
		}
	case strings.Contains(s, "-"):
		var err error
		if out, err = dimRange(s, count); err != nil {
			return nil, err
		}
	default:
		out = []string{strings.TrimSpace(s)}
	}
	if len(out) != count {
		return nil, fmt.Errorf("dimIndex %q has %s entries, dim is %d", s, countText(len(out), count), count)
	}
	return out, nil
}

// countText says how many entries a dimIndex had ("more than dim" once
// the count passes it: lists stop being read there).
func countText(n, count int) string {
	if n > count {
		return "more"
	}
	return strconv.Itoa(n)
}

// dimRange expands "3-6" or "A-D" (a letter range) without building more
// than count+1 entries.
func dimRange(s string, count int) ([]string, error) {
	lo, hi, _ := strings.Cut(s, "-")
	lo, hi = strings.TrimSpace(lo), strings.TrimSpace(hi)
	if a, err := strconv.Atoi(lo); err == nil {
		b, err := strconv.Atoi(hi)
		if err != nil || b < a {
			return nil, fmt.Errorf("dimIndex %q: bad range", s)
		}
		var out []string
		for i := a; i <= b && len(out) <= count; i++ {
			out = append(out, strconv.Itoa(i))
		}
		return out, nil
	}
	if len(lo) == 1 && len(hi) == 1 && isLetter(lo[0]) && isLetter(hi[0]) && lo[0] <= hi[0] {
		var out []string
		for c := lo[0]; c <= hi[0] && len(out) <= count; c++ {
			out = append(out, string(c))
		}
		return out, nil
	}
	return nil, fmt.Errorf("dimIndex %q: bad range", s)
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }
