package debugger

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// Printed is a value printed by a gdb-style front-end: the view and its
// number in the value history ($N).
type Printed struct {
	symbols.View
	Number int
}

// PrintValue evaluates expr as gdb's print does and records the result in
// the value history: "$", "$N", "$$", "$$N" and convenience variables
// ("$v") may appear in expr, "base@n" makes an artificial array of n
// objects starting at base, and "$v = expr" sets a convenience variable.
// A scalar in the history keeps the value it had when printed; an
// aggregate is read again from its address.
func (s *Session) PrintValue(hart, index int, expr string, opts symbols.FormatOptions) (Printed, error) {
	v, err := s.EvalGDB(hart, index, expr, opts)
	if err != nil {
		return Printed{}, err
	}
	return Printed{View: v, Number: s.RecordValue(v)}, nil
}

// RecordValue appends a value to the value history and returns its
// number (for a front-end that formats a value before recording it).
func (s *Session) RecordValue(v symbols.View) int {
	s.gdb.values = append(s.gdb.values, s.record(v))
	return len(s.gdb.values)
}

// EvalGDB evaluates expr like PrintValue without recording it (gdb's
// "output", "display", "printf" arguments).
func (s *Session) EvalGDB(hart, index int, expr string, opts symbols.FormatOptions) (symbols.View, error) {
	expr = strings.TrimSpace(expr)
	if name, rhs, ok := s.convenienceAssignment(expr); ok {
		v, err := s.EvalGDB(hart, index, rhs, opts)
		if err != nil {
			return symbols.View{}, err
		}
		if s.gdb.conv == nil {
			s.gdb.conv = map[string]recorded{}
		}
		s.gdb.conv[name] = s.record(v)
		return v, nil
	}
	if expr == "" && len(s.gdb.values) > 0 {
		expr = "$"
	}
	if r, ok, err := s.soleRef(expr); ok || err != nil {
		r.view.Name = expr
		return r.view, err
	}
	x, err := s.expandValues(expr)
	if err != nil {
		return symbols.View{}, err
	}
	if base, count, ok := strings.Cut(x, "@"); ok {
		return s.artificialArray(hart, index, expr, base, count, opts)
	}
	v, err := s.Evaluate(hart, index, x, opts)
	v.Name = expr
	return v, err
}

// convenienceAssignment splits "$name = expr" (not "==", not a register).
func (s *Session) convenienceAssignment(expr string) (string, string, bool) {
	if !strings.HasPrefix(expr, "$") {
		return "", "", false
	}
	lhs, rhs, ok := strings.Cut(expr, "=")
	if !ok || strings.HasPrefix(rhs, "=") {
		return "", "", false
	}
	name := strings.TrimSpace(lhs[1:])
	if !isIdent(name) {
		return "", "", false
	}
	if _, reg := s.RegisterByName(name); reg {
		return "", "", false
	}
	return name, strings.TrimSpace(rhs), true
}

// Convenience returns a convenience variable's value text ("void" when it
// was never set, as in gdb).
func (s *Session) Convenience(name string) string {
	if r, ok := s.gdb.conv[name]; ok {
		return r.view.Value
	}
	return "void"
}

// record makes a history entry for v: a scalar is kept as a literal of its
// type, an object in memory by its address.
func (s *Session) record(v symbols.View) recorded {
	r := recorded{view: v, typ: v.Type}
	val := v.Val
	t := cexpr.Resolve(val.Type)
	n := cexpr.Size(val.Type)
	switch t.(type) {
	case *godwarf.StructType, *godwarf.ArrayType:
		if val.HasAddr {
			r.subst = fmt.Sprintf("(*(%s *)%#x)", v.Type, val.Addr)
		}
		return r
	}
	if n <= 0 || n > 8 {
		return r
	}
	var b []byte
	if len(val.Bytes) >= int(n) {
		b = val.Bytes[:n]
	} else if val.HasAddr {
		b, _ = s.ReadMemory(val.Addr, int(n))
	}
	if len(b) != int(n) {
		return r
	}
	var buf [8]byte
	copy(buf[:], b)
	u := binary.LittleEndian.Uint64(buf[:])
	switch t.(type) {
	case *godwarf.FloatType:
		r.subst = "(" + v.Value + ")"
	case *godwarf.PtrType:
		r.subst = fmt.Sprintf("((%s)%#x)", v.Type, u)
	default:
		r.subst = fmt.Sprintf("((%s)%#x)", v.Type, u)
	}
	return r
}

