package debugger

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/checkpoint"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// ValueOf names the value an expression denotes now in frame index of
// hart, for Origin: the memory of an lvalue (at most 8 bytes), a register
// variable, or a register ("$a0").
func (s *Session) ValueOf(hart, index int, expr string) (Value, error) {
	v := Value{Hart: hart, Time: s.tl.Now()}
	if name, ok := strings.CutPrefix(strings.TrimSpace(expr), "$"); ok {
		if n, ok := s.originRegister(name); ok {
			v.Reg = n
			return v, nil
		}
	}
	f, err := s.Frame(hart, index)
	if err != nil {
		return v, err
	}
	x, err := f.Evaluate(expr)
	if err != nil {
		return v, fmt.Errorf("%s: %w", expr, err)
	}
	switch size := cexpr.Size(x.Type); {
	case x.HasAddr && size > 0 && size <= originMaxSize:
		v.Addr, v.Size = x.Addr, uint32(size)
	case x.HasAddr:
		return v, fmt.Errorf("%s is %d bytes: name a member or element of at most %d", expr, size, originMaxSize)
	case x.Reg != "":
		n, ok := s.originRegister(x.Reg)
		if !ok {
			return v, fmt.Errorf("%s lives in %s, which has no origin", expr, x.Reg)
		}
		v.Reg = n
	default:
		return v, fmt.Errorf("%s is not a variable, memory or a register", expr)
	}
	return v, nil
}

// OriginTree is a value's origin followed to some depth.
type OriginTree struct {
	OriginNode
	Children []OriginTree
	// Err says why a child could not be explained.
	Err string
	// Cut is set when the depth or the node budget stopped the expansion.
	Cut bool
}

// MaxOriginDepth is the deepest origin tree a front-end may ask for.
const MaxOriginDepth = 64

// maxOriginNodes bounds the nodes one OriginTree call expands.
const maxOriginNodes = 200

// OriginTree follows v's origin depth levels down (each node one Origin
// step), at most maxOriginNodes nodes in all.
func (s *Session) OriginTree(v Value, depth int) (OriginTree, error) {
	budget := maxOriginNodes
	return s.originTree(v, depth, &budget)
}

func (s *Session) originTree(v Value, depth int, budget *int) (OriginTree, error) {
	*budget--
	n, err := s.Origin(v)
	if err != nil {
		return OriginTree{}, err
	}
	t := OriginTree{OriginNode: n}
	for _, in := range n.Inputs {
		if depth <= 1 || *budget <= 0 {
			t.Cut = true
			break
		}
		c, err := s.originTree(in, depth-1, budget)
		if err != nil {
			if errors.Is(err, checkpoint.ErrPaused) {
				return t, err
			}
			c = OriginTree{OriginNode: OriginNode{Of: in}, Err: err.Error()}
		}
		t.Children = append(t.Children, c)
	}
	return t, nil
}
