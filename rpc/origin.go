package rpc

import (
	"github.com/rewind-debugger/rewind/debugger"
)

// OriginParams name the value whose origin is wanted: an expression (in
// frame of the current hart, now) or a value a previous answer listed as
// an input; depth is how many levels to follow (default 1: the producer
// and its inputs, unexplained).
type OriginParams struct {
	Expression string        `json:"expression"`
	Frame      int           `json:"frame"`
	Value      *OriginTarget `json:"value"`
	Depth      int           `json:"depth"`
}

// OriginTarget is a value at a moment: register reg of hart (RISC-V
// x1–x31 are 1–31, Cortex-M r0–r14 32–46 and s0–s31 64–95), or size bytes
// of memory at address when reg is 0.
type OriginTarget struct {
	Hart    int    `json:"hart"`
	Reg     int    `json:"reg,omitempty"`
	Address uint32 `json:"address,omitempty"`
	Size    uint32 `json:"size,omitempty"`
	Time    uint64 `json:"time"`
	Name    string `json:"name"`
}

// OriginNode is what produced a value, with its inputs (expanded to the
// depth asked, or listed in inputs to ask for later).
type OriginNode struct {
	Of       OriginTarget   `json:"of"`
	Kind     string         `json:"kind"`
	Source   bool           `json:"source"`
	Value    uint64         `json:"value"`
	Time     uint64         `json:"time"`
	Hart     int            `json:"hart"`
	PC       uint32         `json:"pc"`
	Text     string         `json:"instruction,omitempty"`
	Function string         `json:"function,omitempty"`
	File     string         `json:"file,omitempty"`
	Line     int            `json:"line,omitempty"`
	Note     string         `json:"note,omitempty"`
	Inputs   []OriginTarget `json:"inputs,omitempty"`
	Address  []OriginTarget `json:"address,omitempty"`
	Children []OriginNode   `json:"children,omitempty"`
	Error    string         `json:"error,omitempty"`
}

func targetOf(v debugger.Value) OriginTarget {
	return OriginTarget{Hart: v.Hart, Reg: v.Reg, Address: v.Addr, Size: v.Size, Time: v.Time, Name: v.String()}
}

func nodeOf(t debugger.OriginTree) OriginNode {
	n := OriginNode{Of: targetOf(t.Of), Kind: t.Kind.String(), Source: t.Kind.Source(), Value: t.Value, Time: t.Time,
		Hart: t.Hart, PC: t.PC, Text: t.Text, Function: t.Function, File: t.File, Line: t.Line, Note: t.Note, Error: t.Err}
	for _, in := range t.Inputs {
		n.Inputs = append(n.Inputs, targetOf(in))
	}
	for _, a := range t.Address {
		n.Address = append(n.Address, targetOf(a))
	}
	for _, c := range t.Children {
		n.Children = append(n.Children, nodeOf(c))
	}
	return n
}

func origin(srv *Server, p OriginParams) (any, error) {
	if p.Expression == "" && p.Value == nil {
		return nil, needParam("expression (or value)")
	}
	depth := min(max(p.Depth, 1), debugger.MaxOriginDepth)
	var tree debugger.OriginTree
	var err error
	if err := srv.sess.run.Do(func(s *debugger.Session) {
		var v debugger.Value
		if p.Value != nil {
			v = debugger.Value{Hart: p.Value.Hart, Reg: p.Value.Reg, Addr: p.Value.Address, Size: p.Value.Size, Time: p.Value.Time}
		} else if v, err = s.ValueOf(s.Hart(), p.Frame, p.Expression); err != nil {
			return
		}
		tree, err = s.OriginTree(v, depth)
	}); err != nil {
		return nil, failed(err)
	}
	if err != nil {
		return nil, failed(err)
	}
	return nodeOf(tree), nil
}
