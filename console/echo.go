package console

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols"
)

// cmdEcho prints text with C escapes; a trailing backslash keeps a
// trailing space, as in gdb. There is no newline unless "\n" asks.
func (c *Console) cmdEcho(arg string) error {
	text, err := unescape(arg)
	if err != nil {
		return fmt.Errorf("echo: %w", err)
	}
	fmt.Fprint(c.out, text)
	return nil
}

// cmdPrintf prints "FORMAT", ARGS... with C's %d %i %u %x %X %o %c %s %p %%.
func (c *Console) cmdPrintf(arg string) error {
	format, args, err := splitPrintf(arg)
	if err != nil {
		return err
	}
	var sb strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			sb.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.lhz", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			return fmt.Errorf("printf: the format ends inside a conversion")
		}
		if format[j] == '%' {
			sb.WriteByte('%')
			i = j
			continue
		}
		if next >= len(args) {
			return fmt.Errorf("printf: missing argument for %s", format[i:j+1])
		}
		s, err := c.printfArg(strings.ReplaceAll(format[i:j], "l", ""), format[j], args[next])
		if err != nil {
			return err
		}
		sb.WriteString(s)
		next++
		i = j
	}
	if next < len(args) {
		return fmt.Errorf("printf: %d argument%s too many", len(args)-next, plural(len(args)-next))
	}
	fmt.Fprint(c.out, sb.String())
	return nil
}

// printfArg formats one argument for one conversion.
func (c *Console) printfArg(flags string, conv byte, expr string) (string, error) {
	if conv == 's' {
		if lit := strings.TrimSpace(expr); len(lit) >= 2 && lit[0] == '"' && lit[len(lit)-1] == '"' {
			text, err := unescape(lit[1 : len(lit)-1])
			return fmt.Sprintf(flags+"s", text), err
		}
		addr, err := c.address(expr)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf(flags+"s", c.cString(addr)), nil
	}
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, expr, symbols.FormatOptions{})
	if err != nil {
		return "", err
	}
	if !isScalar(v.Val) {
		return "", fmt.Errorf("printf: %s is not a scalar", expr)
	}
	u, size, err := c.scalarBits(v.Val)
	if err != nil {
		return "", err
	}
	bits := uint(size * 8)
	signed := int64(u<<(64-bits)) >> (64 - bits)
	switch conv {
	case 'd', 'i':
		return fmt.Sprintf(flags+"d", signed), nil
	case 'u':
		return fmt.Sprintf(flags+"d", u), nil
	case 'x', 'X', 'o':
		return fmt.Sprintf(flags+string(conv), u), nil
	case 'c':
		return fmt.Sprintf(flags+"c", rune(byte(u))), nil
	case 'p':
		return fmt.Sprintf("%#x", u), nil
	}
	return "", fmt.Errorf("printf: unsupported conversion %%%c", conv)
}

// cString reads a NUL-terminated string of at most 4096 bytes.
func (c *Console) cString(addr uint32) string {
	data, _ := c.s.ReadMemory(addr, 4096)
	for i, b := range data {
		if b == 0 {
			return string(data[:i])
		}
	}
	return string(data)
}

// splitPrintf separates the quoted format (escapes interpreted) from the
// comma-separated argument expressions.
func splitPrintf(arg string) (string, []string, error) {
	arg = strings.TrimSpace(arg)
	if !strings.HasPrefix(arg, `"`) {
		return "", nil, fmt.Errorf("printf: want \"FORMAT\" then the arguments")
	}
	end := 1
	for end < len(arg) && arg[end] != '"' {
		if arg[end] == '\\' {
			end++
		}
		end++
	}
	if end >= len(arg) {
		return "", nil, fmt.Errorf("printf: the format string is not closed")
	}
	format, err := unescape(arg[1:end])
	if err != nil {
		return "", nil, fmt.Errorf("printf: %w", err)
	}
	rest := strings.TrimSpace(arg[end+1:])
	if rest == "" {
		return format, nil, nil
	}
	if !strings.HasPrefix(rest, ",") {
		return "", nil, fmt.Errorf("printf: want a comma after the format")
	}
	return format, splitArgs(rest[1:]), nil
}

// splitArgs splits on commas outside parentheses, brackets and quotes.
func splitArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case quote != 0:
			if ch == '\\' {
				i++
			} else if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'':
			quote = ch
		case ch == '(' || ch == '[':
			depth++
		case ch == ')' || ch == ']':
			depth--
		case ch == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
