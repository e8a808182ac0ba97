package adapter

import (
	"fmt"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// frameOf decodes an optional frame id (0: innermost frame of the
// current hart).
func (s *Server) frameOf(sess *debugger.Session, id int) (hart, index int) {
	if id == 0 {
		return sess.Hart(), 0
	}
	h, i, _ := s.handles.frame(id)
	return h, i
}

func (s *Server) onEvaluate(req *envelope) {
	var a dap.EvaluateArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	if a.Context == "repl" && strings.HasPrefix(a.Expression, "uart ") {
		err := sess.UARTInput([]byte(strings.TrimPrefix(a.Expression, "uart ") + "\n"))
		s.mu.Unlock()
		if err != nil {
			s.fail(req, err.Error())
			return
		}
		s.reply(req, dap.EvaluateResponseBody{Result: "typed into the UART (continue to let the firmware read it)"})
		s.noteFork()
		return
	}
	hart, index := s.frameOf(sess, a.FrameId)
	if body, ok, err := s.evaluatePeripheral(sess, hart, index, a); ok {
		s.mu.Unlock()
		s.answerPeripheral(req, body, err)
		return
	}
	opts := symbols.FormatOptions{Hex: a.Format != nil && a.Format.Hex}
	v, err := evaluateIn(sess, a.Context, hart, index, a.Expression, opts)
	if err != nil {
		s.mu.Unlock()
		s.fail(req, err.Error())
		return
	}
	body := dap.EvaluateResponseBody{Result: v.Value, Type: v.Type}
	if v.HasMemory {
		body.MemoryReference = hexAddr(v.MemoryReference)
	}
	if v.Children > 0 {
		body.VariablesReference = s.handles.add(varRef{kind: refValue, hart: hart, frame: index, val: v.Val, name: a.Expression})
	}
	s.mu.Unlock()
	s.reply(req, body)
	s.noteFork()
}

// evaluateIn evaluates an expression for a DAP evaluate context: only the
// debug console ("repl") may change the machine; hovers, watches, the
// clipboard and the variables view evaluate without side effects.
func evaluateIn(sess *debugger.Session, context string, hart, index int, expr string, opts symbols.FormatOptions) (symbols.View, error) {
	if context == "repl" {
		return sess.Evaluate(hart, index, expr, opts)
	}
	what := context
	if what == "" {
		what = "read-only evaluation"
	}
	return sess.Inspect(hart, index, expr, what, opts)
}

// noteFork tells the user when an edit changed the past.
func (s *Server) noteFork() {
	if msg := s.forkNote(); msg != "" {
		s.console(msg)
		s.timelineChanged()
	}
}

func (s *Server) onSetVariable(req *envelope) {
	var a dap.SetVariableArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	body, err := s.setVariable(sess, a)
	s.handles.reset()
	s.mu.Unlock()
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.reply(req, body)
	s.noteFork()
	s.emit("invalidated", dap.InvalidatedEventBody{Areas: []dap.InvalidatedAreas{"variables"}})
}

// setVariable assigns a row of a container.
func (s *Server) setVariable(sess *debugger.Session, a dap.SetVariableArguments) (dap.SetVariableResponseBody, error) {
	r, ok := s.handles.get(a.VariablesReference)
	if !ok {
		return dap.SetVariableResponseBody{}, fmt.Errorf("unknown variables reference")
	}
	opts := symbols.FormatOptions{Hex: a.Format != nil && a.Format.Hex}
	if r.kind == refRegisters {
		return s.setRegister(sess, r, a.Name, a.Value)
	}
	if r.kind == refRegisterFields {
		return s.setRegisterField(sess, r, a.Name, a.Value, opts)
	}
	if isPeripheralRef(r.kind) {
		return s.setPeripheral(sess, r, a.Name, a.Value)
	}
	v, err := s.findView(sess, r, a.Name)
	if err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	name := a.Name
	if r.kind == refValue {
		name = ""
	}
	nv, err := sess.Assign(r.hart, r.frame, v.Val, name, a.Value, opts)
	if err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	return dap.SetVariableResponseBody{Value: nv.Value, Type: nv.Type}, nil
}

// setRegister writes a register row.
func (s *Server) setRegister(sess *debugger.Session, r varRef, name, value string) (dap.SetVariableResponseBody, error) {
	reg, err := sess.SetRegisterText(r.hart, r.frame, name, value)
	if err != nil {
		return dap.SetVariableResponseBody{}, err
	}
	v := registerView(reg, symbols.FormatOptions{Hex: true})
	return dap.SetVariableResponseBody{Value: v.Value, Type: v.Type}, nil
}

func (s *Server) onSetExpression(req *envelope) {
	var a dap.SetExpressionArguments
	if !s.decode(req, &a) {
		return
	}
	sess := s.acquire(req)
	if sess == nil {
		return
	}
	hart, index := s.frameOf(sess, a.FrameId)
	opts := symbols.FormatOptions{Hex: a.Format != nil && a.Format.Hex}
	v, err := s.setExpression(sess, hart, index, a, opts)
	s.handles.reset()
	s.mu.Unlock()
	if err != nil {
		s.fail(req, err.Error())
		return
	}
	s.reply(req, dap.SetExpressionResponseBody{Value: v.Value, Type: v.Type})
	s.noteFork()
	s.emit("invalidated", dap.InvalidatedEventBody{Areas: []dap.InvalidatedAreas{"variables"}})
}
