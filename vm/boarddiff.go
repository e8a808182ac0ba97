package vm

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// BoardDifference names the first setting in which two boards build
// different machines ("" if none), each side's value followed by its
// name (aName, bName: what the user knows them as, such as "the
// recording"), addresses and sizes in hex. Their names, aliases and
// descriptions are not compared, so a renamed copy of a board file
// matches.
func BoardDifference(a, b Board, aName, bName string) string {
	x, y := boardSettings(a), boardSettings(b)
	keys := make([]string, 0, len(x)+len(y))
	for k := range x {
		keys = append(keys, k)
	}
	for k := range y {
		if _, ok := x[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if string(x[k]) != string(y[k]) {
			return diffValue(k, x[k], y[k], aName, bName)
		}
	}
	return ""
}

// boardSettings is a board's JSON form by field, without the fields that
// only name it.
func boardSettings(b Board) map[string]json.RawMessage {
	b.Name, b.Aliases, b.Description = "", nil, ""
	data, err := json.Marshal(b)
	if err != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// orNone shows a field's value, "none" when missing, with the numbers of
// address and size fields in hex.
func orNone(v json.RawMessage) string {
	if v == nil {
		return "none"
	}
	return addrField.ReplaceAllStringFunc(string(v), func(f string) string {
		i := strings.LastIndexByte(f, ':')
		n, err := strconv.ParseUint(f[i+1:], 10, 32)
		if err != nil {
			return f
		}
		return fmt.Sprintf("%s0x%x", f[:i+1], n)
	})
}

// addrField matches an address or size field of a board's JSON form.
var addrField = regexp.MustCompile(`"(base|size|of|ram_base|ram_size|heap_base|heap_size)":[0-9]+`)

// diffValue shows two different values of a field; for lists, the first
// entry that differs.
func diffValue(field string, a, b json.RawMessage, aName, bName string) string {
	var la, lb []json.RawMessage
	if json.Unmarshal(a, &la) != nil || json.Unmarshal(b, &lb) != nil {
		return fmt.Sprintf("%s: %s %s, %s %s", field, orNone(a), aName, orNone(b), bName)
	}
	for i := 0; i < max(len(la), len(lb)); i++ {
		var ea, eb json.RawMessage
		if i < len(la) {
			ea = la[i]
		}
		if i < len(lb) {
			eb = lb[i]
		}
		if string(ea) != string(eb) {
			return fmt.Sprintf("%s[%d]: %s %s, %s %s", field, i, orNone(ea), aName, orNone(eb), bName)
		}
	}
	return ""
}
