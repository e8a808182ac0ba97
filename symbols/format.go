package symbols

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// OptimizedOut is how an unavailable value is shown.
const OptimizedOut = "<optimized out>"

// FormatOptions tune value formatting.
type FormatOptions struct {
	// Hex shows integers (not chars, enums or bools) in hexadecimal.
	Hex bool
	// MaxElements bounds the scalar elements shown in one value, counted
	// over the whole value (all nesting levels together), and the string
	// characters shown inline (default 200).
	MaxElements int
	// MaxDepth bounds nesting in one string (default 8).
	MaxDepth int
	// MaxBytes bounds the length of the text of one value (default 64 KiB).
	MaxBytes int
}

// formatter formats values read through an Env. One formatter renders one
// value: leaves counts the scalar elements already written, so a nested
// aggregate costs at most MaxElements leaves in total, not per level.
type formatter struct {
	t      *Table
	env    cexpr.Env
	opts   FormatOptions
	sb     strings.Builder
	leaves int
}

// Format renders a value the way a C developer expects: structs as
// {a = 1, b = 2}, arrays as {1, 2, 3}, char arrays as strings, pointers as
// 0x80001060 <nodes>, function pointers as 0x80000124 <handler>, enums by
// name, <optimized out> when unavailable. Aggregates are cut short with
// "..." once MaxElements leaves or MaxBytes of text have been written.
func (t *Table) Format(v cexpr.Value, env cexpr.Env, opts FormatOptions) string {
	if opts.MaxElements <= 0 {
		opts.MaxElements = 200
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 8
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = 64 << 10
	}
	fm := &formatter{t: t, env: env, opts: opts}
	fm.format(v, 0)
	return fm.sb.String()
}

// exhausted reports whether the budget of the whole value is spent.
func (fm *formatter) exhausted() bool {
	return fm.leaves >= fm.opts.MaxElements || fm.sb.Len() >= fm.opts.MaxBytes
}

// format writes v at a nesting depth.
func (fm *formatter) format(v cexpr.Value, depth int) {
	if v.OptimizedOut {
		fm.sb.WriteString(OptimizedOut)
		return
	}
	if v.Type == nil {
		fm.sb.WriteString("<no type>")
		return
	}
	if depth > fm.opts.MaxDepth {
		fm.sb.WriteString("{...}")
		return
	}
	switch rt := cexpr.Resolve(v.Type).(type) {
	case *godwarf.StructType:
		fm.formatStruct(v, rt, depth)
		return
	case *godwarf.ArrayType:
		fm.formatArray(v, rt, depth)
		return
	}
	fm.leaves++
	b, err := v.Load(fm.env)
	if err != nil {
		fmt.Fprintf(&fm.sb, "<error: %v>", err)
		return
	}
	fm.sb.WriteString(fm.scalar(v.Type, b, true))
}

// formatStruct writes {a = 1, b = 2}.
func (fm *formatter) formatStruct(v cexpr.Value, st *godwarf.StructType, depth int) {
	fm.sb.WriteString("{")
	for i, f := range st.Field {
		if i > 0 {
			fm.sb.WriteString(", ")
		}
		if fm.exhausted() {
			fm.sb.WriteString("...")
			break
		}
		if f.Name != "" {
			fm.sb.WriteString(f.Name + " = ")
		}
		fm.format(fieldValue(v, f), depth+1)
	}
	fm.sb.WriteString("}")
}

// formatArray writes {1, 2, 3}, or a string for char arrays.
func (fm *formatter) formatArray(v cexpr.Value, at *godwarf.ArrayType, depth int) {
	if isCharType(at.Type) {
		fm.leaves++
		fm.sb.WriteString(fm.charArray(v, at))
		return
	}
	fm.sb.WriteString("{")
	for i := int64(0); i < at.Count; i++ {
		if i > 0 {
			fm.sb.WriteString(", ")
		}
		if fm.exhausted() {
			fm.sb.WriteString("...")
			break
		}
		fm.format(elemValue(v, at, i), depth+1)
	}
	fm.sb.WriteString("}")
}

// charArray renders a char array as a string, reading at most the
// characters it can show.
func (fm *formatter) charArray(v cexpr.Value, at *godwarf.ArrayType) string {
	max := fm.opts.MaxElements
	if at.Count > int64(max) && cexpr.Size(at.Type) == 1 && v.BitSize == 0 {
		// Read only a prefix of a long array: one more byte than shown, so
		// quoteC still knows to add "...".
		v.Type = &godwarf.ArrayType{CommonType: at.CommonType, Type: at.Type,
			StrideBitSize: at.StrideBitSize, Count: int64(max) + 1}
		v.Type.Common().ByteSize = int64(max) + 1
		if v.Bytes != nil && len(v.Bytes) > max+1 {
			v.Bytes = v.Bytes[:max+1]
		}
	}
	b, err := v.Load(fm.env)
	if err != nil {
		return fmt.Sprintf("<error: %v>", err)
	}
	if n := strings.IndexByte(string(b), 0); n >= 0 {
		b = b[:n]
	}
	return quoteC(b, '"', max)
}

