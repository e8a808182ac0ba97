package adapter

import (
	"bufio"
	"io"

	"github.com/rewind-debugger/rewind/internal/frame"
)

// errBadHeader marks a malformed header: the message is skipped and
// reading goes on.
var errBadHeader = frame.ErrBadHeader

// readFrame reads one base-protocol message (see internal/frame), its body
// bounded by maxBody.
func readFrame(r *bufio.Reader) ([]byte, error) { return frame.Read(r, maxBody) }

// writeFrame writes one message with its header.
func writeFrame(w io.Writer, body []byte) error { return frame.Write(w, body) }
