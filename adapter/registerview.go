package adapter

import (
	"fmt"
	"math"
	"strconv"

	"github.com/rewind-debugger/rewind/debugger"
	"github.com/rewind-debugger/rewind/symbols"
)

// registerView formats one register row: hex, plus the signed value of a
// general-purpose register that holds no address (unless hex display is
// asked for), the decoded fields of a flags register ("[ C T ISR=15
// (SysTick) ]") and the number a floating-point register holds.
func registerView(r debugger.Register, opts symbols.FormatOptions) symbols.View {
	typ := "uint32_t"
	v := fmt.Sprintf("0x%08x", r.Value)
	switch {
	case r.Info.Float && r.Info.Bits == 64:
		raw := uint64(r.High)<<32 | uint64(r.Value)
		typ = "double"
		v = fmt.Sprintf("%s (0x%016x)", strconv.FormatFloat(math.Float64frombits(raw), 'g', -1, 64), raw)
	case r.Info.Float:
		typ = "float"
		v = fmt.Sprintf("%s (0x%08x)", strconv.FormatFloat(float64(math.Float32frombits(r.Value)), 'g', -1, 32), r.Value)
	case len(r.Fields) > 0:
		v += " " + r.Summary()
	case !opts.Hex && r.Info.Group == debugger.GroupCore && !r.Info.Code && !r.Info.Data:
		v = fmt.Sprintf("0x%08x (%d)", r.Value, int32(r.Value))
	}
	return symbols.View{Name: r.Name, Value: v, Type: typ}
}
