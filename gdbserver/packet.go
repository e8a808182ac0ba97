package gdbserver

import (
	"errors"
	"fmt"
	"io"
)

// MaxPacketSize is the largest packet (payload bytes) the stub accepts and
// advertises in qSupported.
const MaxPacketSize = 16384

// maxRawPacket bounds the bytes read between '$' and '#', escapes included.
const maxRawPacket = 2*MaxPacketSize + 64

// FrameKind classifies what ReadFrame found on the wire.
type FrameKind uint8

// Frame kinds.
const (
	FramePacket    FrameKind = iota // a well-formed packet; Data holds its decoded payload
	FrameAck                        // '+'
	FrameNack                       // '-': resend the last packet
	FrameInterrupt                  // 0x03 outside a packet
	FrameBad                        // a packet with a bad checksum, bad encoding or too long
)

// Frame is one unit read from the connection.
type Frame struct {
	Kind FrameKind
	Data []byte // FramePacket: payload, escapes and run-lengths decoded
	Err  error  // FrameBad: what was wrong
}

// ReadFrame reads the next frame, skipping noise between packets. It
// returns an error only when the reader fails (io.EOF at the end).
func ReadFrame(r io.ByteReader) (Frame, error) {
	for {
		b, err := r.ReadByte()
		if err != nil {
			return Frame{}, err
		}
		switch b {
		case '+':
			return Frame{Kind: FrameAck}, nil
		case '-':
			return Frame{Kind: FrameNack}, nil
		case 0x03:
			return Frame{Kind: FrameInterrupt}, nil
		case '$':
			return readPacketBody(r)
		}
	}
}

// readPacketBody reads what follows '$': the raw payload up to '#', then the
// two checksum digits, and decodes the payload.
func readPacketBody(r io.ByteReader) (Frame, error) {
	var raw []byte
	var sum uint8
	tooLong := false
	for {
		b, err := r.ReadByte()
		if err != nil {
			return Frame{}, err
		}
		if b == '#' {
			break
		}
		if b == '$' { // a new packet starts: the previous one was truncated
			raw, sum, tooLong = raw[:0], 0, false
			continue
		}
		sum += b
		if len(raw) < maxRawPacket {
			raw = append(raw, b)
		} else {
			tooLong = true
		}
	}
	var digits [2]byte
	for i := range digits {
		b, err := r.ReadByte()
		if err != nil {
			return Frame{}, err
		}
		digits[i] = b
	}
	want, ok := parseHexByte(digits[0], digits[1])
	switch {
	case tooLong:
		return Frame{Kind: FrameBad, Err: errors.New("packet too long")}, nil
	case !ok:
		return Frame{Kind: FrameBad, Err: fmt.Errorf("bad checksum digits %q", digits[:])}, nil
	case want != sum:
		return Frame{Kind: FrameBad, Err: fmt.Errorf("checksum %02x, computed %02x", want, sum)}, nil
	}
	data, err := decodePayload(raw)
	if err != nil {
		return Frame{Kind: FrameBad, Err: err}, nil
	}
	return Frame{Kind: FramePacket, Data: data}, nil
}

// decodePayload undoes '}' escapes and expands '*' run-length encoding.
func decodePayload(raw []byte) ([]byte, error) {
	out := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case '}':
			if i+1 >= len(raw) {
				return nil, errors.New("escape at end of packet")
			}
			i++
			out = append(out, raw[i]^0x20)
		case '*':
			if i+1 >= len(raw) || len(out) == 0 {
				return nil, errors.New("run-length without a character to repeat")
			}
			i++
			n := int(raw[i]) - 29
			if n < 0 {
				return nil, fmt.Errorf("bad run-length count %q", raw[i])
			}
			if len(out)+n > maxRawPacket {
				return nil, errors.New("run-length expands past the packet size")
			}
			prev := out[len(out)-1]
			for range n {
				out = append(out, prev)
			}
		default:
			out = append(out, c)
		}
	}
	return out, nil
}

// EncodePacket frames payload as `$payload#cs`. The payload is sent as is:
// callers escape binary data with EscapeBinary first.
func EncodePacket(payload []byte) []byte {
	out := make([]byte, 0, len(payload)+4)
	out = append(out, '$')
	var sum uint8
	for _, b := range payload {
		sum += b
	}
	out = append(out, payload...)
	return append(out, '#', hexDigits[sum>>4], hexDigits[sum&15])
}

// EscapeBinary escapes the bytes a binary reply may not carry literally.
func EscapeBinary(data []byte) []byte {
	out := make([]byte, 0, len(data))
	for _, b := range data {
		switch b {
		case '$', '#', '}', '*':
			out = append(out, '}', b^0x20)
		default:
			out = append(out, b)
		}
	}
	return out
}

const hexDigits = "0123456789abcdef"

func hexVal(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func parseHexByte(hi, lo byte) (uint8, bool) {
	h, ok1 := hexVal(hi)
	l, ok2 := hexVal(lo)
	return h<<4 | l, ok1 && ok2
}
