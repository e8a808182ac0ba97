package adapter

import (
	"fmt"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/svd"
	"github.com/rewind-debugger/rewind/symbols"
)

// The variables containers of the Peripherals scope: the scope lists the
// peripherals, a peripheral its registers, a register its fields. Their
// varRef.name is the path shown ("UART0", "UART0.txctrl").
const (
	refPeripherals refKind = iota + 100
	refPeripheral
	refPeriphRegister
)

// isPeripheralRef tells whether a container belongs to the Peripherals scope.
func isPeripheralRef(k refKind) bool { return k >= refPeripherals && k <= refPeriphRegister }

// largePeripherals is the number of peripherals above which the scope is
// marked expensive (its rows themselves read nothing from the devices).
const largePeripherals = 100

// loadSVD loads the launch's SVD file (or the board's built-in one, quietly)
// and says in the Debug Console what svdPath loaded or why not: a bad file
// costs the Peripherals scope, never the session.
func (s *Server) loadSVD(sess *debugger.Session, a launchArgs) {
	var msg string
	s.withLock(func() {
		if err := sess.LoadSVD(a.resolve(a.SvdPath)); err != nil {
			msg = "svdPath: " + err.Error()
			return
		}
		if src := sess.SVDSource(); src != "" && a.SvdPath != "" {
			msg = fmt.Sprintf("Peripherals: %d from %s", len(sess.SVD().Peripherals), src)
		}
	})
	if msg != "" {
		s.console(msg)
	}
}

// peripheralsScope is the Peripherals scope of a frame, if an SVD file is
// loaded.
func (s *Server) peripheralsScope(sess *debugger.Session, r varRef) (dap.Scope, bool) {
	dev := sess.SVD()
	if dev == nil {
		return dap.Scope{}, false
	}
	r.kind, r.name = refPeripherals, ""
	return dap.Scope{Name: "Peripherals", VariablesReference: s.handles.add(r),
		NamedVariables: len(dev.Peripherals), Expensive: len(dev.Peripherals) > largePeripherals}, true
}

// peripheralVariables lists the rows of a Peripherals container, read at
// the current moment without side effects on the devices.
func (s *Server) peripheralVariables(sess *debugger.Session, r varRef, hex bool) ([]dap.Variable, error) {
	dev := sess.SVD()
	if dev == nil {
		return nil, debugger.ErrNoSVD
	}
	if r.kind == refPeripherals {
		out := make([]dap.Variable, 0, len(dev.Peripherals))
		for _, p := range dev.Peripherals {
			out = append(out, s.peripheralRow(r, p))
		}
		return out, nil
	}
	path, err := dev.Lookup(r.name)
	if err != nil {
		return nil, err
	}
	if r.kind == refPeripheral {
		pv, err := sess.Peripheral(dev, path.Peripheral.Name)
		if err != nil {
			return nil, err
		}
		out := make([]dap.Variable, 0, len(pv.Registers))
		for _, rv := range pv.Registers {
			out = append(out, s.registerRow(r, rv))
		}
		return out, nil
	}
	rv := sess.ReadPeripheralRegister(path.Register)
	out := make([]dap.Variable, 0, len(rv.Fields))
	for _, fv := range rv.Fields {
		out = append(out, fieldRow(r.name, fv, hex))
	}
	return out, nil
}

// peripheralRow is a peripheral: its base address, expandable.
func (s *Server) peripheralRow(parent varRef, p *svd.Peripheral) dap.Variable {
	ref := parent
	ref.kind, ref.name = refPeripheral, p.Name
	v := fmt.Sprintf("@ 0x%08x", p.BaseAddress)
	if p.Description != "" {
		v += "  " + oneLine(p.Description)
	}
	return dap.Variable{Name: p.Name, Value: v, Type: p.GroupName, EvaluateName: p.Name,
		NamedVariables: len(p.Registers), VariablesReference: s.handles.add(ref)}
}

// registerRow is a register: its value in hex, its address and access in
// the type column, its fields as children.
func (s *Server) registerRow(parent varRef, rv debugger.PeripheralRegister) dap.Variable {
	r := rv.Register
	name := r.Peripheral.Name + "." + r.Name
	d := dap.Variable{Name: r.Name, Value: rv.Hex(), EvaluateName: name,
		Type:             fmt.Sprintf("0x%08x, %d-bit %s", r.Address, r.Size, accessWord(r.Access)),
		PresentationHint: &dap.VariablePresentationHint{Kind: "property"}}
	if r.Address < 1<<32 {
		d.MemoryReference = hexAddr(uint32(r.Address))
	}
	if r.Access == svd.ReadOnly {
		d.PresentationHint.Attributes = []string{"readOnly"}
	}
	if rv.Err == nil && len(rv.Fields) > 0 {
		ref := parent
		ref.kind, ref.name = refPeriphRegister, name
		d.VariablesReference = s.handles.add(ref)
		d.NamedVariables = len(rv.Fields)
	}
	return d
}

