package adapter

import (
	"fmt"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// registerVariables lists the Registers scope of a frame, one row per
// register (registerview.go formats it), a register with decoded fields
// (xPSR, CONTROL, CFSR; mstatus, mcause) expandable into them; or, for a
// refRegisterFields reference, that register's fields.
func (s *Server) registerVariables(sess *debugger.Session, r varRef, opts symbols.FormatOptions) ([]dap.Variable, error) {
	regs, err := sess.FrameRegisters(r.hart, r.frame)
	if err != nil {
		return nil, err
	}
	if r.kind == refRegisterFields {
		for _, reg := range regs {
			if reg.Name == r.name && !reg.NotSaved {
				return fieldVariables(reg, opts), nil
			}
		}
		return nil, fmt.Errorf("no register %s in this frame", r.name)
	}
	out := make([]dap.Variable, 0, len(regs))
	for _, reg := range regs {
		d := dap.Variable{Name: reg.Name, Value: "<not saved>", Type: "uint32_t", EvaluateName: "$" + reg.Name}
		if !reg.NotSaved {
			v := registerView(reg, opts)
			d.Value, d.Type = v.Value, v.Type
			if len(reg.Fields) > 0 {
				d.VariablesReference = s.handles.add(varRef{kind: refRegisterFields, hart: r.hart, frame: r.frame, name: reg.Name})
				d.NamedVariables = len(reg.Fields)
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// fieldVariables lists a register's fields as rows: the value (named when
// it has a name), an expression that reads it, read-only unless the
// session can write it.
func fieldVariables(reg debugger.Register, opts symbols.FormatOptions) []dap.Variable {
	out := make([]dap.Variable, 0, len(reg.Fields))
	for _, f := range reg.Fields {
		d := dap.Variable{Name: f.Name, Value: fieldValue(f, opts), Type: fieldType(f)}
		if f.Shift >= 0 {
			d.EvaluateName = fmt.Sprintf("($%s >> %d) & %#x", reg.Name, f.Shift, uint64(1)<<f.Width-1)
		}
		if !f.Writable {
			d.PresentationHint = &dap.VariablePresentationHint{Attributes: []string{"readOnly"}}
		}
		out = append(out, d)
	}
	return out
}

// fieldValue spells a field: a bit as 0 or 1, a wider field in decimal
// (hex when asked) with its name ("15 (SysTick)").
func fieldValue(f debugger.RegisterField, opts symbols.FormatOptions) string {
	v := fmt.Sprintf("%d", f.Value)
	if opts.Hex && f.Width > 1 {
		v = fmt.Sprintf("%#x", f.Value)
	}
	if f.Text != "" {
		v += " (" + f.Text + ")"
	}
	return v
}

// fieldType names a field's width.
func fieldType(f debugger.RegisterField) string {
	if f.Width == 1 {
		return "bit"
	}
	return fmt.Sprintf("bits[%d]", f.Width)
}

// setRegisterField writes a field row of a register.
func (s *Server) setRegisterField(sess *debugger.Session, r varRef, name, value string, opts symbols.FormatOptions) (dap.SetVariableResponseBody, error) {
	reg, err := sess.SetRegisterField(r.hart, r.frame, r.name, name, value)
	if err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	for _, f := range reg.Fields {
		if strings.EqualFold(f.Name, name) {
			return dap.SetVariableResponseBody{Value: fieldValue(f, opts), Type: fieldType(f)}, nil
		}
	}
	return dap.SetVariableResponseBody{}, fmt.Errorf("%s has no field %s after the write", r.name, name)
}
