package console

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rewind-debugger/rewind/debugger"
)

// defaultOriginDepth is how deep `origin EXPR` follows a value.
const defaultOriginDepth = 6

// cmdOrigin prints where a value came from: origin EXPR [DEPTH].
func (c *Console) cmdOrigin(arg string) error {
	expr, depth := strings.TrimSpace(arg), defaultOriginDepth
	if i := strings.LastIndexByte(expr, ' '); i > 0 {
		if n, err := strconv.Atoi(expr[i+1:]); err == nil {
			if n <= 0 || n > debugger.MaxOriginDepth {
				return fmt.Errorf("depth %d: want 1 to %d", n, debugger.MaxOriginDepth)
			}
			expr, depth = strings.TrimSpace(expr[:i]), n
		}
	}
	if expr == "" {
		return errors.New("origin of what? (a variable, *ptr, a member or element, or $reg)")
	}
	var tree debugger.OriginTree
	var err error
	if err := c.run.Do(func(s *debugger.Session) {
		var v debugger.Value
		if v, err = s.ValueOf(c.hart, c.frame, expr); err == nil {
			tree, err = s.OriginTree(v, depth)
		}
	}); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	c.printOrigin(tree, expr, 0)
	return nil
}

// printOrigin prints one node per line, inputs indented under it.
func (c *Console) printOrigin(t debugger.OriginTree, name string, level int) {
	pad := strings.Repeat("  ", level)
	if t.Err != "" {
		fmt.Fprintf(c.out, "%s%s: %s\n", pad, name, t.Err)
		return
	}
	fmt.Fprintf(c.out, "%s%s\n", pad, originLine(t.OriginNode, name))
	for _, ch := range t.Children {
		c.printOrigin(ch, c.valueName(ch.Of), level+1)
	}
	if t.Cut {
		fmt.Fprintf(c.out, "%s  ...\n", pad)
	}
}

// originLine formats a node: value, what produced it, where, when.
func originLine(n debugger.OriginNode, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s = %#x  %s", name, n.Value, n.Kind)
	if n.Text != "" {
		fmt.Fprintf(&b, " by `%s`", n.Text)
	}
	if n.Line > 0 {
		fmt.Fprintf(&b, " at %s:%d", baseName(n.File), n.Line)
	}
	if n.Function != "" {
		fmt.Fprintf(&b, " in %s", n.Function)
	}
	fmt.Fprintf(&b, ", time %d", n.Time)
	if n.Kind.Source() {
		fmt.Fprintf(&b, "  [source: %s]", n.Note)
	}
	return b.String()
}

// valueName names a value: a register, or memory with the symbol holding
// it ("dst+0x4 0x80001014[4]").
func (c *Console) valueName(v debugger.Value) string {
	if v.Reg == 0 {
		if sym, ok := c.s.Symbols().SymbolAt(v.Addr); ok {
			return sym + " " + v.String()
		}
	}
	return v.String()
}
