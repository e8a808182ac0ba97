package adapter

import (
	"fmt"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// views lists the rows of a container.
func (s *Server) views(sess *debugger.Session, r varRef, opts symbols.FormatOptions) ([]symbols.View, error) {
	switch r.kind {
	case refLocals:
		return sess.Locals(r.hart, r.frame, opts)
	case refGlobals:
		return sess.Globals(r.hart, r.frame, opts)
	case refRegisters:
		return registerViews(sess, r.hart, r.frame, opts)
	}
	return sess.Children(r.hart, r.frame, r.val, opts)
}

// registerViews formats the registers of a frame as rows, in the
// session's order (registerview.go formats each) (an outer
// frame's caller-saved registers are <not saved>, as gdb shows them).
func registerViews(sess *debugger.Session, hart, frame int, opts symbols.FormatOptions) ([]symbols.View, error) {
	regs, err := sess.FrameRegisters(hart, frame)
	if err != nil {
		return nil, err
	}
	out := make([]symbols.View, 0, len(regs))
	for _, r := range regs {
		if r.NotSaved {
			out = append(out, symbols.View{Name: r.Name, Value: "<not saved>", Type: "uint32_t"})
			continue
		}
		out = append(out, registerView(r, opts))
	}
	return out, nil
}

func (s *Server) onVariables(req *envelope) {
	var a dap.VariablesArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	defer s.mu.Unlock()
	r, ok := s.handles.get(a.VariablesReference)
	if !ok {
		s.fail(req, "unknown variables reference (the target moved since)")
		return
	}
	opts := symbols.FormatOptions{Hex: a.Format != nil && a.Format.Hex}
	if isPeripheralRef(r.kind) {
		out, err := s.peripheralVariables(sess, r, opts.Hex)
		if err != nil {
			s.fail(req, err.Error())
			return
		}
		pg := pageOf(len(out), a.Start, a.Count)
		s.reply(req, dap.VariablesResponseBody{Variables: out[pg.start:pg.end]})
		return
	}
	if r.kind == refRegisters || r.kind == refRegisterFields {
		out, err := s.registerVariables(sess, r, opts)
		if err != nil {
			s.fail(req, err.Error())
			return
		}
		pg := pageOf(len(out), a.Start, a.Count)
		s.reply(req, dap.VariablesResponseBody{Variables: out[pg.start:pg.end]})
		return
	}
	vs, err := s.views(sess, r, opts)
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	start := min(max(a.Start, 0), len(vs))
	end := len(vs)
	if a.Count > 0 {
		end = start + min(a.Count, len(vs)-start)
	}
	out := make([]dap.Variable, 0, end-start)
	for _, v := range vs[start:end] {
		out = append(out, s.variable(r, v))
	}
	s.reply(req, dap.VariablesResponseBody{Variables: out})
}

// variable converts a row, registering its children.
func (s *Server) variable(parent varRef, v symbols.View) dap.Variable {
	d := dap.Variable{Name: v.Name, Value: v.Value, Type: v.Type}
	if parent.kind == refLocals || parent.kind == refGlobals {
		d.EvaluateName = v.Name
	} else if parent.kind == refRegisters {
		d.EvaluateName = "$" + v.Name
	} else {
		d.EvaluateName = childExpr(parent.name, v.Name)
	}
	if v.HasMemory {
		d.MemoryReference = hexAddr(v.MemoryReference)
	}
	if v.Children > 0 {
		d.VariablesReference = s.handles.add(varRef{kind: refValue, hart: parent.hart, frame: parent.frame, val: v.Val, name: d.EvaluateName})
		if v.Children > 100 {
			d.IndexedVariables = v.Children
		}
	}
	return d
}

// childTarget resolves a data breakpoint on a row of a container.
func (s *Server) childTarget(sess *debugger.Session, r varRef, name string) (debugger.DataTarget, error) {
	if isPeripheralRef(r.kind) {
		return peripheralTarget(sess, r, name)
	}
	v, err := s.findView(sess, r, name)
	if err != nil {
		return debugger.DataTarget{}, err
	}
	if r.kind == refRegisters || !v.HasMemory {
		return debugger.DataTarget{}, fmt.Errorf("%s is not in memory: only memory can be watched", name)
	}
	return sess.DataTargetOfValue(name, v.Val)
}

// findView finds a row by name.
func (s *Server) findView(sess *debugger.Session, r varRef, name string) (symbols.View, error) {
	vs, err := s.views(sess, r, symbols.FormatOptions{})
	if err != nil {
		return symbols.View{}, err
	}
	for _, v := range vs {
		if v.Name == name {
			return v, nil
		}
	}
	return symbols.View{}, fmt.Errorf("no variable %q here", name)
}
