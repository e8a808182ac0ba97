package cexpr

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// isFloatLit reports whether a numeric token is a (decimal) floating
// constant: it has a '.' or an exponent.
func isFloatLit(s string) bool {
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		return false
	}
	return strings.ContainsAny(s, ".eE")
}

// parseFloatLit parses a decimal floating constant; an f suffix makes it
// a float, otherwise it is a double (long double is read as double).
func parseFloatLit(tok token) (float64, string, error) {
	s, typ := tok.text, "double"
	switch {
	case strings.HasSuffix(s, "f") || strings.HasSuffix(s, "F"):
		s, typ = s[:len(s)-1], "float"
	case strings.HasSuffix(s, "l") || strings.HasSuffix(s, "L"):
		s = s[:len(s)-1]
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strings.ContainsAny(s, "_xXpP") {
		return 0, "", errAt(tok.pos, "invalid floating constant '%s'", tok.text)
	}
	if typ == "float" {
		f = float64(float32(f))
	}
	return f, typ, nil
}

// parseIntLit parses a C integer literal and picks its type per C11 6.4.4.1
// on ILP32. It returns the value and the canonical base type name.
func parseIntLit(tok token) (uint64, string, error) {
	body, suffix := splitSuffix(tok.text)
	base, digits := 10, body
	switch {
	case len(body) > 2 && (body[:2] == "0x" || body[:2] == "0X"):
		base, digits = 16, body[2:]
	case len(body) > 2 && (body[:2] == "0b" || body[:2] == "0B"):
		base, digits = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, digits = 8, body[1:]
	}
	if digits == "" {
		return 0, "", errAt(tok.pos, "invalid integer literal '%s'", tok.text)
	}
	var v uint64
	for _, c := range []byte(digits) {
		d := digitVal(c)
		if d >= base {
			return 0, "", errAt(tok.pos, "invalid digit '%c' in integer literal '%s'", c, tok.text)
		}
		hi, lo := bits.Mul64(v, uint64(base))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		if hi != 0 || carry != 0 {
			return 0, "", errAt(tok.pos, "integer literal '%s' too large", tok.text)
		}
		v = lo
	}
	unsigned, longs, ok := parseSuffix(suffix)
	if !ok {
		return 0, "", errAt(tok.pos, "invalid suffix '%s' on integer literal", suffix)
	}
	return v, litType(v, base == 10, unsigned, longs), nil
}

// splitSuffix splits an integer literal into digits and suffix.
func splitSuffix(s string) (string, string) {
	end := len(s)
	for end > 0 && strings.ContainsRune("uUlL", rune(s[end-1])) {
		end--
	}
	return s[:end], s[end:]
}

// parseSuffix decodes an integer suffix: u, l, ll in either order/case.
func parseSuffix(s string) (unsigned bool, longs int, ok bool) {
	type kind struct {
		u bool
		l int
	}
	valid := map[string]kind{
		"": {}, "u": {u: true}, "l": {l: 1}, "ul": {true, 1}, "lu": {true, 1},
		"ll": {l: 2}, "ull": {true, 2}, "llu": {true, 2},
	}
	k, ok := valid[strings.ToLower(s)]
	if strings.Contains(s, "lL") || strings.Contains(s, "Ll") {
		ok = false
	}
	return k.u, k.l, ok
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

// litType picks the first type in C's list that can represent v.
func litType(v uint64, decimal, unsigned bool, longs int) string {
	type cand struct {
		name string
		max  uint64
		uns  bool
	}
	all := []cand{
		{"int", math.MaxInt32, false}, {"unsigned int", math.MaxUint32, true},
		{"long", math.MaxInt32, false}, {"unsigned long", math.MaxUint32, true},
		{"long long", math.MaxInt64, false}, {"unsigned long long", math.MaxUint64, true},
	}
	start := []int{0, 2, 4}[longs]
	for _, c := range all[start:] {
		if unsigned && !c.uns || decimal && !unsigned && c.uns {
			continue
		}
		if v <= c.max {
			return c.name
		}
	}
	// A decimal literal too big for long long: GCC makes it unsigned.
	return "unsigned long long"
}

// parseCharLit decodes a character constant: its type is int, its value
// that of the (unsigned, on RISC-V) char.
func parseCharLit(tok token) (uint64, error) {
	b, err := unquote(tok)
	if err != nil {
		return 0, err
	}
	if len(b) != 1 {
		return 0, errAt(tok.pos, "character constant must hold one character")
	}
	return uint64(b[0]), nil
}

// unquote decodes the escapes of a quoted char or string literal.
func unquote(tok token) ([]byte, error) {
	s := tok.text[1 : len(tok.text)-1]
	var out []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			out = append(out, s[i])
			continue
		}
		i++
		if i >= len(s) {
			return nil, errAt(tok.pos, "bad escape")
		}
		c, n, st := escape(s[i:])
		switch st {
		case escUnknown:
			return nil, errAt(tok.pos+i+1, "unknown escape '\\%c'", s[i])
		case escRange:
			// The column is the backslash's: one for the opening quote,
			// minus one from i.
			return nil, errAt(tok.pos+i, "escape sequence out of range")
		}
		out = append(out, c)
		i += n - 1
	}
	return out, nil
}

// escStatus says how an escape decoded.
type escStatus int

const (
	escOK      escStatus = iota
	escUnknown           // not an escape C knows
	escRange             // a numeric escape above 0xff (GCC rejects it)
)

// escape decodes one escape (after the backslash), returning the byte and
// how many source bytes it used. Hex escapes take every hex digit that
// follows, octal escapes up to three digits (C11 6.4.4.4); a value that
// does not fit a char is escRange.
func escape(s string) (byte, int, escStatus) {
	simple := map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'a': 7, 'b': 8,
		'f': 12, 'v': 11, '\\': '\\', '\'': '\'', '"': '"', '?': '?', 'e': 27}
	switch {
	case s[0] == 'x':
		v, n := 0, 1
		for n < len(s) && digitVal(s[n]) < 16 {
			v = min(v*16+digitVal(s[n]), 0x100)
			n++
		}
		if n == 1 {
			return 0, 0, escUnknown
		}
		if v > 0xff {
			return 0, n, escRange
		}
		return byte(v), n, escOK
	case s[0] >= '0' && s[0] <= '7':
		v, n := 0, 0
		for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		if v > 0xff {
			return 0, n, escRange
		}
		return byte(v), n, escOK
	}
	if c, ok := simple[s[0]]; ok {
		return c, 1, escOK
	}
	return 0, 0, escUnknown
}
