package symbols

import (
	"errors"
	"fmt"
	"strings"

	"github.com/rewind-debugger/rewind/symbols/disasm"
	"github.com/rewind-debugger/rewind/symbols/disasm/thumb"
)

// thumbISA is Thumb/Thumb-2 (ARMv6-M to ARMv7E-M with the FPU) through
// symbols/disasm/thumb. It keeps no IT state between calls: an
// instruction inside an IT block decoded on its own is shown without the
// block's condition.
type thumbISA struct{}

// Decode decodes one Thumb instruction.
func (thumbISA) Decode(code []byte, addr uint32, sym disasm.Symbolizer) (disasm.Inst, error) {
	in, _, err := thumb.Decode(code, addr, thumb.ITState(0), thumb.Symbolizer(sym))
	if errors.Is(err, thumb.ErrShort) {
		return disasm.Inst{Addr: addr}, disasm.ErrShort
	}
	out := disasm.Inst{Addr: addr, Len: in.Len, Raw: in.Raw, Text: strings.TrimRight(in.Text, "\n"),
		Target: in.Target, HasTarget: in.HasTarget}
	if in.Undefined {
		return out, fmt.Errorf("0x%08x: undefined Thumb encoding: %w", addr, disasm.ErrUnknown)
	}
	return out, err
}

// Flow classifies BL/BLX as calls, the returns (bx lr, pop {..., pc}, ...),
// other writes of pc as branches (conditional or not: Thumb's b<cond>,
// cbz and tbb cannot be told from b by flags alone), svc and udf as traps.
func (t thumbISA) Flow(code []byte, addr uint32) (Flow, error) {
	in, _, err := thumb.Decode(code, addr, thumb.ITState(0), nil)
	if err != nil {
		return Flow{}, fmt.Errorf("0x%08x: %w", addr, disasm.ErrShort)
	}
	f := Flow{Len: in.Len, Target: in.Target, HasTarget: in.HasTarget}
	switch {
	case in.Undefined:
		return f, fmt.Errorf("0x%08x: undefined Thumb encoding: %w", addr, disasm.ErrUnknown)
	case in.Call:
		f.Kind = FlowCall
	case in.Return:
		f.Kind = FlowReturn
	case in.Branch && (strings.HasPrefix(in.Text, "b\t") || strings.HasPrefix(in.Text, "b.n\t") || strings.HasPrefix(in.Text, "b.w\t")):
		f.Kind = FlowJump
	case in.Branch:
		f.Kind = FlowBranch
	case strings.HasPrefix(in.Text, "svc") || strings.HasPrefix(in.Text, "udf") || strings.HasPrefix(in.Text, "bkpt"):
		f.Kind = FlowTrap
	}
	return f, nil
}
