package console

import (
	"fmt"

	"github.com/rewind-debugger/rewind/symbols"
)

// maxLoops bounds the iterations of one while loop.
const maxLoops = 100000

// cmdFlow starts an "if COND" or "while COND" block, run at its "end".
func (c *Console) cmdFlow(kind, cond string) error {
	if cond == "" {
		return fmt.Errorf("%s: which condition?", kind)
	}
	c.block = &block{kind: kind, target: cond, elseAt: -1}
	return nil
}

// runFlow runs a finished if or while block.
func (c *Console) runFlow(b *block) error {
	if b.kind == "if" {
		yes, err := c.truth(b.target)
		if err != nil {
			return err
		}
		then, other := b.lines, []string(nil)
		if b.elseAt >= 0 {
			then, other = b.lines[:b.elseAt], b.lines[b.elseAt:]
		}
		if yes {
			return c.runLines("if", then)
		}
		return c.runLines("else", other)
	}
	for i := 0; ; i++ {
		if i == maxLoops {
			return fmt.Errorf("while: stopped after %d iterations", maxLoops)
		}
		yes, err := c.truth(b.target)
		if err != nil || !yes {
			return err
		}
		if err := c.runLines("while", b.lines); err != nil {
			return err
		}
		if c.intr.Load() {
			return fmt.Errorf("while: interrupted")
		}
	}
}

// truth evaluates a condition: a non-zero scalar.
func (c *Console) truth(cond string) (bool, error) {
	v, err := c.s.EvalGDB(c.frameHart(), c.frame, cond, symbols.FormatOptions{})
	if err != nil {
		return false, err
	}
	if !isScalar(v.Val) {
		return false, fmt.Errorf("%s is not a scalar (a %s)", cond, v.Type)
	}
	u, _, err := c.scalarBits(v.Val)
	return u != 0, err
}
