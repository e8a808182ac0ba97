package symbols

import (
	"debug/dwarf"
	"errors"
	"fmt"
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
		baseType:  f.baseType,
	}
}

// baseType reads the base type DIE at a unit-relative offset of the
// frame's unit (the typed-stack operand of DW_OP_convert and friends).
func (f *Frame) baseType(unitOff uint64) (valType, error) {
	if f.Function == nil || f.Function.unit == nil {
		return valType{}, errors.New("typed DWARF operation outside a unit")
	}
	cu := f.Function.unit
	hdr := dwarf.Offset(11)
	if cu.version >= 5 {
		hdr = 12
	}
	e := f.table.entryAt(cu.off - hdr + dwarf.Offset(unitOff))
	if e == nil || e.Tag != dwarf.TagBaseType {
		return valType{}, fmt.Errorf("no base type at unit offset 0x%x", unitOff)
	}
	enc, _ := e.Val(dwarf.AttrEncoding).(int64)
	size, _ := e.Val(dwarf.AttrByteSize).(int64)
	if size < 0 || size > 8 {
		return valType{}, fmt.Errorf("base type of %d bytes in a DWARF expression", size)
	}
	return valType{enc: enc, size: int(size)}, nil
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
