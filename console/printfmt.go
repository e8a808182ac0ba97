package console

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// printFormats are print's /FMT letters.
const printFormats = "xduotcas"

// cmdPrint evaluates an expression in the selected frame, records it in
// the value history and prints it as "$N = value" (gdb's format).
func (c *Console) cmdPrint(format, expr string) error {
	if err := checkPrintFormat("print", format); err != nil {
		return err
	}
	if expr == "" && c.noValues() {
		return fmt.Errorf("print what? (an expression)")
	}
	if handled, err := c.printPeripheral(format, expr); handled {
		return err
	}
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, expr, symbols.FormatOptions{})
	if err != nil {
		return err
	}
	text, err := c.formatView(v, format)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.out, "$%d = %s\n", c.s.RecordValue(v), text)
	c.noteFork()
	return nil
}

// noValues tells whether the value history is empty.
func (c *Console) noValues() bool {
	_, err := c.s.EvalGDB(c.frameHart(), c.frame, "$", symbols.FormatOptions{})
	return err != nil
}

// cmdOutput prints a value with no history number and no newline.
func (c *Console) cmdOutput(format, expr string) error {
	if err := checkPrintFormat("output", format); err != nil {
		return err
	}
	if expr == "" {
		return fmt.Errorf("output what? (an expression)")
	}
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, expr, symbols.FormatOptions{})
	if err != nil {
		return err
	}
	text, err := c.formatView(v, format)
	if err != nil {
		return err
	}
	fmt.Fprint(c.out, text)
	c.noteFork()
	return nil
}

// cmdCall evaluates an expression; Rewind cannot call target functions.
func (c *Console) cmdCall(expr string) error {
	if strings.Contains(expr, "(") && !strings.HasPrefix(strings.TrimSpace(expr), "(") {
		return fmt.Errorf("call: Rewind does not call functions in the firmware (it would change the recorded history)")
	}
	return c.cmdPrint("", expr)
}

func checkPrintFormat(cmd, format string) error {
	if len(format) > 1 || (format != "" && !strings.Contains(printFormats, format)) {
		return fmt.Errorf("%s: unknown format /%s (use one of /x /d /u /o /t /c /a /s)", cmd, format)
	}
	return nil
}

// formatView applies a /FMT letter to a scalar; aggregates take /x, /d
// and /s only.
func (c *Console) formatView(v symbols.View, format string) (string, error) {
	switch format {
	case "", "x", "d", "s":
		if format == "x" && !isScalar(v.Val) {
			env, err := c.s.Env(c.frameHart(), c.frame)
			if err != nil {
				return "", err
			}
			return c.s.Symbols().Format(v.Val, env, symbols.FormatOptions{Hex: true}), nil
		}
		if format == "" || format == "s" || !isScalar(v.Val) {
			return v.Value, nil
		}
	}
	if !isScalar(v.Val) {
		return "", fmt.Errorf("format /%s applies to scalars, and %s is a %s", format, v.Name, v.Type)
	}
	u, size, err := c.scalarBits(v.Val)
	if err != nil {
		return "", err
	}
	return scalarText(u, size, format[0], c.symbolSuffix), nil
}

// isScalar tells whether a value is an integer, pointer, enum or char.
func isScalar(v cexpr.Value) bool {
	switch cexpr.Resolve(v.Type).(type) {
	case *godwarf.StructType, *godwarf.ArrayType, *godwarf.FuncType, *godwarf.FloatType, nil:
		return false
	}
	n := cexpr.Size(v.Type)
	return n > 0 && n <= 8
}

// scalarBits loads a scalar's bits.
func (c *Console) scalarBits(v cexpr.Value) (uint64, int, error) {
	env, err := c.s.Env(c.frameHart(), c.frame)
	if err != nil {
		return 0, 0, err
	}
	b, err := v.Load(env)
	if err != nil {
		return 0, 0, err
	}
	var buf [8]byte
	copy(buf[:], b)
	return binary.LittleEndian.Uint64(buf[:]), len(b), nil
}

// scalarText formats size bytes of bits u with gdb's print letters.
func scalarText(u uint64, size int, f byte, sym func(uint32) string) string {
	bits := uint(size * 8)
	if bits < 64 {
		u &= 1<<bits - 1
	}
	signed := int64(u<<(64-bits)) >> (64 - bits)
	switch f {
	case 'x':
		return fmt.Sprintf("%#x", u)
	case 'd':
		return strconv.FormatInt(signed, 10)
	case 'u':
		return strconv.FormatUint(u, 10)
	case 'o':
		if u == 0 {
			return "0"
		}
		return "0" + strconv.FormatUint(u, 8)
	case 't':
		return strconv.FormatUint(u, 2)
	case 'c':
		return fmt.Sprintf("%d %s", int8(u), strconv.QuoteRune(rune(byte(u))))
	case 'a':
		return fmt.Sprintf("%#x%s", u, sym(uint32(u)))
	}
	return strconv.FormatInt(signed, 10)
}
