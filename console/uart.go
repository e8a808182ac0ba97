package console

import (
	"fmt"
	"io"
	"strings"
)

// uartWriter prints the firmware's UART output line by line, marked.
type uartWriter struct {
	out     io.Writer
	partial []byte
}

// uartMark starts every line of UART output.
const uartMark = "uart| "

func (u *uartWriter) write(b byte) {
	if b == '\n' {
		fmt.Fprintf(u.out, "%s%s\n", uartMark, printable(u.partial))
		u.partial = u.partial[:0]
		return
	}
	if b == '\r' {
		return
	}
	u.partial = append(u.partial, b)
}

// flush prints a partial line (before the debugger speaks).
func (u *uartWriter) flush() {
	if len(u.partial) > 0 {
		fmt.Fprintf(u.out, "%s%s\n", uartMark, printable(u.partial))
		u.partial = u.partial[:0]
	}
}

// log prints a log point's message.
func (u *uartWriter) log(text string) {
	u.flush()
	fmt.Fprintf(u.out, "log| %s\n", strings.TrimRight(text, "\n"))
}

// printable escapes control bytes of guest output.
func printable(b []byte) string {
	var sb strings.Builder
	for _, c := range b {
		switch {
		case c == '\t' || (c >= 0x20 && c < 0x7f):
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, "\\x%02x", c)
		}
	}
	return sb.String()
}
