package console

import (
	"fmt"
	"strings"
)

// tab completes the word before the cursor: a single candidate replaces
// it (with a space after a whole word), several extend it to their
// common prefix, and when that adds nothing they are listed.
func (e *editor) tab(st *lineState) {
	if e.complete == nil {
		return
	}
	before := string(st.buf[:st.pos])
	start, words := e.complete(before)
	if len(words) == 0 || start < 0 || start > len(before) {
		return
	}
	word := before[start:]
	insert := commonPrefix(words)
	if len(words) == 1 && !strings.HasSuffix(insert, ":") {
		insert += " "
	}
	if len(insert) > len(word) && strings.HasPrefix(insert, word) {
		add := []rune(insert[len(word):])
		st.buf = append(st.buf[:st.pos], append(add, st.buf[st.pos:]...)...)
		st.pos += len(add)
		return
	}
	if len(words) > 1 {
		fmt.Fprintf(e.w, "\r\n%s\r\n", strings.Join(words, "  "))
	}
}

// commonPrefix is the longest prefix of every word.
func commonPrefix(words []string) string {
	p := words[0]
	for _, w := range words[1:] {
		for !strings.HasPrefix(w, p) {
			p = p[:len(p)-1]
		}
	}
	return p
}
