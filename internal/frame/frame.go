// Package frame reads and writes the Content-Length framing that the Debug
// Adapter Protocol and Rewind's JSON-RPC API share (header lines, an empty
// line, then the body), with bounded header lines and bodies so that no
// client can make a server grow its memory without limit.
//
// It imports no project package, so every front-end may use it.
package frame

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// MaxHeaderLine bounds one header line, its CRLF included.
const MaxHeaderLine = 1024

// MaxHeaderLines bounds the header lines of one message.
const MaxHeaderLines = 32

// ErrBadHeader marks a malformed header whose message was skipped: the
// stream is still in step and reading may go on.
var ErrBadHeader = errors.New("malformed message header")

// ErrTooLarge marks a header line or a body over its limit: the stream
// can no longer be followed and the connection should be closed.
var ErrTooLarge = errors.New("message too large")

// Read reads one message and returns its body. ErrBadHeader (wrapped) says
// the message was skipped; ErrTooLarge (wrapped) and I/O errors end the
// stream (io.EOF when it ends between messages).
func Read(r *bufio.Reader, maxBody int) ([]byte, error) {
	length, bad := -1, false
	for lines := 0; ; lines++ {
		if lines > MaxHeaderLines {
			return nil, fmt.Errorf("%w: more than %d header lines", ErrTooLarge, MaxHeaderLines)
		}
		line, err := readLine(r)
		if err != nil {
			return nil, err
		}
		if line == "" {
			if length < 0 && !bad {
				lines = -1 // stray blank line between messages
				continue
			}
			break
		}
		name, val, ok := strings.Cut(line, ":")
		if !ok {
			bad = true
			continue
		}
		if !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(val))
		switch {
		case err != nil || n < 0:
			bad = true
		case n > maxBody:
			return nil, fmt.Errorf("%w: Content-Length %d is over the limit of %d bytes", ErrTooLarge, n, maxBody)
		default:
			length = n
		}
	}
	if bad || length < 0 {
		return nil, fmt.Errorf("%w (no usable Content-Length)", ErrBadHeader)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return body, nil
}

// readLine reads one header line without its CRLF (or LF); a line longer
// than MaxHeaderLine is an error, whatever follows.
func readLine(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		c, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) && b.Len() > 0 {
				err = io.ErrUnexpectedEOF
			}
			return "", err
		}
		if c == '\n' {
			return strings.TrimSuffix(b.String(), "\r"), nil
		}
		if b.Len() >= MaxHeaderLine {
			return "", fmt.Errorf("%w: a header line is longer than %d bytes", ErrTooLarge, MaxHeaderLine)
		}
		b.WriteByte(c)
	}
}

// Write writes one message with its header, in one write call.
func Write(w io.Writer, body []byte) error {
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	_, err := w.Write(buf)
	return err
}