// fieldRow is a field: its value with the enumerated name, its bits.
func fieldRow(register string, fv svd.FieldValue, hex bool) dap.Variable {
	f := fv.Field
	v := debugger.FieldText(fv)
	if hex {
		v = fmt.Sprintf("%#x", fv.Value)
		if fv.Enum != nil {
			v += " (" + fv.Enum.Name + ")"
		}
	}
	bits := fmt.Sprintf("[%d]", f.BitOffset)
	if f.BitWidth > 1 {
		bits = fmt.Sprintf("[%d:%d]", f.BitOffset+f.BitWidth-1, f.BitOffset)
	}
	d := dap.Variable{Name: f.Name, Value: v, Type: "bits " + bits, EvaluateName: register + "." + f.Name,
		PresentationHint: &dap.VariablePresentationHint{Kind: "property"}}
	if f.Access == svd.ReadOnly {
		d.PresentationHint.Attributes = []string{"readOnly"}
	}
	return d
}

// accessWord shortens an SVD access for the type column.
func accessWord(a svd.Access) string {
	switch a {
	case svd.ReadOnly:
		return "read-only"
	case svd.WriteOnly, svd.WriteOnce:
		return "write-only"
	}
	return "read-write"
}

// oneLine collapses a description's white space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// childPath is the peripheral path of row name of a Peripherals container.
func childPath(sess *debugger.Session, r varRef, name string) (svd.Path, error) {
	dev := sess.SVD()
	if dev == nil {
		return svd.Path{}, debugger.ErrNoSVD
	}
	full := name
	if r.name != "" {
		full = r.name + "." + name
	}
	return dev.Lookup(full)
}

// setPeripheral writes a register or field row (setVariable): the device's
// own write, side effects included; in the past it forks history.
func (s *Server) setPeripheral(sess *debugger.Session, r varRef, name, value string) (dap.SetVariableResponseBody, error) {
	p, err := childPath(sess, r, name)
	if err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	if p.Register == nil {
		return dap.SetVariableResponseBody{}, fmt.Errorf("%s is a peripheral: set one of its registers", p.Peripheral.Name)
	}
	if _, err := sess.AssignPeripheral(r.hart, r.frame, debugger.PathName(p)+" = "+value); err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	return dap.SetVariableResponseBody{Value: sess.PeripheralText(p)}, nil
}

// peripheralTarget is what a data breakpoint on a register or field row
// watches (a field: its whole register).
func peripheralTarget(sess *debugger.Session, r varRef, name string) (debugger.DataTarget, error) {
	p, err := childPath(sess, r, name)
	if err != nil {
		return debugger.DataTarget{}, err
	}
	return sess.PeripheralTarget(p)
}

// evaluatePeripheral answers an evaluate request naming a peripheral,
// register or field (hover, watch, the Debug Console), or assigning one
// in the Debug Console. ok is false when the expression is C.
func (s *Server) evaluatePeripheral(sess *debugger.Session, hart, index int, a dap.EvaluateArguments) (body dap.EvaluateResponseBody, ok bool, err error) {
	if a.Context == "repl" {
		handled, err := sess.AssignPeripheral(hart, index, a.Expression)
		if handled {
			if err != nil {
				return body, true, err
			}
			lhs, _, _ := strings.Cut(a.Expression, "=")
			a.Expression = lhs
		}
	}
	p, ok, err := sess.PeripheralExpr(hart, index, a.Expression)
	if !ok || err != nil {
		return body, ok, err
	}
	body.Result = sess.PeripheralText(p)
	r := varRef{hart: hart, frame: index, name: debugger.PathName(p)}
	switch {
	case p.Register == nil:
		r.kind = refPeripheral
		body.Result = fmt.Sprintf("%s @ 0x%08x", p.Peripheral.Name, p.Peripheral.BaseAddress)
		body.NamedVariables = len(p.Peripheral.Registers)
	case p.Field == nil:
		r.kind = refPeriphRegister
		body.NamedVariables = len(p.Register.Fields)
	}
	if body.NamedVariables > 0 {
		body.VariablesReference = s.handles.add(r)
	}
	if p.Register != nil && p.Register.Address < 1<<32 {
		body.MemoryReference = hexAddr(uint32(p.Register.Address))
	}
	return body, true, nil
}

// answerPeripheral replies to an evaluate request that named a peripheral.
func (s *Server) answerPeripheral(req *envelope, body dap.EvaluateResponseBody, err error) {
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.reply(req, body)
	s.noteFork()
}

// span is a page of a variables list.
type span struct{ start, end int }

// pageOf clamps a variables request's start and count to n rows.
func pageOf(n, start, count int) span {
	start = min(max(start, 0), n)
	end := n
	if count > 0 {
		end = start + min(count, n-start)
	}
	return span{start, end}
}

// setExpression assigns a C lvalue, or a peripheral register or field
// (VS Code sends setExpression for a row with an evaluateName).
func (s *Server) setExpression(sess *debugger.Session, hart, index int, a dap.SetExpressionArguments, opts symbols.FormatOptions) (symbols.View, error) {
	handled, err := sess.AssignPeripheral(hart, index, a.Expression+" = "+a.Value)
	if !handled {
		return sess.Evaluate(hart, index, fmt.Sprintf("%s = (%s)", a.Expression, a.Value), opts)
	}
	if err != nil {
		return symbols.View{}, err
	}
	p, _, err := sess.PeripheralPath(a.Expression)
	if err != nil {
		return symbols.View{}, err
	}
	return symbols.View{Value: sess.PeripheralText(p)}, nil
}
