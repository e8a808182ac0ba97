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
// architecture's return-value registers (a0 and a1, r0 and r1) right after "finish" returned from it; "" when it returns nothing or the
// type is unknown.
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
	n := cexpr.Size(rt)
	if _, void := rt.(*godwarf.VoidType); void || n <= 0 || n > 8 {
		return ""
	}
	var b [8]byte
	_, float := cexpr.Resolve(rt).(*godwarf.FloatType) // float32_t, const float: still s0
	lo, hi := c.s.ReturnValueRegisters(float)
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