// soleRef resolves an expression that is only a value-history or
// convenience reference to the recorded value itself.
func (s *Session) soleRef(expr string) (recorded, bool, error) {
	if !strings.HasPrefix(expr, "$") {
		return recorded{}, false, nil
	}
	ref := expr[1:]
	for i := 0; i < len(ref); i++ {
		if !isWordByte(ref[i]) && !(ref[i] == '$' && i == 0) {
			return recorded{}, false, nil
		}
	}
	n := len(s.gdb.values)
	idx := 0
	switch {
	case ref == "":
		idx = n
	case ref == "$":
		idx = n - 1
	case strings.HasPrefix(ref, "$"):
		k, err := strconv.Atoi(ref[1:])
		if err != nil {
			return recorded{}, false, nil
		}
		idx = n - k
	case ref[0] >= '0' && ref[0] <= '9':
		k, err := strconv.Atoi(ref)
		if err != nil {
			return recorded{}, false, nil
		}
		idx = k
	default:
		if _, reg := s.RegisterByName(ref); reg {
			return recorded{}, false, nil
		}
		r, ok := s.gdb.conv[ref]
		if !ok { // gdb: an unset convenience variable is void
			r.view = symbols.View{Value: "void", Type: "void"}
		}
		return r, true, nil
	}
	if idx < 1 || idx > n {
		if n == 0 {
			return recorded{}, true, fmt.Errorf("history is empty")
		}
		return recorded{}, true, fmt.Errorf("history has not yet reached $%d", idx)
	}
	return s.gdb.values[idx-1], true, nil
}

// expandValues replaces value-history and convenience references by the
// expressions that stand for them. Registers ($pc, $a0) are left alone.
func (s *Session) expandValues(expr string) (string, error) {
	var sb strings.Builder
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if c == '"' || c == '\'' {
			j := skipQuoted(expr, i)
			sb.WriteString(expr[i:j])
			i = j - 1
			continue
		}
		if c != '$' {
			sb.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(expr) && (isWordByte(expr[j]) || (expr[j] == '$' && j == i+1)) {
			j++
		}
		ref := expr[i+1 : j]
		sub, ok, err := s.valueRef(ref)
		if err != nil {
			return "", err
		}
		if !ok {
			sub = "$" + ref
		}
		sb.WriteString(sub)
		i = j - 1
	}
	return sb.String(), nil
}

// valueRef resolves "" ($), "$" ($$), "N", "$N" and convenience names.
func (s *Session) valueRef(ref string) (string, bool, error) {
	n := len(s.gdb.values)
	idx := -1
	switch {
	case ref == "":
		idx = n
	case strings.HasPrefix(ref, "$"):
		back := 1
		if ref != "$" {
			k, err := strconv.Atoi(ref[1:])
			if err != nil {
				return "", false, nil
			}
			back = k
		}
		idx = n - back
	case ref[0] >= '0' && ref[0] <= '9':
		k, err := strconv.Atoi(ref)
		if err != nil {
			return "", false, fmt.Errorf("bad value history reference $%s", ref)
		}
		idx = k
	default:
		r, ok := s.gdb.conv[ref]
		if !ok {
			return "", false, nil
		}
		return substOf(r, "$"+ref)
	}
	if idx < 1 || idx > n {
		if n == 0 {
			return "", false, fmt.Errorf("history is empty")
		}
		return "", false, fmt.Errorf("history has not yet reached $%d", idx)
	}
	return substOf(s.gdb.values[idx-1], fmt.Sprintf("$%d", idx))
}

func substOf(r recorded, name string) (string, bool, error) {
	if r.subst == "" {
		return "", false, fmt.Errorf("%s (%s) cannot be used in an expression", name, r.typ)
	}
	return r.subst, true, nil
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// skipQuoted returns the index after the quoted literal starting at i.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(s)
}

// artificialArray evaluates gdb's "base@count": count objects of base's
// type laid out from base's address.
func (s *Session) artificialArray(hart, index int, name, base, count string, opts symbols.FormatOptions) (symbols.View, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return symbols.View{}, err
	}
	v, err := f.Evaluate(strings.TrimSpace(base))
	if err != nil {
		return symbols.View{}, fmt.Errorf("%s: %w", base, err)
	}
	if !v.HasAddr {
		return symbols.View{}, fmt.Errorf("only values in memory can be extended with '@'")
	}
	n, err := s.EvaluateUint(hart, index, strings.TrimSpace(count))
	if err != nil || n == 0 || n > 1<<16 {
		return symbols.View{}, fmt.Errorf("%s: the length after '@' must be 1 to 65536", name)
	}
	size := cexpr.Size(v.Type)
	if size <= 0 {
		return symbols.View{}, fmt.Errorf("%s: its type has no size", base)
	}
	arr := &godwarf.ArrayType{Type: v.Type, Count: int64(n), StrideBitSize: size * 8}
	arr.ByteSize = size * int64(n)
	val := cexpr.Value{Type: arr, Addr: v.Addr, HasAddr: true}
	return s.syms.MakeView(name, val, f.Env(), opts), nil
}
