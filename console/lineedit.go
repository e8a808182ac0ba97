package console

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// editor is a small line editor for terminals in raw mode: cursor motion,
// deletion, and a history browsed with the arrow keys.
type editor struct {
	r    *bufio.Reader
	w    io.Writer
	hist []string
	// complete, if set, completes the word before the cursor (Tab): it
	// returns where that word starts in the text and the candidates.
	complete func(before string) (start int, words []string)
}

// maxHistory bounds the remembered lines.
const maxHistory = 500

// Keys the editor understands.
const (
	keyCtrlA = 1
	keyCtrlB = 2
	keyCtrlC = 3
	keyCtrlD = 4
	keyCtrlE = 5
	keyCtrlF = 6
	keyCtrlH = 8
	keyTab   = 9
	keyCtrlK = 11
	keyCtrlL = 12
	keyCtrlN = 14
	keyCtrlP = 16
	keyCtrlU = 21
	keyCtrlW = 23
	keyEsc   = 27
	keyDEL   = 127
)

// lineState is the line being edited.
type lineState struct {
	buf    []rune
	pos    int
	prompt string
	hi     int    // history index while browsing (len(hist): the new line)
	saved  []rune // the new line while browsing history
}

// readLine edits one line after prompt. Ctrl-D on an empty line is io.EOF;
// Ctrl-C abandons the line (returning "").
func (e *editor) readLine(prompt string) (string, error) {
	st := &lineState{prompt: prompt, hi: len(e.hist)}
	e.redraw(st)
	for {
		r, _, err := e.r.ReadRune()
		if err != nil {
			if len(st.buf) > 0 && err == io.EOF {
				return e.finish(st), nil
			}
			fmt.Fprint(e.w, "\r\n")
			return "", err
		}
		switch r {
		case '\r', '\n':
			return e.finish(st), nil
		case keyCtrlC:
			fmt.Fprint(e.w, "^C\r\n")
			return "", nil
		case keyCtrlD:
			if len(st.buf) == 0 {
				fmt.Fprint(e.w, "\r\n")
				return "", io.EOF
			}
			st.deleteAt(st.pos)
		case keyEsc:
			e.escape(st)
		case keyTab:
			e.tab(st)
		default:
			e.key(st, r)
		}
		e.redraw(st)
	}
}

// finish ends a line, remembering it.
func (e *editor) finish(st *lineState) string {
	fmt.Fprint(e.w, "\r\n")
	line := string(st.buf)
	if strings.TrimSpace(line) != "" && (len(e.hist) == 0 || e.hist[len(e.hist)-1] != line) {
		e.hist = append(e.hist, line)
		if len(e.hist) > maxHistory {
			e.hist = e.hist[1:]
		}
	}
	return line
}

// key applies a control key or inserts a character.
func (e *editor) key(st *lineState, r rune) {
	switch r {
	case keyCtrlA:
		st.pos = 0
	case keyCtrlE:
		st.pos = len(st.buf)
	case keyCtrlB:
		st.pos = max(st.pos-1, 0)
	case keyCtrlF:
		st.pos = min(st.pos+1, len(st.buf))
	case keyCtrlH, keyDEL:
		if st.pos > 0 {
			st.pos--
			st.deleteAt(st.pos)
		}
	case keyCtrlK:
		st.buf = st.buf[:st.pos]
	case keyCtrlU:
		st.buf = append([]rune(nil), st.buf[st.pos:]...)
		st.pos = 0
	case keyCtrlW:
		i := st.pos
		for i > 0 && st.buf[i-1] == ' ' {
			i--
		}
		for i > 0 && st.buf[i-1] != ' ' {
			i--
		}
		st.buf = append(st.buf[:i], st.buf[st.pos:]...)
		st.pos = i
	case keyCtrlP:
		e.browse(st, -1)
	case keyCtrlN:
		e.browse(st, 1)
	case keyCtrlL:
		fmt.Fprint(e.w, "\x1b[H\x1b[2J")
	default:
		if unicode.IsPrint(r) {
			st.buf = append(st.buf[:st.pos], append([]rune{r}, st.buf[st.pos:]...)...)
			st.pos++
		}
	}
}

// escape reads an escape sequence (arrows, Home, End, Delete).
func (e *editor) escape(st *lineState) {
	b, err := e.r.ReadByte()
	if err != nil || (b != '[' && b != 'O') {
		return
	}
	c, err := e.r.ReadByte()
	if err != nil {
		return
	}
	switch c {
	case 'A':
		e.browse(st, -1)
	case 'B':
		e.browse(st, 1)
	case 'C':
		st.pos = min(st.pos+1, len(st.buf))
	case 'D':
		st.pos = max(st.pos-1, 0)
	case 'H':
		st.pos = 0
	case 'F':
		st.pos = len(st.buf)
	case '1', '3', '4', '7', '8':
		if t, err := e.r.ReadByte(); err != nil || t != '~' {
			return
		}
		switch c {
		case '1', '7':
			st.pos = 0
		case '4', '8':
			st.pos = len(st.buf)
		case '3':
			st.deleteAt(st.pos)
		}
	}
}

// browse moves through the history.
func (e *editor) browse(st *lineState, d int) {
	to := st.hi + d
	if to < 0 || to > len(e.hist) {
		return
	}
	if st.hi == len(e.hist) {
		st.saved = append([]rune(nil), st.buf...)
	}
	st.hi = to
	if to == len(e.hist) {
		st.buf = append([]rune(nil), st.saved...)
	} else {
		st.buf = []rune(e.hist[to])
	}
	st.pos = len(st.buf)
}

// deleteAt removes the rune at i, if any.
func (st *lineState) deleteAt(i int) {
	if i >= 0 && i < len(st.buf) {
		st.buf = append(st.buf[:i], st.buf[i+1:]...)
	}
}

// redraw shows the prompt and the line with the cursor in place.
func (e *editor) redraw(st *lineState) {
	fmt.Fprintf(e.w, "\r%s%s\x1b[K", st.prompt, string(st.buf))
	if back := len(st.buf) - st.pos; back > 0 {
		fmt.Fprintf(e.w, "\x1b[%dD", back)
	}
}
