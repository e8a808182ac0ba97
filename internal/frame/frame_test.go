package frame

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// TestRead covers good, skipped and fatal frames.
func TestRead(t *testing.T) {
	tests := []struct {
		in   string
		body string
		err  error
	}{
		{"Content-Length: 2\r\n\r\n{}", "{}", nil},
		{"\r\n\r\nX: y\r\nContent-Length: 1\r\n\r\n1", "1", nil},
		{"Content-Length: x\r\n\r\n", "", ErrBadHeader},
		{"garbage\r\n\r\n", "", ErrBadHeader},
		{"Content-Length: 99\r\n\r\n", "", ErrTooLarge},
		{strings.Repeat("A", MaxHeaderLine+1), "", ErrTooLarge},
		{strings.Repeat("X: y\r\n", MaxHeaderLines+2) + "\r\n", "", ErrTooLarge},
		{"Content-Length: 5\r\n\r\nab", "", io.ErrUnexpectedEOF},
		{"Content-Len", "", io.ErrUnexpectedEOF},
		{"", "", io.EOF},
	}
	for _, tt := range tests {
		body, err := Read(bufio.NewReader(strings.NewReader(tt.in)), 10)
		if !errors.Is(err, tt.err) || string(body) != tt.body {
			t.Errorf("%.40q: %q, %v; want %q, %v", tt.in, body, err, tt.body, tt.err)
		}
	}
}

// TestLongLineBounded: a header line that never ends is refused after
// MaxHeaderLine bytes, not read to its end.
func TestLongLineBounded(t *testing.T) {
	r := &countingReader{}
	_, err := Read(bufio.NewReaderSize(r, 16), 10)
	if !errors.Is(err, ErrTooLarge) || r.n > 2*MaxHeaderLine {
		t.Errorf("err %v after reading %d bytes", err, r.n)
	}
}

// countingReader is an endless stream of 'A'.
type countingReader struct{ n int }

func (c *countingReader) Read(p []byte) (int, error) {
	copy(p, bytes.Repeat([]byte("A"), len(p)))
	c.n += len(p)
	return len(p), nil
}

// TestWrite frames a body.
func TestWrite(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, []byte("{}")); err != nil || b.String() != "Content-Length: 2\r\n\r\n{}" {
		t.Errorf("%q, %v", b.String(), err)
	}
}
