package debugger

import (
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// Evaluate evaluates a C expression in frame index of hart and formats
// the result. An assignment writes through the timeline (forking history
// when in the past; see TakeFork).
func (s *Session) Evaluate(hart, index int, expr string, opts symbols.FormatOptions) (symbols.View, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return symbols.View{}, err
	}
	v, err := f.Evaluate(expr)
	s.cache = frameCache{}
	if err != nil {
		if notSaved(f, expr) {
			return symbols.View{Name: expr, Value: "<not saved>", Type: "int"}, nil
		}
		return symbols.View{}, fmt.Errorf("%s: %w", expr, err)
	}
	return s.syms.MakeView(expr, v, f.Env(), opts), nil
}

// notSaved reports whether expr is just a general-purpose register ("$a0")
// that frame f cannot recover (a caller-saved register of an outer frame).
func notSaved(f *symbols.Frame, expr string) bool {
	name, ok := strings.CutPrefix(strings.TrimSpace(expr), "$")
	if !ok || f.Index == 0 {
		return false
	}
	n, ok := f.Arch().RegisterNumber(strings.ToLower(name))
	if !ok {
		return false
	}
	_, known := f.Register(n)
	return !known
}

// EvaluateGlobal evaluates an expression in the innermost frame of the
// current hart (globals are visible from any frame).
func (s *Session) EvaluateGlobal(expr string) (cexpr.Value, error) {
	f, err := s.Frame(s.hart, 0)
	if err != nil {
		return cexpr.Value{}, err
	}
	v, err := f.Evaluate(expr)
	if err != nil {
		return cexpr.Value{}, fmt.Errorf("%s: %w", expr, err)
	}
	return v, nil
}

// Env returns the evaluation environment of a frame (for expanding
// children of values shown from it).
func (s *Session) Env(hart, index int) (cexpr.Env, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return nil, err
	}
	return f.Env(), nil
}

// Assign stores the value of valueExpr (evaluated in the frame) into
// target, a value shown earlier (name is its expression when it is not in
// memory). It returns the new formatted value.
func (s *Session) Assign(hart, index int, target cexpr.Value, name, valueExpr string, opts symbols.FormatOptions) (symbols.View, error) {
	lhs := name
	if target.HasAddr && target.BitSize == 0 {
		lhs = fmt.Sprintf("*(%s *)%#x", symbols.TypeName(target.Type), target.Addr)
	}
	if lhs == "" {
		return symbols.View{}, fmt.Errorf("this value cannot be changed")
	}
	v, err := s.Evaluate(hart, index, fmt.Sprintf("%s = (%s)", lhs, valueExpr), opts)
	if err != nil {
		return symbols.View{}, err
	}
	v.Name = name
	return v, nil
}

// Locals returns the formatted variables of a frame.
func (s *Session) Locals(hart, index int, opts symbols.FormatOptions) ([]symbols.View, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return nil, err
	}
	return f.Views(opts), nil
}

// Globals returns the formatted globals and statics seen from a frame.
func (s *Session) Globals(hart, index int, opts symbols.FormatOptions) ([]symbols.View, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return nil, err
	}
	env := f.Env()
	gs := f.Globals()
	out := make([]symbols.View, 0, len(gs))
	for _, g := range gs {
		out = append(out, s.syms.MakeView(g.Name, g.Value, env, opts))
	}
	return out, nil
}

// Children expands a value shown from a frame.
func (s *Session) Children(hart, index int, v cexpr.Value, opts symbols.FormatOptions) ([]symbols.View, error) {
	env, err := s.Env(hart, index)
	if err != nil {
		return nil, err
	}
	return s.syms.ChildViews(v, env, opts)
}

// EvaluateUint evaluates an expression to a 32-bit value.
func (s *Session) EvaluateUint(hart, index int, expr string) (uint32, error) {
	f, err := s.Frame(hart, index)
	if err != nil {
		return 0, err
	}
	v, err := f.Evaluate(expr)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", expr, err)
	}
	b, err := v.Load(f.Env())
	if err != nil {
		return 0, fmt.Errorf("%s: %w", expr, err)
	}
	var x uint32
	for i := len(b) - 1; i >= 0; i-- {
		x = x<<8 | uint32(b[i])
	}
	return x, nil
}
