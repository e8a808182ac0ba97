package debugger

import (
	"strings"

	"github.com/rewind-debugger/rewind/symbols"
)

// formatLog expands a log point message: each {expr} is replaced by the
// expression's value in frame f ("{{" and "}}" stand for braces).
func formatLog(msg string, f *symbols.Frame) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		switch {
		case c == '{' && i+1 < len(msg) && msg[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(msg) && msg[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			end := strings.IndexByte(msg[i+1:], '}')
			if end < 0 {
				b.WriteString(msg[i:])
				return b.String()
			}
			b.WriteString(evalForLog(msg[i+1:i+1+end], f))
			i += end + 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// evalForLog formats one log point expression, or says why it failed.
func evalForLog(expr string, f *symbols.Frame) string {
	if f == nil {
		return "<no frame>"
	}
	v, err := f.EvaluateString(expr, symbols.FormatOptions{})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return v
}
