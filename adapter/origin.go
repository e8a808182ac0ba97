package adapter

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/google/go-dap"
	"github.com/rewind-debugger/rewind/debugger"
)

// originArgs are rewind/origin's arguments: the value whose origin is
// wanted, named by an expression in frameId (default: the current hart's
// innermost frame) or a register ("a5", "$a5") now, or by the id of an
// input listed in an earlier answer; depth is how many levels to follow
// (default 1: the producer, with its inputs listed by id).
type originArgs struct {
	Expression string `json:"expression"`
	FrameID    int    `json:"frameId"`
	Register   string `json:"register"`
	Value      string `json:"value"`
	Depth      int    `json:"depth"`
}

// originBody is one node of a value's history: what produced it, where
// and when; inputs are the values it came from, each with the id to ask
// for its own origin.
type originBody struct {
	// ID names this value (the "value" argument that asks for it again).
	ID string `json:"id"`
	// Name is the expression, register or memory ("dst+4 0x80001020[4]").
	Name string `json:"name"`
	// Value is the value's contents in hex ("0x4b2").
	Value string `json:"value"`
	// Kind says what produced it: computed, loaded, stored, or a true
	// source (IsSource): constant, initial data, device read, CSR read,
	// reset state.
	Kind     string `json:"kind"`
	IsSource bool   `json:"isSource"`
	// Instruction is the producing instruction's disassembly.
	Instruction string      `json:"instruction,omitempty"`
	PC          string      `json:"pc,omitempty"`
	Function    string      `json:"function,omitempty"`
	Source      *dap.Source `json:"source,omitempty"`
	Line        int         `json:"line,omitempty"`
	// Time is the moment before the producing instruction (seek there).
	Time uint64 `json:"time"`
	Hart int    `json:"hart"`
	// Note explains a source ("UART0 RBR read at t=300 (input ...)").
	Note string `json:"note,omitempty"`
	// Label is the node in one line, as the console prints it.
	Label   string        `json:"label"`
	Inputs  []originInput `json:"inputs"`
	Address []originInput `json:"address,omitempty"`
	// Children are the inputs' origins, when depth > 1.
	Children []originBody `json:"children,omitempty"`
	// Error says why this value could not be explained (a child).
	Error string `json:"error,omitempty"`
	// Cut is set when the depth or the node budget stopped the expansion.
	Cut bool `json:"cut,omitempty"`
}

// originInput is a value an instruction read, to follow further.
type originInput struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func (s *Server) onOrigin(req *envelope) {
	var a originArgs
	if !s.decode(req, &a) {
		return
	}
	if a.Expression == "" && a.Register == "" && a.Value == "" {
		s.fail(req, "rewind/origin needs an \"expression\", a \"register\" or a \"value\" id")
		return
	}
	var v debugger.Value
	var err error
	if a.Value != "" {
		if v, err = parseValueID(a.Value); err != nil {
			s.fail(req, err.Error())
			return
		}
	}
	depth := min(max(a.Depth, 1), debugger.MaxOriginDepth)
	s.runQuery(req, func(sess *debugger.Session) (any, error) {
		name := a.Expression
		if a.Value == "" {
			hart, index := s.frameOf(sess, a.FrameID)
			expr := a.Expression
			if a.Register != "" {
				expr = "$" + strings.TrimPrefix(strings.TrimSpace(a.Register), "$")
				name = strings.TrimPrefix(expr, "$")
			}
			if v, err = sess.ValueOf(hart, index, expr); err != nil {
				return nil, err
			}
		} else {
			name = s.valueName(sess, v)
		}
		tree, err := sess.OriginTree(v, depth)
		if err != nil {
			return nil, err
		}
		return s.originNode(sess, tree, name), nil
	})
}

// originNode converts a tree for the client, naming it name.
func (s *Server) originNode(sess *debugger.Session, t debugger.OriginTree, name string) originBody {
	b := originBody{ID: valueID(t.Of), Name: name, Error: t.Err, Inputs: []originInput{}}
	if t.Err != "" {
		b.Label = name + ": " + t.Err
		return b
	}
	b.Value = fmt.Sprintf("%#x", t.Value)
	b.Kind, b.IsSource = t.Kind.String(), t.Kind.Source()
	b.Instruction, b.Function, b.Line, b.Time, b.Hart, b.Note = t.Text, t.Function, t.Line, t.Time, t.Hart, t.Note
	if t.Text != "" {
		b.PC = hexAddr(t.PC)
	}
	if t.File != "" && t.Line > 0 {
		file := t.File
		if loc, ok := sess.Symbols().PCToLine(t.PC); ok && loc.File.Path != "" {
			file = loc.File.Path
		}
		b.Source = s.sourceOf(file)
	}
	b.Label = originLabel(b)
	for _, in := range t.Inputs {
		b.Inputs = append(b.Inputs, originInput{ID: valueID(in), Name: s.valueName(sess, in)})
	}
	for _, in := range t.Address {
		b.Address = append(b.Address, originInput{ID: valueID(in), Name: s.valueName(sess, in)})
	}
	for i, c := range t.Children {
		b.Children = append(b.Children, s.originNode(sess, c, b.Inputs[min(i, len(b.Inputs)-1)].Name))
	}
	b.Cut = t.Cut
	return b
}

// originLabel formats a node in one line: value, what produced it,
// where, when.
func originLabel(b originBody) string {
	var l strings.Builder
	fmt.Fprintf(&l, "%s = %s  %s", b.Name, b.Value, b.Kind)
	if b.Instruction != "" {
		fmt.Fprintf(&l, " by `%s`", b.Instruction)
	}
	if b.Source != nil && b.Line > 0 {
		fmt.Fprintf(&l, " at %s:%d", b.Source.Name, b.Line)
	}
	if b.Function != "" {
		fmt.Fprintf(&l, " in %s", b.Function)
	}
	fmt.Fprintf(&l, ", time %d", b.Time)
	if b.IsSource && b.Note != "" {
		fmt.Fprintf(&l, "  [source: %s]", b.Note)
	}
	return l.String()
}

// valueName names a value: a register, or memory with the symbol holding
// it ("dst+4 0x80001020[4]").
func (s *Server) valueName(sess *debugger.Session, v debugger.Value) string {
	if v.Reg == 0 {
		if sym, ok := sess.Symbols().SymbolAt(v.Addr); ok {
			return sym + " " + v.String()
		}
	}
	return v.String()
}

// valueID encodes a value as the id a client passes back: "hart:reg:
// address:size:time", all decimal. The id holds the whole value, so it
// stays valid as the session moves (while the history is not changed).
func valueID(v debugger.Value) string {
	return fmt.Sprintf("%d:%d:%d:%d:%d", v.Hart, v.Reg, v.Addr, v.Size, v.Time)
}

// parseValueID decodes a value id (Session.Origin checks the ranges).
func parseValueID(id string) (debugger.Value, error) {
	f := strings.Split(id, ":")
	bad := fmt.Errorf("rewind/origin: bad value id %q", id)
	if len(f) != 5 {
		return debugger.Value{}, bad
	}
	var n [5]uint64
	for i, p := range f {
		bits := 32
		if i == 4 {
			bits = 64
		}
		x, err := strconv.ParseUint(p, 10, bits)
		if err != nil {
			return debugger.Value{}, bad
		}
		n[i] = x
	}
	if n[0] > 1<<16 || n[1] > 1<<16 { // Session.Origin checks the register for the CPU
		return debugger.Value{}, bad
	}
	return debugger.Value{Hart: int(n[0]), Reg: int(n[1]), Addr: uint32(n[2]), Size: uint32(n[3]), Time: n[4]}, nil
}
