package console

import (
	"encoding/binary"
	"fmt"
	"github.com/rewind-debugger/rewind/debugger"
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// xFormat is a parsed x/Nfu.
type xFormat struct {
	count int
	f     byte // x d u o t c s i
	unit  int  // 1 2 4 8
}

// parseXFormat reads "Nfu" in any order after the count.
func parseXFormat(s string) (xFormat, error) {
	x := xFormat{count: 1, f: 'x', unit: 4}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 1 || n > 4096 {
			return x, fmt.Errorf("x: bad count %q (1 to 4096)", s[:i])
		}
		x.count = n
	}
	for _, ch := range []byte(s[i:]) {
		switch ch {
		case 'x', 'd', 'u', 'o', 't', 'c', 's', 'i':
			x.f = ch
		case 'b', 'h', 'w', 'g':
			x.unit = map[byte]int{'b': 1, 'h': 2, 'w': 4, 'g': 8}[ch]
		default:
			return x, fmt.Errorf("x: unknown format letter %q (formats x d u o t c s i, units b h w g)", ch)
		}
	}
	if x.f == 'c' && !strings.ContainsAny(s, "hwg") {
		x.unit = 1
	}
	return x, nil
}

// cmdExamine dumps memory: x/Nfu ADDR.
func (c *Console) cmdExamine(format, arg string) error {
	x, err := parseXFormat(format)
	if err != nil {
		return err
	}
	if arg == "" {
		return fmt.Errorf("x: which address?")
	}
	addr, err := c.address(arg)
	if err != nil {
		return err
	}
	switch x.f {
	case 'i':
		c.xNext = c.printInstructions(addr, x.count, c.s.PC(c.hart))
		return nil
	case 's':
		return c.examineString(addr, x.count)
	}
	c.xNext = addr + uint32(x.count*x.unit)
	return c.examineUnits(addr, x)
}

// address evaluates an address: a number, a pointer or integer
// expression, or an object in memory (its address).
func (c *Console) address(arg string) (uint32, error) {
	if n, err := debugger.ParseUint(arg); err == nil {
		if n > 0xffffffff {
			return 0, fmt.Errorf("address %#x is out of range", n)
		}
		return uint32(n), nil
	}
	f, err := c.s.Frame(c.frameHart(), c.frame)
	if err != nil {
		return 0, err
	}
	v, err := f.Evaluate(arg)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", arg, err)
	}
	switch godwarf.ResolveTypedef(v.Type).(type) {
	case *godwarf.StructType, *godwarf.ArrayType, *godwarf.FuncType:
		if v.HasAddr {
			return v.Addr, nil
		}
	}
	if n := cexpr.Size(v.Type); n > 4 || n <= 0 {
		return 0, fmt.Errorf("%s is not an address", arg)
	}
	b, err := v.Load(f.Env())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", arg, err)
	}
	var out uint32
	for i := len(b) - 1; i >= 0; i-- {
		out = out<<8 | uint32(b[i])
	}
	return out, nil
}

// examineUnits prints count units from addr, a few per line.
func (c *Console) examineUnits(addr uint32, x xFormat) error {
	perLine := map[int]int{1: 8, 2: 8, 4: 4, 8: 2}[x.unit]
	data, bad := c.s.ReadMemory(addr, x.count*x.unit)
	n := len(data) / x.unit
	for i := 0; i < n; i++ {
		a := addr + uint32(i*x.unit)
		if i%perLine == 0 {
			if i > 0 {
				fmt.Fprintln(c.out)
			}
			fmt.Fprintf(c.out, "%#x%s:", a, c.symbolSuffix(a))
		}
		fmt.Fprintf(c.out, "\t%s", formatUnit(data[i*x.unit:(i+1)*x.unit], x.f))
	}
	if n > 0 {
		fmt.Fprintln(c.out)
	}
	if bad > 0 || n < x.count {
		return fmt.Errorf("cannot access memory at %#x", addr+uint32(n*x.unit))
	}
	return nil
}

// symbolSuffix is " <sym+off>" for addresses with a symbol.
func (c *Console) symbolSuffix(a uint32) string {
	if s, ok := c.s.Symbols().SymbolAt(a); ok {
		return " <" + s + ">"
	}
	return ""
}

// formatUnit formats one little-endian unit.
func formatUnit(b []byte, f byte) string {
	var u uint64
	var buf [8]byte
	copy(buf[:], b)
	u = binary.LittleEndian.Uint64(buf[:])
	bits := uint(len(b) * 8)
	signed := int64(u<<(64-bits)) >> (64 - bits)
	switch f {
	case 'd':
		return strconv.FormatInt(signed, 10)
	case 'u':
		return strconv.FormatUint(u, 10)
	case 'o':
		return "0" + strconv.FormatUint(u, 8)
	case 't':
		return fmt.Sprintf("%0*b", bits, u)
	case 'c':
		return fmt.Sprintf("%d %s", signed, strconv.QuoteRune(rune(byte(u))))
	}
	return fmt.Sprintf("0x%0*x", bits/4, u)
}

// examineString prints count NUL-terminated strings.
func (c *Console) examineString(addr uint32, count int) error {
	for i := 0; i < count; i++ {
		data, _ := c.s.ReadMemory(addr, 256)
		if len(data) == 0 {
			return fmt.Errorf("cannot access memory at %#x", addr)
		}
		n := len(data)
		for j, b := range data {
			if b == 0 {
				n = j
				break
			}
		}
		fmt.Fprintf(c.out, "%#x%s:\t%s\n", addr, c.symbolSuffix(addr), strconv.Quote(string(data[:n])))
		addr += uint32(n) + 1
		c.xNext = addr
	}
	return nil
}