// scalar renders a base, enum, pointer or function value from its bytes.
func (fm *formatter) scalar(typ godwarf.Type, b []byte, decorate bool) string {
	u := leUint(b)
	switch rt := cexpr.Resolve(typ).(type) {
	case *godwarf.PtrType:
		return fm.pointer(rt, uint32(u), decorate)
	case *godwarf.EnumType:
		for _, ev := range rt.Val {
			if uint64(ev.Val)&sizeMask(len(b)) == u {
				return ev.Name
			}
		}
		return strconv.FormatInt(signExtend(u, len(b)), 10)
	case *godwarf.BoolType:
		if u != 0 {
			return "true"
		}
		return "false"
	case *godwarf.FloatType:
		return formatFloat(b)
	case *godwarf.FuncType:
		return fm.codeAddr(uint32(u))
	case *godwarf.CharType, *godwarf.UcharType:
		return fm.charValue(rt, u, len(b), decorate)
	case *godwarf.IntType:
		if isCharType(rt) {
			return fm.charValue(rt, u, len(b), decorate)
		}
		if fm.opts.Hex {
			return "0x" + strconv.FormatUint(u, 16)
		}
		return strconv.FormatInt(signExtend(u, len(b)), 10)
	}
	if fm.opts.Hex {
		return "0x" + strconv.FormatUint(u, 16)
	}
	if isSignedType(typ) {
		return strconv.FormatInt(signExtend(u, len(b)), 10)
	}
	return strconv.FormatUint(u, 10)
}

// charValue renders 65 'A'.
func (fm *formatter) charValue(typ godwarf.Type, u uint64, n int, decorate bool) string {
	num := strconv.FormatUint(u&0xff, 10)
	if isSignedType(typ) {
		num = strconv.FormatInt(signExtend(u, n), 10)
	}
	if fm.opts.Hex {
		num = "0x" + strconv.FormatUint(u&0xff, 16)
	}
	if !decorate {
		return num
	}
	return num + " " + quoteC([]byte{byte(u)}, '\'', 1)
}

// pointer renders 0x80001060 <nodes>, or a C string for char pointers.
func (fm *formatter) pointer(pt *godwarf.PtrType, addr uint32, decorate bool) string {
	s := "0x" + strconv.FormatUint(uint64(addr), 16)
	if !decorate {
		return s
	}
	if addr == 0 {
		// Like gdb: a null pointer is named only by a symbol at 0 (the
		// vector table on Cortex-M), never read as a string.
		if name, ok := fm.t.dataSymbol(0); ok {
			return s + " <" + name + ">"
		}
		return s
	}
	target := cexpr.Resolve(pt.Type)
	if _, isFn := target.(*godwarf.FuncType); isFn {
		return fm.codeAddr(addr)
	}
	if isCharType(target) {
		if str, ok := fm.readCString(addr); ok {
			return s + " " + str
		}
		return s
	}
	if name, ok := fm.t.dataSymbol(addr); ok {
		return s + " <" + name + ">"
	}
	return s
}

// codeAddr renders 0x80000124 <handler>.
func (fm *formatter) codeAddr(addr uint32) string {
	s := "0x" + strconv.FormatUint(uint64(addr), 16)
	if name, ok := fm.t.SymbolAt(fm.t.Arch().CodeAddress(addr)); ok && addr != 0 {
		return s + " <" + name + ">"
	}
	return s
}

// readCString reads a NUL-terminated string for display.
func (fm *formatter) readCString(addr uint32) (string, bool) {
	var out []byte
	for len(out) < fm.opts.MaxElements {
		var c [1]byte
		if err := fm.env.ReadMemory(addr+uint32(len(out)), c[:]); err != nil {
			if len(out) == 0 {
				return "", false
			}
			break
		}
		if c[0] == 0 {
			break
		}
		out = append(out, c[0])
	}
	return quoteC(out, '"', fm.opts.MaxElements), true
}

// quoteC quotes bytes as a C literal with octal escapes.
func quoteC(b []byte, q byte, max int) string {
	var sb strings.Builder
	sb.WriteByte(q)
	for i, c := range b {
		if i >= max {
			sb.WriteByte(q)
			return sb.String() + "..."
		}
		switch {
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\\' || c == q:
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, `\%03o`, c)
		}
	}
	sb.WriteByte(q)
	return sb.String()
}

// formatFloat renders a float or double as gdb does (%g, 9 or 17 digits).
func formatFloat(b []byte) string {
	switch len(b) {
	case 4:
		return strconv.FormatFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), 'g', -1, 32)
	case 8:
		return strconv.FormatFloat(math.Float64frombits(binary.LittleEndian.Uint64(b)), 'g', -1, 64)
	}
	return fmt.Sprintf("<%d-byte float>", len(b))
}
