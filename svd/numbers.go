package svd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// parseUint reads an SVD scaledNonNegativeInteger: decimal, 0x hex, #
// or 0b binary, an optional leading +, and an optional k, M, G or T
// multiplier (powers of 1024).
func parseUint(s string) (uint64, error) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "+")
	shift := 0
	if n := len(t); n > 1 && !isHexPrefixed(t) {
		switch t[n-1] {
		case 'k', 'K':
			shift = 10
		case 'm', 'M':
			shift = 20
		case 'g', 'G':
			shift = 30
		case 't', 'T':
			shift = 40
		}
		if shift != 0 {
			t = t[:n-1]
		}
	}
	v, err := parseBase(t)
	if err != nil {
		return 0, fmt.Errorf("number %q: %w", s, err)
	}
	if shift != 0 && v > ^uint64(0)>>shift {
		return 0, fmt.Errorf("number %q: too large", s)
	}
	return v << shift, nil
}

// isHexPrefixed reports a 0x number (whose last digit may look like a
// multiplier only if it were not hex; hex has no multipliers).
func isHexPrefixed(s string) bool {
	return strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X")
}

// parseBase reads the digits of a number in its prefixed base.
func parseBase(t string) (uint64, error) {
	switch {
	case isHexPrefixed(t):
		return strconv.ParseUint(t[2:], 16, 64)
	case strings.HasPrefix(t, "#"):
		return strconv.ParseUint(t[1:], 2, 64)
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		return strconv.ParseUint(t[2:], 2, 64)
	case t == "":
		return 0, errors.New("empty")
	}
	return strconv.ParseUint(t, 10, 64)
}

// parseEnumValue reads an enumeratedValue's value: a number, or a binary
// form with don't-care bits ("#1x0", "0b1x0"), returning the value and the
// mask of bits that matter.
func parseEnumValue(s string) (value, mask uint64, err error) {
	t := strings.TrimSpace(s)
	var bits string
	switch {
	case strings.HasPrefix(t, "#"):
		bits = t[1:]
	case strings.HasPrefix(t, "0b") || strings.HasPrefix(t, "0B"):
		bits = t[2:]
	}
	if bits == "" || !strings.ContainsAny(bits, "xX") {
		v, err := parseUint(t)
		return v, ^uint64(0), err
	}
	if len(bits) > 64 {
		return 0, 0, fmt.Errorf("value %q: more than 64 bits", s)
	}
	for _, c := range bits {
		value, mask = value<<1, mask<<1
		switch c {
		case '0':
			mask |= 1
		case '1':
			value, mask = value|1, mask|1
		case 'x', 'X':
		default:
			return 0, 0, fmt.Errorf("value %q: %q is not a binary digit", s, c)
		}
	}
	// Bits above the written ones are zero and matter.
	mask |= ^uint64(0) << uint(len(bits))
	return value, mask, nil
}

// parseBool reads true/false/1/0.
func parseBool(s string) (bool, error) {
	switch strings.TrimSpace(s) {
	case "true", "1":
		return true, nil
	case "false", "0":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean", s)
}
