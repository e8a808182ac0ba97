package gdbserver

import (
	"fmt"
	"strconv"
	"strings"
)

const monitorHelp = `Rewind monitor commands:
  monitor help          this text
  monitor time          the current time (machine steps since reset)
  monitor seek N        move to time N (then run 'maintenance flush register-cache')
  monitor uart TEXT     type TEXT into the board's UART (\n, \r, \t, \\, \xNN escapes)
  monitor checkpoints   the span of history and the checkpoints kept
`

// monitor runs a qRcmd command (hex-encoded), sends its output in O
// packets and returns the final reply.
func (ss *session) monitor(hexCmd string) string {
	raw, err := decodeHex(hexCmd)
	if err != nil {
		return errBadPacket
	}
	out, err := ss.runMonitor(strings.TrimSpace(string(raw)))
	if err != nil {
		out += "error: " + err.Error() + "\n"
	}
	for len(out) > 0 {
		n := min(len(out), MaxPacketSize/4)
		ss.console(out[:n])
		out = out[n:]
	}
	ss.flushNotices()
	return "OK"
}

func (ss *session) runMonitor(line string) (string, error) {
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "", "help":
		return monitorHelp, nil
	case "time":
		return fmt.Sprintf("time %d\n", ss.t.Now()), nil
	case "seek":
		t, err := strconv.ParseUint(arg, 0, 64)
		if err != nil {
			return "", fmt.Errorf("seek wants a time, got %q", arg)
		}
		if err := ss.t.Seek(t); err != nil {
			return "", fmt.Errorf("seek %d: %w", t, err)
		}
		ss.exited = false
		return fmt.Sprintf("time %d (gdb caches registers: run 'maintenance flush register-cache')\n", ss.t.Now()), nil
	case "uart":
		data, err := unescapeUART(arg)
		if err != nil {
			return "", err
		}
		if err := ss.t.SendUART(data); err != nil {
			return "", fmt.Errorf("uart: %w", err)
		}
		return fmt.Sprintf("sent %d bytes\n", len(data)), nil
	case "checkpoints":
		h := ss.t.History()
		return fmt.Sprintf("history [%d, %d], now at time %d\n"+
			"%d checkpoints (%d KiB), %d in the seek cache (%d KiB), %d input events\n",
			h.Start, h.End, ss.t.Now(), h.Checkpoints, h.Bytes>>10, h.Cached, h.CachedBytes>>10, h.Events), nil
	}
	return "", fmt.Errorf("unknown monitor command %q (try 'monitor help')", cmd)
}

// unescapeUART decodes the escapes 'monitor uart' accepts.
func unescapeUART(s string) ([]byte, error) {
	var out []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i+1 >= len(s) {
			return nil, fmt.Errorf("trailing backslash in %q", s)
		}
		i++
		switch s[i] {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case '\\':
			out = append(out, '\\')
		case 'x':
			if i+2 >= len(s) {
				return nil, fmt.Errorf("short \\x escape in %q", s)
			}
			b, ok := parseHexByte(s[i+1], s[i+2])
			if !ok {
				return nil, fmt.Errorf("bad \\x escape in %q", s)
			}
			out = append(out, b)
			i += 2
		default:
			return nil, fmt.Errorf("unknown escape \\%c in %q", s[i], s)
		}
	}
	return out, nil
}
