package adapter

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Limits of the framing reader.
const (
	maxHeaderLine = 1024
	maxBody       = 16 << 20
)

// errBadHeader marks a malformed header: the message is skipped and
// reading goes on.
var errBadHeader = errors.New("malformed message header")

// readFrame reads one base-protocol message: header lines ending with an
// empty line, then Content-Length bytes of body. A malformed header gives
// errBadHeader (the caller may go on reading); I/O errors end the stream.
func readFrame(r *bufio.Reader) ([]byte, error) {
	length := -1
	bad := false
	for {
		line, err := readLine(r)
		if err != nil {
			return nil, err
		}
		if line == "" {
			if length < 0 && !bad {
				continue // stray blank line between messages
			}
			break
		}
		name, val, ok := strings.Cut(line, ":")
		if !ok {
			bad = true
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil || n < 0 || n > maxBody {
				bad = true
				continue
			}
			length = n
		}
	}
	if bad || length < 0 {
		return nil, fmt.Errorf("%w (no usable Content-Length)", errBadHeader)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// readLine reads one header line without its CRLF (or LF), bounded.
func readLine(r *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		c, err := r.ReadByte()
		if err != nil {
			return "", err
		}
		if c == '\n' {
			return strings.TrimSuffix(b.String(), "\r"), nil
		}
		if b.Len() >= maxHeaderLine {
			continue // drop the rest of an over-long line
		}
		b.WriteByte(c)
	}
}

// writeFrame writes one message with its header.
func writeFrame(w io.Writer, body []byte) error {
	if _, err := fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err := w.Write(body)
	return err
}
