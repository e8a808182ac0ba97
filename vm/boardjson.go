package vm

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// jsonDoc is a parsed JSON board file: the values (objects as
// map[string]any, numbers as json.Number) and, for every path such as
// "devices[2].base", the line it is on.
type jsonDoc struct {
	file  string
	data  []byte
	root  any
	lines map[string]int
}

// fieldError is an error about one field of a board file.
type fieldError struct {
	file, path string
	line       int
	msg        string
}

func (e *fieldError) Error() string {
	if e.path == "" {
		return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.file, e.line, e.path, e.msg)
}

// parseJSONDoc parses data, recording the line of every key and array
// element. Syntax errors name the line.
func parseJSONDoc(file string, data []byte) (*jsonDoc, error) {
	d := &jsonDoc{file: file, data: data, lines: map[string]int{"": 1}}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := d.value(dec, "", 0)
	if err == nil {
		if _, e := dec.Token(); e != io.EOF {
			err = d.errAt(dec.InputOffset(), "", "unexpected data after the board description")
		}
	}
	if err != nil {
		return nil, err
	}
	d.root = v
	return d, nil
}

// maxJSONDepth bounds nesting, so hostile input cannot exhaust the stack.
const maxJSONDepth = 32

// value reads one JSON value at path.
func (d *jsonDoc) value(dec *json.Decoder, path string, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, d.syntax(dec, err)
	}
	if _, ok := d.lines[path]; !ok {
		d.lines[path] = d.lineOf(dec.InputOffset())
	}
	if depth > maxJSONDepth {
		return nil, d.errAt(dec.InputOffset(), path, "nested too deeply")
	}
	switch tok {
	case json.Delim('{'):
		obj := map[string]any{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, d.syntax(dec, err)
			}
			key, _ := kt.(string)
			kp := key
			if path != "" {
				kp = path + "." + key
			}
			if _, dup := obj[key]; dup {
				return nil, d.errAt(dec.InputOffset(), kp, "appears twice")
			}
			d.lines[kp] = d.lineOf(dec.InputOffset())
			if obj[key], err = d.value(dec, kp, depth+1); err != nil {
				return nil, err
			}
		}
		_, err := dec.Token() // '}'
		return obj, d.syntax(dec, err)
	case json.Delim('['):
		var arr []any
		for i := 0; dec.More(); i++ {
			v, err := d.value(dec, fmt.Sprintf("%s[%d]", path, i), depth+1)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		_, err := dec.Token() // ']'
		return arr, d.syntax(dec, err)
	}
	return tok, nil
}

// syntax turns a decoder error into one naming the line (nil stays nil).
func (d *jsonDoc) syntax(dec *json.Decoder, err error) error {
	if err == nil {
		return nil
	}
	off := dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		off = se.Offset
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		msg, off = "unexpected end of file", int64(len(d.data))
	}
	return d.errAt(off, "", "invalid JSON: "+msg)
}

// lineOf returns the 1-based line of a byte offset.
func (d *jsonDoc) lineOf(off int64) int {
	off = min(max(off, 0), int64(len(d.data)))
	return 1 + bytes.Count(d.data[:off], []byte("\n"))
}

func (d *jsonDoc) errAt(off int64, path, msg string) error {
	return &fieldError{file: d.file, path: path, line: d.lineOf(off), msg: msg}
}

// errf is an error about the field at path, on its line.
func (d *jsonDoc) errf(path, format string, args ...any) error {
	line, ok := d.lines[path]
	for p := path; !ok && p != ""; { // a missing field: the line of its object
		p = p[:max(strings.LastIndexAny(p, ".["), 0)]
		line, ok = d.lines[p]
	}
	return &fieldError{file: d.file, path: path, line: line, msg: fmt.Sprintf(format, args...)}
}

// object returns the object at path with its keys checked against known.
func (d *jsonDoc) object(v any, path string, known ...string) (map[string]any, error) {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, d.errf(path, "must be an object")
	}
	for k := range obj {
		if !containsStr(known, k) {
			kp := k
			if path != "" {
				kp = path + "." + k
			}
			return nil, d.errf(kp, "unknown field (known here: %s)", strings.Join(known, ", "))
		}
	}
	return obj, nil
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// str reads an optional string field.
func (d *jsonDoc) str(obj map[string]any, path, key string) (string, error) {
	v, ok := obj[key]
	if !ok {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", d.errf(join(path, key), "must be a string")
	}
	return s, nil
}

// num reads an optional unsigned number field of at most bits bits: a
// JSON number, or a string in decimal or 0x hex with an optional K, M or G
// suffix (KiB, MiB, GiB).
func (d *jsonDoc) num(obj map[string]any, path, key string, bits int) (uint64, bool, error) {
	v, ok := obj[key]
	if !ok {
		return 0, false, nil
	}
	n, err := parseNum(v, bits)
	if err != nil {
		return 0, true, d.errf(join(path, key), "%v", err)
	}
	return n, true, nil
}

// parseNum converts a JSON number or a number string.
func parseNum(v any, bits int) (uint64, error) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = strings.TrimSpace(x)
	default:
		return 0, errors.New("must be a number or a string such as \"0x20000000\" or \"16K\"")
	}
	mult := uint64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	n, err := strconv.ParseUint(strings.ReplaceAll(s, "_", ""), 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not an unsigned whole number", fmt.Sprint(v))
	}
	if n != 0 && mult > (1<<64-1)/n || bits < 64 && n*mult >= 1<<bits {
		return 0, fmt.Errorf("%v does not fit in %d bits", v, bits)
	}
	return n * mult, nil
}

// join appends a key to a path.
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
