package symbols

import (
	"debug/dwarf"
	"errors"
)

// exprContext builds the DWARF expression context of the frame.
func (f *Frame) exprContext() *exprContext {
	return &exprContext{
		reg: f.Register,
		mem: f.target.ReadMemory,
		cfa: func() (uint32, bool) {
			return f.CFA, f.CFA != 0
		},
		frameBase: f.frameBase,
		entry:     f.entryValue,
	}
}

// frameBase evaluates the physical function's DW_AT_frame_base.
func (f *Frame) frameBase() (uint32, error) {
	if f.Function == nil || !f.Function.HasDebugInfo() {
		return 0, errors.New("no frame base outside debug info")
	}
	root, err := f.table.tree(f.Function.Offset)
	if err != nil {
		return 0, err
	}
	expr, ok := root.Val(dwarf.AttrFrameBase).([]byte)
	if !ok {
		return 0, errors.New("function has no DW_AT_frame_base expression")
	}
	ctx := f.exprContext()
	ctx.frameBase = nil
	ps, err := evalLocation(expr, ctx)
	if err != nil {
		return 0, err
	}
	switch p := ps[0]; p.kind {
	case pieceMem:
		return p.addr, nil
	case pieceReg:
		if v, ok := f.Register(p.reg); ok {
			return v, nil
		}
	case pieceValue:
		return uint32(p.val), nil
	}
	return 0, errOptimizedOut
}

// entryValue resolves DW_OP_entry_value(DW_OP_regN): from the EntryValue
// hook, from the caller's call-site parameter values, from the registers
// themselves while the frame is still at its function's first instruction,
// or else optimized out (quirk 5 in DWARF-QUIRKS.md).
func (f *Frame) entryValue(sub []byte) (uint32, error) {
	if len(sub) != 1 || sub[0] < opReg0 || sub[0] > opReg31 {
		return 0, errOptimizedOut
	}
	reg := int(sub[0] - opReg0)
	if f.EntryValue != nil {
		if v, ok := f.EntryValue(reg); ok {
			return v, nil
		}
	}
	if v, ok := f.callSiteValue(sub); ok {
		return v, nil
	}
	if f.Index == 0 && !f.Inlined && f.Function != nil && f.PC == f.Function.Low {
		if v, ok := f.Register(reg); ok {
			return v, nil
		}
	}
	return 0, errOptimizedOut
}
