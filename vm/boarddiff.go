package vm

import (
	"encoding/json"
	"fmt"
	"sort"
)

// BoardDifference names the first setting in which two boards build
// different machines ("" if none): their names, aliases and descriptions
// are not compared, so a renamed copy of a board file matches.
func BoardDifference(a, b Board) string {
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
			return diffValue(k, x[k], y[k])
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

// orNone shows a missing field.
func orNone(v json.RawMessage) string {
	if v == nil {
		return "none"
	}
	return string(v)
}

// diffValue shows two different values of a field; for lists, the first
// entry that differs.
func diffValue(field string, a, b json.RawMessage) string {
	var la, lb []json.RawMessage
	if json.Unmarshal(a, &la) != nil || json.Unmarshal(b, &lb) != nil {
		return fmt.Sprintf("%s: %s here, %s there", field, orNone(a), orNone(b))
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
			return fmt.Sprintf("%s[%d]: %s here, %s there", field, i, orNone(ea), orNone(eb))
		}
	}
	return ""
}
