package console

import (
	"encoding/binary"
	"fmt"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// returnedValue formats what function fn returned, read from the
// registers the architecture's ABI returns its type in (a0 and a1; r0 and
// r1, or s0 and s1) right after "finish" returned from it; "" when it
// returns nothing or the type is unknown. A value the ABI returns in
// memory is named but not shown, as gdb does.
func (c *Console) returnedValue(fn string, st debugger.Stop) string {
	if fn == "" || st.Reason != debugger.ReasonStep {
		return ""
	}
	f, err := c.s.Frame(st.Hart, 0)
	if err != nil {
		return ""
	}
	v, err := f.Evaluate(fn)
	if err != nil {
		return ""
	}
	ft, ok := v.Type.(*godwarf.FuncType)
	if !ok || ft.ReturnType == nil {
		return ""
	}
	rt := ft.ReturnType
	if _, void := cexpr.Resolve(rt).(*godwarf.VoidType); void {
		return ""
	}
	lo, hi, inRegs := c.s.ReturnValueRegisters(rt)
	if !inRegs {
		// In memory (a buffer the caller passed) or in more registers
		// than two: not read rather than read wrong.
		return fmt.Sprintf("Value returned has type: %s. Cannot determine contents", rt.String())
	}
	n := cexpr.Size(rt)
	var b [8]byte
	v0, ok0 := f.Register(lo)
	v1, ok1 := f.Register(hi)
	if !ok0 || (n > 4 && !ok1) {
		return ""
	}
	binary.LittleEndian.PutUint32(b[:4], v0)
	binary.LittleEndian.PutUint32(b[4:], v1)
	val := cexpr.Value{Type: rt, Bytes: b[:n]}
	return fmt.Sprintf("Value returned: %s", c.s.Symbols().Format(val, f.Env(), symbols.FormatOptions{}))
}
