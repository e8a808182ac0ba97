package gdbserver

import (
	"errors"
	"fmt"
	"strconv"
)

// decodeHex turns a string of hex digit pairs into bytes.
func decodeHex(s string) ([]byte, error) {
	if len(s)%2 != 0 {
		return nil, errors.New("odd number of hex digits")
	}
	out := make([]byte, len(s)/2)
	for i := range out {
		b, ok := parseHexByte(s[2*i], s[2*i+1])
		if !ok {
			return nil, fmt.Errorf("bad hex digits %q", s[2*i:2*i+2])
		}
		out[i] = b
	}
	return out, nil
}

// encodeHex turns bytes into hex digit pairs.
func encodeHex(b []byte) string {
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i] = hexDigits[c>>4]
		out[2*i+1] = hexDigits[c&15]
	}
	return string(out)
}

// parseHex32 parses a hex number that must fit in 32 bits.
func parseHex32(s string) (uint32, error) {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("bad hex number %q: %w", s, err)
	}
	return uint32(v), nil
}

// regHex encodes a 32-bit register value in target (little-endian) order.
func regHex(v uint32) string {
	return encodeHex([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)})
}
