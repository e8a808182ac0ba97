package symbols

import (
	"debug/dwarf"
	"fmt"
	"strings"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// Env returns the frame as a cexpr.Env: scope-aware names (innermost block,
// parameters, the unit's statics, globals), registers by ABI name, xN, pc
// and CSR names, memory and types.
func (f *Frame) Env() cexpr.Env { return frameEnv{f} }

// frameEnv implements cexpr.Env for a frame.
type frameEnv struct{ f *Frame }

// LookupVariable resolves an identifier in the frame's scope.
func (e frameEnv) LookupVariable(name string) (cexpr.Value, error) {
	for _, d := range e.f.scopeDecls() {
		if d.name == name {
			return e.f.evalDecl(d).Value, nil
		}
	}
	if v, ok := e.f.Global(name); ok {
		return v.Value, nil
	}
	if s, ok := e.f.table.LookupSymbol(name); ok && s.Kind == SymFunc {
		return e.f.funcValue(s), nil
	}
	return cexpr.Value{}, fmt.Errorf("unknown identifier '%s'", name)
}

// funcValue is a function designator for a symbol (its address).
func (f *Frame) funcValue(s Symbol) cexpr.Value {
	if fn, ok := f.table.FunctionByName(s.Name); ok && fn.HasDebugInfo() {
		if e := f.table.entryAt(fn.Offset); e != nil {
			if typ, err := f.table.subprogramType(e); err == nil {
				return cexpr.Value{Type: typ, Addr: s.Addr, HasAddr: true}
			}
		}
	}
	return cexpr.Value{Type: &godwarf.FuncType{}, Addr: s.Addr, HasAddr: true}
}

// subprogramType builds a FuncType for a subprogram DIE.
func (t *Table) subprogramType(e *dwarf.Entry) (godwarf.Type, error) {
	ft := &godwarf.FuncType{}
	ft.ByteSize = 1
	if off, ok := e.Val(dwarf.AttrType).(dwarf.Offset); ok {
		rt, err := t.typeAt(off)
		if err != nil {
			return nil, err
		}
		ft.ReturnType = rt
	} else {
		ft.ReturnType = &godwarf.VoidType{}
	}
	return ft, nil
}

// LookupRegister resolves a register name in the frame.
func (e frameEnv) LookupRegister(name string) (uint32, bool) {
	name = strings.TrimPrefix(name, "$")
	if name == "pc" {
		return e.f.PC, true
	}
	if n, ok := e.f.arch().RegisterNumber(name); ok {
		return e.f.Register(n)
	}
	if sys, ok := e.f.target.(SystemRegisters); ok {
		if v, ok := sys.SystemRegister(name); ok {
			return v, true
		}
	}
	if n, ok := CSRNumber(name); ok && e.f.target != nil && e.f.arch().csrs {
		return e.f.target.CSR(n)
	}
	return 0, false
}

// LookupType resolves a C type name through the debug info.
func (e frameEnv) LookupType(name string) (godwarf.Type, error) {
	return e.f.table.LookupType(name)
}

// ReadMemory reads target memory.
func (e frameEnv) ReadMemory(addr uint32, buf []byte) error {
	return e.f.target.ReadMemory(addr, buf)
}

// WriteMemory writes target memory.
func (e frameEnv) WriteMemory(addr uint32, buf []byte) error {
	return e.f.target.WriteMemory(addr, buf)
}

// WriteRegister sets a register; only the innermost frame's registers are
// the machine's own.
func (e frameEnv) WriteRegister(name string, val uint32) error {
	name = strings.TrimPrefix(name, "$")
	n, ok := e.f.arch().RegisterNumber(name)
	if !ok {
		return fmt.Errorf("cannot write register '%s'", name)
	}
	if e.f.Index != 0 && !e.f.arch().saved(n) {
		return fmt.Errorf("register '%s' of an outer frame cannot be written", name)
	}
	if e.f.Index != 0 {
		return fmt.Errorf("writing registers of outer frames is not supported")
	}
	if err := e.f.target.SetRegister(n, val); err != nil {
		return fmt.Errorf("write register '%s': %w", name, err)
	}
	if n != e.f.arch().zero && n >= 0 && n < maxRegs {
		e.f.regs[n], e.f.known[n] = val, true
	}
	return nil
}

// Evaluate parses and evaluates a C expression in the frame's scope.
func (f *Frame) Evaluate(expr string) (cexpr.Value, error) {
	e, err := cexpr.Parse(expr)
	if err != nil {
		return cexpr.Value{}, err
	}
	return cexpr.Eval(e, f.Env())
}

// EvaluateString evaluates and formats an expression.
func (f *Frame) EvaluateString(expr string, opts FormatOptions) (string, error) {
	v, err := f.Evaluate(expr)
	if err != nil {
		return "", err
	}
	return f.table.Format(v, f.Env(), opts), nil
}
